import { blockCreateSchema, msg } from '@mutirao/core';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { actorOf } from '../communities/service';
import { type Block, blocks, type Widget, widgets } from '../db/schema';
import { type GraphQLContext, type ListArgs, loaderOf, pageOf } from '../graphql/context';
import { nullIfNotFound } from '../graphql/errors';
import { boolExpToSql, type ColumnMap, orderByToSql, type RelationMap } from '../graphql/hasura';
import { selectedFields } from '../graphql/selection';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import { findMobilizationFor } from '../mobilizations/service';
import { actionCounts } from '../widgets/counters';
import { presentWidget } from '../widgets/presenter';
import { blockSetSchema, deleteBlocksWhere, updateBlocksMany, visibleBlocks } from './batch';
import { groupByBlock, liveWidgetsOf } from './page';
import { guardPositions } from './positions';
import { presentBlock } from './presenter';
import { createBlockIn } from './service';

const blockColumns: ColumnMap = {
  id: blocks.id,
  mobilization_id: blocks.mobilizationId,
  name: blocks.name,
  position: blocks.position,
  hidden: blocks.hidden,
  menu_hidden: blocks.menuHidden,
  created_at: blocks.createdAt,
  updated_at: blocks.updatedAt,
};
const widgetColumns: ColumnMap = {
  id: widgets.id,
  block_id: widgets.blockId,
  kind: widgets.kind,
  created_at: widgets.createdAt,
  updated_at: widgets.updatedAt,
};
/** `widgets(where: {block: {mobilization_id: {_eq: 1}}})`. */
const widgetRelations: RelationMap = {
  block: (inner) =>
    sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} where ${boolExpToSql(inner, blockColumns) ?? sql`true`})`,
};

const actorIn = (gctx: GraphQLContext) => actorOf(gctx.user);
const blocksWhere = (gctx: GraphQLContext, where: Record<string, unknown> | undefined) =>
  and(visibleBlocks(actorIn(gctx)), boolExpToSql(where, blockColumns));
const widgetsWhere = (gctx: GraphQLContext, where: Record<string, unknown> | undefined) =>
  and(
    isNull(widgets.deletedAt),
    sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} where ${visibleBlocks(actorIn(gctx))})`,
    boolExpToSql(where, widgetColumns, widgetRelations),
  );

/** Widgets present their block lazily, as Hasura's object relation: every widget of a level shares one query. */
function widgetNode(gctx: GraphQLContext, w: Widget, counts: Map<number, number>) {
  return {
    ...presentWidget(w, counts),
    block: (): Promise<unknown> => loaderOf(gctx, 'widget.block', (ids) => blocksById(gctx, ids)).load(w.blockId),
  };
}

/** The visible blocks among `ids`, each with its widgets. */
async function blocksById(gctx: GraphQLContext, ids: readonly number[]): Promise<Map<number, unknown>> {
  const rows = await gctx.app.db
    .select()
    .from(blocks)
    .where(and(visibleBlocks(actorIn(gctx)), inArray(blocks.id, [...ids])));
  const nodes = await blockNodes(gctx, rows);
  return new Map(nodes.map((n) => [n.id, n]));
}

/** Blocks with their widgets, loaded in one query for the whole list when the query asks for them. */
async function blockNodes(gctx: GraphQLContext, rows: Block[], info?: GraphQLResolveInfo) {
  const want = !info || selectedFields(info).has('widgets');
  const byBlock = want
    ? groupByBlock(
        await liveWidgetsOf(
          gctx.app.db,
          rows.map((b) => b.id),
        ),
      )
    : new Map<number, Widget[]>();
  const counts = await actionCounts(
    gctx.app.db,
    [...byBlock.values()].flat().map((w) => w.id),
  );
  return rows.map((b) => ({
    ...presentBlock(b),
    widgets: (byBlock.get(b.id) ?? []).map((w) => widgetNode(gctx, w, counts)),
  }));
}

async function queryBlocks(gctx: GraphQLContext, args: ListArgs, info?: GraphQLResolveInfo) {
  const { limit, offset } = pageOf(args);
  const rows = await gctx.app.db
    .select()
    .from(blocks)
    .where(blocksWhere(gctx, args.where))
    .orderBy(...orderByToSql(args.order_by, blockColumns), blocks.mobilizationId, blocks.position, blocks.id)
    .limit(limit)
    .offset(offset);
  return blockNodes(gctx, rows, info);
}

async function queryWidgets(gctx: GraphQLContext, args: ListArgs) {
  const { limit, offset } = pageOf(args);
  const rows = await gctx.app.db
    .select()
    .from(widgets)
    .where(widgetsWhere(gctx, args.where))
    .orderBy(...orderByToSql(args.order_by, widgetColumns), widgets.id)
    .limit(limit)
    .offset(offset);
  const counts = await actionCounts(
    gctx.app.db,
    rows.map((w) => w.id),
  );
  return rows.map((w) => widgetNode(gctx, w, counts));
}

