import { type Actor, type BlockUpdateData, blockUpdateSchema, msg } from '@mutirao/core';
import { and, count, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { workableCommunityFilter } from '../communities/access';
import type { Db, Tx } from '../db/client';
import { type Block, blocks, mobilizations } from '../db/schema';
import { guardPositions, lockPages, positionInvalid, softDeleteBlocks } from './positions';

/*
 * Writes to sets of blocks chosen by a condition, for the Hasura-style GraphQL operations (`update_blocks`,
 * `update_blocks_many`, `delete_blocks`). They keep the rules of the REST routes: only pages the actor works on are
 * touched (other rows are simply not matched), every page involved is locked first, and positions stay distinct.
 */

/** `_set` of `update_blocks*`: the REST update's fields, plus `position` for reorders. */
export const blockSetSchema = blockUpdateSchema.extend({
  position: z
    .number({ error: msg('blocksApi.positionInvalid') })
    .int(msg('blocksApi.positionInvalid'))
    .min(1, msg('blocksApi.positionInvalid'))
    .optional(),
});
export type BlockSetData = BlockUpdateData & { position?: number };

/** Live blocks of the pages the actor works on (every page, for a platform admin). */
export function visibleBlocks(actor: Actor): SQL | undefined {
  const pages = sql`select ${mobilizations.id} from ${mobilizations} where ${and(
    isNull(mobilizations.deletedAt),
    workableCommunityFilter(actor, mobilizations.communityId),
  )}`;
  return and(isNull(blocks.deletedAt), sql`${blocks.mobilizationId} in (${pages})`);
}

function columnsOf(set: BlockSetData) {
  return {
    ...(set.name !== undefined && { name: set.name }),
    ...(set.bg_class !== undefined && { bgClass: set.bg_class }),
    ...(set.bg_image !== undefined && { bgImage: set.bg_image }),
    ...(set.hidden !== undefined && { hidden: set.hidden }),
    ...(set.menu_hidden !== undefined && { menuHidden: set.menu_hidden }),
    ...(set.position !== undefined && { position: set.position }),
  };
}

/** Locks every page with a block matching one of the conditions; returns their ids. */
async function lockMatchedPages(tx: Tx, actor: Actor, conditions: (SQL | undefined)[]) {
  const matched = conditions.map((c) => c ?? sql`true`);
  const rows = await tx
    .selectDistinct({ id: blocks.mobilizationId })
    .from(blocks)
    .where(and(visibleBlocks(actor), or(...matched)));
  const ids = rows.map((r) => r.id);
  await lockPages(tx, ids);
  return ids;
}

/** Refuses the transaction if a page ended with two live blocks on one position. */
async function assertDistinctPositions(tx: Tx, pageIds: number[]) {
  if (!pageIds.length) return;
  const [clash] = await tx
    .select({ n: count() })
    .from(blocks)
    .where(and(inArray(blocks.mobilizationId, pageIds), isNull(blocks.deletedAt)))
    .groupBy(blocks.mobilizationId, blocks.position)
    .having(sql`count(*) > 1`)
    .limit(1);
  if (clash) throw positionInvalid();
}

/**
 * `update_blocks_many`: each update in turn, in one transaction, so a reorder sent as several updates is all or
 * nothing. Returns the rows each update changed.
 */
export async function updateBlocksMany(
  db: Db,
  actor: Actor,
  updates: { where: SQL | undefined; set: BlockSetData }[],
): Promise<Block[][]> {
  return guardPositions(() =>
    db.transaction(async (tx) => {
      const pages = await lockMatchedPages(
        tx,
        actor,
        updates.map((u) => u.where),
      );
      const results: Block[][] = [];
      for (const { where, set } of updates) {
        const values = columnsOf(set);
        if (!Object.keys(values).length) {
          results.push(
            await tx
              .select()
              .from(blocks)
              .where(and(visibleBlocks(actor), where)),
          );
          continue;
        }
        results.push(
          await tx
            .update(blocks)
            .set({ ...values, updatedAt: new Date() })
            .where(and(visibleBlocks(actor), inArray(blocks.mobilizationId, pages.length ? pages : [0]), where))
            .returning(),
        );
      }
      if (updates.some((u) => u.set.position !== undefined)) await assertDistinctPositions(tx, pages);
      return results;
    }),
  );
}

/** `delete_blocks`: soft delete, and each page's remaining blocks close the gaps (positions stay 1..n). */
export async function deleteBlocksWhere(db: Db, actor: Actor, where: SQL | undefined): Promise<Block[]> {
  return guardPositions(() =>
    db.transaction(async (tx) => {
      await lockMatchedPages(tx, actor, [where]);
      const doomed = await tx
        .select()
        .from(blocks)
        .where(and(visibleBlocks(actor), where));
      const byPage = new Map<number, number[]>();
      for (const b of doomed) byPage.set(b.mobilizationId, [...(byPage.get(b.mobilizationId) ?? []), b.id]);
      for (const [page, ids] of byPage) await softDeleteBlocks(tx, page, ids);
      return doomed;
    }),
  );
}
