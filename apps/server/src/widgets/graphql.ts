import { widgetUpdateSchema } from '@mutirao/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { blocks, widgets } from '../db/schema';
import { type GraphQLContext, loaderOf } from '../graphql/context';
import { columnValue } from '../graphql/hasura';
import type { GraphQLModule, GraphQLNode, RowFilter } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import { blocksOfWorkablePages } from '../pages/access';
import { actionCounts } from './counters';
import { serverKind } from './kinds';
import { pressureTargetsField } from './pressure/bondeTargets';
import { updateWidget } from './service';

/** Widgets in live blocks of pages the actor works on. */
const workableWidgets: RowFilter = (actor) =>
  sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} where ${and(isNull(blocks.deletedAt), blocksOfWorkablePages(actor))})`;

/**
 * Widgets the actor may change: those of removed blocks too, since the original admin removes a block first and
 * its widgets in a second request.
 */
const changeableWidgets: RowFilter = (actor) =>
  sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} where ${blocksOfWorkablePages(actor)})`;

const countOf = (node: GraphQLNode, gctx: GraphQLContext) =>
  loaderOf(gctx, 'widgets.count', (ids) => actionCounts(gctx.app.db, [...ids]))
    .load(node.id as number)
    .then((n) => n ?? 0);

/**
 * One widget's `_set`: `deleted_at` removes it (the original admin clears a removed block's widgets that way);
 * anything else goes through the REST update, so settings are checked against the kind's schemas.
 */
async function applySet(gctx: GraphQLContext, id: number, set: Record<string, unknown>) {
  const { deleted_at: deletedAt, ...rest } = set;
  if (deletedAt !== undefined) {
    await gctx.app.db
      .update(widgets)
      .set({ deletedAt: columnValue(widgets.deletedAt, deletedAt) as Date | null, updatedAt: new Date() })
      .where(eq(widgets.id, id));
    if (!Object.keys(rest).length) return;
  }
  const [row] = await gctx.app.db
    .select({ page: blocks.mobilizationId })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(eq(widgets.id, id));
  if (!row) throw notFound();
  const input = parseInput(widgetUpdateSchema, rest, 'unprocessable');
  await updateWidget(gctx.app.db, actorIn(gctx), row.page, id, input);
}

/** Widgets on the Hasura-style API: reads with their action counts, updates by the REST rules (spec 01 §7). */
export const widgetGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    type activist_actions_aggregate { aggregate: activist_actions_aggregate_fields }
    type activist_actions_aggregate_fields { count: Int! }
  `,
  tables: {
    widgets: {
      select: workableWidgets,
      live: true,
      update: { filter: changeableWidgets, apply: applySet },
      fields: {
        count: {
          sdl: '"Actions taken on the widget, whatever its kind."\n    count: Int!',
          resolve: (n, _a, g) => countOf(n, g),
        },
        activist_actions_aggregate: {
          sdl: '"The original\'s count of actions on the widget (its activist_actions view)."\n    activist_actions_aggregate: activist_actions_aggregate!',
          resolve: (n, _a, g) => ({ aggregate: { count: () => countOf(n, g) } }),
        },
        form_entries_count: {
          sdl: '"Form entries, for a form widget; 0 for other kinds."\n    form_entries_count: Int!',
          resolve: async (n, _a, g) => (serverKind(n.kind as never).counts === 'form_entries' ? countOf(n, g) : 0),
        },
        pressure_targets: pressureTargetsField,
      },
    },
  },
};
