import { blockCreateSchema, msg } from '@mutirao/core';
import { eq, type SQL } from 'drizzle-orm';
import { type Block, blocks } from '../db/schema';
import type { BlocksInsertInput } from '../graphql/args.generated';
import type { GraphQLContext } from '../graphql/context';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn, type Exp } from '../graphql/read';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import { findMobilizationFor } from '../mobilizations/service';
import { blocksOfWorkablePages } from '../pages/access';
import { blockSetSchema, deleteBlocksWhere, updateBlocksMany } from './batch';
import { guardPositions } from './positions';
import { createBlockIn } from './service';

const FULL_WIDTH = [{ sm_size: 12, md_size: 12, lg_size: 12 }];

/** The nested `widgets: {data: [...]}` becomes the REST body's `widgets_attributes`. */
function createInput(object: BlocksInsertInput) {
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

const table = (gctx: GraphQLContext) => gctx.surface.table('blocks');
const where = (gctx: GraphQLContext, exp: Exp | null | undefined) => gctx.surface.boolExp(table(gctx), exp, gctx);

/** Rows a write touched, read again so that a soft-deleted block shows its `deleted_at`. */
const reread = (gctx: GraphQLContext, rows: Block[]) =>
  gctx.surface.byIds(
    table(gctx),
    gctx,
    rows.map((b) => b.id),
    undefined,
  );
const response = async (gctx: GraphQLContext, rows: Block[]) => ({
  affected_rows: rows.length,
  returning: await reread(gctx, rows),
});

async function insertBlocks(gctx: GraphQLContext, objects: BlocksInsertInput[]) {
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
  return response(gctx, rows);
}

/**
 * One `_set` of an update: `deleted_at` removes the blocks as `delete_blocks` does (the original admin removes a
 * block with `update_blocks_by_pk(_set: {deleted_at: "now()"})`); anything else is the REST update's fields.
 */
async function updateBlocks(gctx: GraphQLContext, updates: { where: SQL | undefined; set: Exp }[]) {
  const actor = actorIn(gctx);
  const results: Block[][] = [];
  const plain: { index: number; where: SQL | undefined; set: ReturnType<typeof blockSetSchema.parse> }[] = [];
  for (const [index, u] of updates.entries()) {
    const { deleted_at: deletedAt, ...set } = u.set;
    if (deletedAt !== undefined && deletedAt !== null)
      results[index] = await deleteBlocksWhere(gctx.app.db, actor, u.where);
    else plain.push({ index, where: u.where, set: parseInput(blockSetSchema, set, 'unprocessable') });
  }
  const changed = plain.length ? await updateBlocksMany(gctx.app.db, actor, plain) : [];
  for (const [i, p] of plain.entries()) results[p.index] = changed[i] ?? [];
  return results;
}

/** Blocks and their widgets on the Hasura-style API, with the REST routes' rules on positions (spec 01 §6). */
export const blockGraphQL: GraphQLModule = {
  tables: { blocks: { select: blocksOfWorkablePages, live: true } },
  resolvers: {
    insert_blocks_one: ({ object }, gctx) =>
      domainErrors(gctx.locale, async () => (await insertBlocks(gctx, [object])).returning[0] ?? null, true),
    insert_blocks: ({ objects }, gctx) => domainErrors(gctx.locale, () => insertBlocks(gctx, objects), true),
    update_blocks_by_pk: ({ pk_columns, _set }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => {
          const [rows] = await updateBlocks(gctx, [{ where: eq(blocks.id, pk_columns.id), set: _set ?? {} }]);
          return (await reread(gctx, rows ?? []))[0] ?? null;
        },
        true,
      ),
    update_blocks: ({ where: exp, _set }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => response(gctx, (await updateBlocks(gctx, [{ where: where(gctx, exp), set: _set ?? {} }]))[0] ?? []),
        true,
      ),
    update_blocks_many: ({ updates }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => {
          const results = await updateBlocks(
            gctx,
            updates.map((u) => ({ where: where(gctx, u.where), set: u._set ?? {} })),
          );
          return Promise.all(results.map((rows) => response(gctx, rows)));
        },
        true,
      ),
    delete_blocks_by_pk: ({ id }, gctx) =>
      domainErrors(
        gctx.locale,
        async () =>
          (await reread(gctx, await deleteBlocksWhere(gctx.app.db, actorIn(gctx), eq(blocks.id, id))))[0] ?? null,
        true,
      ),
    delete_blocks: ({ where: exp }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => response(gctx, await deleteBlocksWhere(gctx.app.db, actorIn(gctx), where(gctx, exp))),
        true,
      ),
  },
};
