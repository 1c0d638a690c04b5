import { subthemes } from '../db/schema';
import type { GraphQLContext, ListArgs } from '../graphql/context';
import { pageOf } from '../graphql/context';
import { boolExpToSql, type ColumnMap } from '../graphql/hasura';
import { listSubthemes, listThemes, presentSubtheme, presentTheme } from './service';

const subthemeColumns: ColumnMap = { id: subthemes.id, label: subthemes.label, theme_id: subthemes.themeId };

/** Labels sort as a Brazilian reader expects ('Áreas' among the A's), on either engine's collation. */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Hasura `order_by` over a short reference list, applied in memory with the pt-BR collation. */
function sortBy<T extends Record<string, unknown>>(rows: T[], orderBy: unknown): T[] {
  const entries = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) as Record<string, string>[];
  const keys = entries.flatMap((e) => Object.entries(e));
  return [...rows].sort((a, b) => {
    for (const [key, direction] of keys) {
      const x = a[key];
      const y = b[key];
      const order = typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : Number(x) - Number(y);
      if (order) return direction.startsWith('desc') ? -order : order;
    }
    return Number(a.id) - Number(b.id);
  });
}

/** Themes are reference data: every signed-in user sees them all. */
export const themeResolvers = {
  subthemes: async (args: ListArgs, gctx: GraphQLContext) => {
    const rows = await listSubthemes(gctx.app.db, { where: boolExpToSql(args.where, subthemeColumns) });
    const { limit, offset } = pageOf(args);
    return sortBy(rows.map(presentSubtheme), args.order_by ?? { label: 'asc' }).slice(offset, offset + limit);
  },
  themes: async (args: { order_by?: unknown }, gctx: GraphQLContext) =>
    sortBy((await listThemes(gctx.app.db)).map(presentTheme), args.order_by ?? { label: 'asc' }),
};
