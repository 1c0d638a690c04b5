import { type Actor, type BlockPositionsData, msg } from '@mutirao/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { blocks } from '../db/schema';
import { AppError } from '../http/errors';
import { findMobilizationFor } from '../mobilizations/service';
import { liveBlocks } from '../pages/content';
import { presentBlock } from './presenter';

/**
 * Block positions: every write to a page's blocks takes the page's row lock first, so concurrent creations and
 * reorders queue up instead of reading the same positions and leaving duplicates.
 */
export async function lockPage(tx: Tx, mobilizationId: number) {
  await tx.execute(sql`select id from mobilizations where id = ${mobilizationId} for update`);
}

/** Several pages' locks, always taken in id order, so two writers can never wait on each other in a cycle. */
export async function lockPages(tx: Tx, mobilizationIds: Iterable<number>) {
  for (const id of [...new Set(mobilizationIds)].sort((a, b) => a - b)) await lockPage(tx, id);
}

export const positionInvalid = () => new AppError('unprocessable', { blocks: [msg('blocksApi.positionInvalid')] });

/**
 * The database has the last word on positions (the deferred constraint `blocks_position_unique`, checked at commit):
 * a clash it finds is refused like any invalid move, never a 500. The page locks should make it unreachable.
 */
export async function guardPositions<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isExclusionViolation(error, 'blocks_position_unique')) throw positionInvalid();
    throw error;
  }
}

/**
 * New positions for some of a page's blocks, such as the two of a swap, in one transaction under the page lock.
 * The result must leave every block with its own position, and a move may not take the first block up or the
 * last one down.
 */
export async function moveBlocks(db: Db, actor: Actor, input: BlockPositionsData) {
  await findMobilizationFor(db, actor, input.mobilization_id);
  return guardPositions(() =>
    db.transaction(async (tx) => {
      await lockPage(tx, input.mobilization_id);
      const current = await tx.select().from(blocks).where(liveBlocks(input.mobilization_id));
      const byId = new Map(current.map((b) => [b.id, b]));
      if (input.blocks.some((b) => !byId.has(b.id))) {
        throw new AppError('unprocessable', { blocks: [msg('blocksApi.positionsForeign')] });
      }
      // Positions stay within the page: the first block cannot go above 1, the last cannot go below the end.
      const lastPosition = Math.max(0, ...current.map((b) => b.position));
      if (input.blocks.some((b) => b.position < 1)) {
        throw new AppError('unprocessable', { blocks: [msg('blocksApi.firstCannotMoveUp')] });
      }
      if (input.blocks.some((b) => b.position > lastPosition)) {
        throw new AppError('unprocessable', { blocks: [msg('blocksApi.lastCannotMoveDown')] });
      }
      const next = new Map(current.map((b) => [b.id, b.position]));
      for (const b of input.blocks) next.set(b.id, b.position);
      if (new Set(next.values()).size !== next.size) throw positionInvalid();
      const now = new Date();
      for (const b of input.blocks) {
        if (byId.get(b.id)?.position === b.position) continue;
        await tx.update(blocks).set({ position: b.position, updatedAt: now }).where(eq(blocks.id, b.id));
      }
      const rows = await tx
        .select()
        .from(blocks)
        .where(liveBlocks(input.mobilization_id))
        .orderBy(asc(blocks.position));
      return rows.map((b) => presentBlock(b));
    }),
  );
}

/** Soft-deletes some blocks of a locked page and closes the gaps they leave, so positions stay 1..n. */
export async function softDeleteBlocks(tx: Tx, mobilizationId: number, ids: number[]) {
  const now = new Date();
  await tx
    .update(blocks)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(blocks.id, ids), liveBlocks(mobilizationId)));
  const rest = await tx
    .select({ id: blocks.id, position: blocks.position })
    .from(blocks)
    .where(liveBlocks(mobilizationId))
    .orderBy(asc(blocks.position), asc(blocks.id));
  for (const [index, b] of rest.entries()) {
    if (b.position !== index + 1)
      await tx
        .update(blocks)
        .set({ position: index + 1 })
        .where(eq(blocks.id, b.id));
  }
}
