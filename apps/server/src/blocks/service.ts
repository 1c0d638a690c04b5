import type { Actor, BlockCreateData, BlockFilter, BlockUpdateData, WidgetKind } from '@mutirao/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { blocks, widgets } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { findMobilizationFor } from '../mobilizations/service';
import { groupByBlock, lastPosition, liveWidgetsOf, loadPageContent } from '../pages/content';
import { actionCounts } from '../widgets/counters';
import { normalizeWidgetSettings } from '../widgets/settings';
import { guardPositions, lockPage, softDeleteBlocks } from './positions';
import { presentBlock } from './presenter';

/** The page's blocks in order, each with its widgets (column order), optionally only hidden or shown ones. */
export async function listBlocks(db: Db, actor: Actor, mobilizationId: number, filter: BlockFilter = {}) {
  await findMobilizationFor(db, actor, mobilizationId);
  const page = await loadPageContent(db, mobilizationId, filter);
  const byBlock = groupByBlock(page.widgets);
  const counts = await actionCounts(
    db,
    page.widgets.map((w) => w.id),
  );
  return page.blocks.map((b) => presentBlock(b, byBlock.get(b.id) ?? [], counts));
}

/** A new block after the last one, with one widget per column; a copy brings its widgets' kinds and settings. */
export async function createBlock(db: Db, actor: Actor, mobilizationId: number, input: BlockCreateData) {
  await findMobilizationFor(db, actor, mobilizationId);
  return guardPositions(() => createBlockIn(db, mobilizationId, input));
}

/** The insert itself, under the page lock; the caller has checked the actor may work on the page. */
export function createBlockIn(db: Db, mobilizationId: number, input: BlockCreateData) {
  return db.transaction(async (tx) => {
    await lockPage(tx, mobilizationId);
    const [block] = await tx
      .insert(blocks)
      .values({
        mobilizationId,
        position: (await lastPosition(tx, mobilizationId)) + 1,
        name: input.name,
        bgClass: input.bg_class,
        bgImage: input.bg_image,
        hidden: input.hidden ?? false,
        menuHidden: input.menu_hidden ?? false,
      })
      .returning();
    if (!block) throw new Error('block insert returned nothing');
    const created = await tx
      .insert(widgets)
      .values(
        input.widgets_attributes.map((w, index) => ({
          blockId: block.id,
          kind: w.kind ?? 'draft',
          smSize: w.sm_size,
          mdSize: w.md_size,
          lgSize: w.lg_size,
          settings: w.kind && w.kind !== 'draft' ? checkedSettings(w.kind, w.settings ?? {}, index) : {},
        })),
      )
      .returning();
    return presentBlock(
      block,
      created.sort((a, b) => a.id - b.id),
    );
  });
}

/**
 * A new block's widget settings pass the same schemas as the settings tabs' saves (a sender with a line break, a
 * colour that breaks out of its CSS, an over-long text are refused here too); errors name the column:
 * `widgets_attributes.{index}.settings.{key}`.
 */
function checkedSettings(kind: WidgetKind, settings: Record<string, unknown>, index: number) {
  try {
    return normalizeWidgetSettings(kind, settings);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const fields = Object.entries(error.fields).map(([key, messages]) => [
      `widgets_attributes.${index}.settings.${key}`,
      messages,
    ]);
    throw new AppError('unprocessable', Object.fromEntries(fields));
  }
}

/** A block and its page, if the actor may work on that page; otherwise the same 404 as a missing block. */
async function findBlockFor(db: Db | Tx, actor: Actor, id: number) {
  const [block] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.id, id), isNull(blocks.deletedAt)))
    .limit(1);
  if (!block) throw notFound();
  await findMobilizationFor(db, actor, block.mobilizationId);
  return block;
}

export async function updateBlock(db: Db, actor: Actor, id: number, input: BlockUpdateData) {
  await findBlockFor(db, actor, id);
  const values = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.bg_class !== undefined && { bgClass: input.bg_class }),
    ...(input.bg_image !== undefined && { bgImage: input.bg_image }),
    ...(input.hidden !== undefined && { hidden: input.hidden }),
    ...(input.menu_hidden !== undefined && { menuHidden: input.menu_hidden }),
    updatedAt: new Date(),
  };
  const [updated] = await db.update(blocks).set(values).where(eq(blocks.id, id)).returning();
  if (!updated) throw notFound();
  const blockWidgets = await liveWidgetsOf(db, [id]);
  return presentBlock(
    updated,
    blockWidgets,
    await actionCounts(
      db,
      blockWidgets.map((w) => w.id),
    ),
  );
}

/** Soft delete, and the blocks below close the gap, so positions stay 1..n. */
export async function deleteBlock(db: Db, actor: Actor, id: number) {
  const block = await findBlockFor(db, actor, id);
  await guardPositions(() =>
    db.transaction(async (tx) => {
      await lockPage(tx, block.mobilizationId);
      await softDeleteBlocks(tx, block.mobilizationId, [id]);
    }),
  );
}
