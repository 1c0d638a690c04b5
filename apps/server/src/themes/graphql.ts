import { type GraphQLContext, pageOf } from '../graphql/context';
import type { GraphQLModule, GraphQLNode } from '../graphql/policy';
import type { ListArgs } from '../graphql/read';

/** Labels sort as a Brazilian reader expects ('Áreas' among the A's), on either engine's collation. */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Hasura `order_by` over a short reference list, applied in memory with the pt-BR collation. */
function sortBy(rows: GraphQLNode[], orderBy: unknown): GraphQLNode[] {
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

/**
 * Themes are reference data: every signed-in user reads them all. The lists are short, so they are read whole and
 * sorted with the pt-BR collation, then paged.
 */
function sortedList(table: string) {
  return async (args: ListArgs, gctx: GraphQLContext) => {
    const t = gctx.surface.table(table);
    const all = await gctx.surface.rows(t, gctx, { where: args.where, limit: 500 });
    const { limit, offset } = pageOf(args);
    return sortBy(all, args.order_by ?? { label: 'asc' }).slice(offset, offset + limit);
  };
}

export const themeGraphQL: GraphQLModule = {
  tables: {
    themes: { select: () => undefined },
    subthemes: { select: () => undefined },
  },
  resolvers: { themes: sortedList('themes'), subthemes: sortedList('subthemes') },
};