type InsertObject = Record<string, unknown> & { mobilization_id?: unknown; widgets?: { data?: unknown[] } };
type BlockUpdates = { where: Record<string, unknown>; _set?: Record<string, unknown> };

const FULL_WIDTH = [{ sm_size: 12, md_size: 12, lg_size: 12 }];

/** The nested `widgets: {data: [...]}` becomes the REST body's `widgets_attributes`. */
function createInput(object: InsertObject) {
  const { mobilization_id: page, widgets: columns, ...rest } = object;
  if (typeof page !== 'number' || !Number.isInteger(page) || page <= 0)
    throw new AppError('unprocessable', { mobilization_id: [msg('blocksApi.mobilizationRequired')] });
  const input = parseInput(
    blockCreateSchema,
    { ...rest, widgets_attributes: columns?.data ?? FULL_WIDTH },
    'unprocessable',
  );
  return { page, input };
}

async function insertBlocks(gctx: GraphQLContext, objects: InsertObject[], info?: GraphQLResolveInfo) {
  const inputs = objects.map(createInput);
  const { db } = gctx.app;
  const rows = await guardPositions(() =>
    db.transaction(async (tx) => {
      const created: Block[] = [];
      for (const { page, input } of inputs) {
        await findMobilizationFor(tx, actorIn(gctx), page);
        const block = await createBlockIn(tx, page, input);
        const [row] = await tx.select().from(blocks).where(eq(blocks.id, block.id));
        if (row) created.push(row);
      }
      return created;
    }),
  );
  return { affected_rows: rows.length, returning: await blockNodes(gctx, rows, info) };
}

const response = async (gctx: GraphQLContext, rows: Block[]) => ({
  affected_rows: rows.length,
  returning: await blockNodes(gctx, rows),
});

function updatesOf(list: BlockUpdates[]): { where: SQL | undefined; set: ReturnType<typeof blockSetSchema.parse> }[] {
  return list.map((u) => ({
    where: boolExpToSql(u.where, blockColumns),
    set: parseInput(blockSetSchema, u._set ?? {}, 'unprocessable'),
  }));
}

export const blockResolvers = {
  blocks: (args: ListArgs, gctx: GraphQLContext, info: GraphQLResolveInfo) => queryBlocks(gctx, args, info),
  blocks_by_pk: async ({ id }: { id: number }, gctx: GraphQLContext, info: GraphQLResolveInfo) =>
    (await queryBlocks(gctx, { where: { id: { _eq: id } }, limit: 1 }, info))[0] ?? null,
  blocks_aggregate: async ({ where }: { where?: Record<string, unknown> }, gctx: GraphQLContext) => {
    const [row] = await gctx.app.db.select({ n: count() }).from(blocks).where(blocksWhere(gctx, where));
    return { aggregate: { count: Number(row?.n ?? 0) } };
  },
  widgets: (args: ListArgs, gctx: GraphQLContext) => queryWidgets(gctx, args),
  widgets_by_pk: async ({ id }: { id: number }, gctx: GraphQLContext) =>
    (await queryWidgets(gctx, { where: { id: { _eq: id } }, limit: 1 }))[0] ?? null,

  insert_blocks_one: ({ object }: { object: InsertObject }, gctx: GraphQLContext, info: GraphQLResolveInfo) =>
    nullIfNotFound(gctx.locale, async () => (await insertBlocks(gctx, [object], info)).returning[0] ?? null),
  insert_blocks: ({ objects }: { objects: InsertObject[] }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, () => insertBlocks(gctx, objects)),

  update_blocks_by_pk: (
    { pk_columns, _set }: { pk_columns: { id: number }; _set?: Record<string, unknown> },
    gctx: GraphQLContext,
  ) =>
    nullIfNotFound(gctx.locale, async () => {
      const [changed] = await updateBlocksMany(gctx.app.db, actorIn(gctx), [
        { where: eq(blocks.id, pk_columns.id), set: parseInput(blockSetSchema, _set ?? {}, 'unprocessable') },
      ]);
      const [row] = changed ?? [];
      return row ? (await blockNodes(gctx, [row]))[0] : null;
    }),
  update_blocks: ({ where, _set }: BlockUpdates, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () => {
      const [changed] = await updateBlocksMany(gctx.app.db, actorIn(gctx), updatesOf([{ where, _set }]));
      return response(gctx, changed ?? []);
    }),
  update_blocks_many: ({ updates }: { updates: BlockUpdates[] }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () => {
      const results = await updateBlocksMany(gctx.app.db, actorIn(gctx), updatesOf(updates));
      return Promise.all(results.map((rows) => response(gctx, rows)));
    }),

  delete_blocks_by_pk: ({ id }: { id: number }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () => {
      const [row] = await deleteBlocksWhere(gctx.app.db, actorIn(gctx), eq(blocks.id, id));
      return row ? (await blockNodes(gctx, [row]))[0] : null;
    }),
  delete_blocks: ({ where }: { where: Record<string, unknown> }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () =>
      response(gctx, await deleteBlocksWhere(gctx.app.db, actorIn(gctx), boolExpToSql(where, blockColumns))),
    ),
};
