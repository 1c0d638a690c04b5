import {
  type Actor,
  type BlockCreateData,
  type BlockData,
  type BlockFilter,
  type BlockPositionsData,
  type BlockUpdateData,
  msg,
  type WidgetData,
  type WidgetFilter,
  type WidgetKind,
  type WidgetUpdateData,
} from '@mutirao/core';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { type Block, blocks, type Widget, widgets } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { findMobilizationFor } from '../mobilizations/service';
import { formEntriesCounts } from '../widgets/counters';
import { normalizeWidgetSettings } from '../widgets/settings';

/** `counts` holds form-entry counts by widget id (see `formEntriesCounts`); a widget missing from it has none. */
export function presentWidget(w: Widget, counts?: Map<number, number>): WidgetData {
  return {
    id: w.id,
    block_id: w.blockId,
    kind: w.kind,
    sm_size: w.smSize,
    md_size: w.mdSize,
    lg_size: w.lgSize,
    settings: w.settings,
    goal: w.goal,
    form_entries_count: w.kind === 'form' ? (counts?.get(w.id) ?? 0) : 0,
    exported_at: w.exportedAt?.toISOString() ?? null,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export function presentBlock(b: Block, blockWidgets?: Widget[], counts?: Map<number, number>): BlockData {
  return {
    id: b.id,
    mobilization_id: b.mobilizationId,
    name: b.name,
    position: b.position,
    hidden: b.hidden,
    menu_hidden: b.menuHidden,
    bg_class: b.bgClass,
    bg_image: b.bgImage,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    ...(blockWidgets && { widgets: blockWidgets.map((w) => presentWidget(w, counts)) }),
  };
}

/**
 * Writes to one page's blocks take the page's row lock first, so concurrent creations and reorders queue up
 * instead of reading the same positions and leaving duplicates.
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

const liveBlocks = (mobilizationId: number) => and(eq(blocks.mobilizationId, mobilizationId), isNull(blocks.deletedAt));

/** The page's blocks in order, each with its widgets (column order), optionally only hidden or shown ones. */
export async function listBlocks(db: Db, actor: Actor, mobilizationId: number, filter: BlockFilter = {}) {
  await findMobilizationFor(db, actor, mobilizationId);
  const rows = await db
    .select()
    .from(blocks)
    .where(
      and(
        liveBlocks(mobilizationId),
        filter.hidden === undefined ? undefined : eq(blocks.hidden, filter.hidden),
        filter.menu_hidden === undefined ? undefined : eq(blocks.menuHidden, filter.menu_hidden),
      ),
    )
    .orderBy(asc(blocks.position), asc(blocks.id));
  const byBlock = await widgetsByBlock(
    db,
    rows.map((b) => b.id),
  );
  const counts = await formEntriesCounts(db, formWidgetIds([...byBlock.values()].flat()));
  return rows.map((b) => presentBlock(b, byBlock.get(b.id) ?? [], counts));
}

/** Only form widgets have entries to count. */
export const formWidgetIds = (rows: Widget[]) => rows.filter((w) => w.kind === 'form').map((w) => w.id);

/** The live widgets of some blocks, by block, in column order. */
export async function widgetsByBlock(db: Db | Tx, blockIds: number[]) {
  const map = new Map<number, Widget[]>();
  if (!blockIds.length) return map;
  const rows = await db
    .select()
    .from(widgets)
    .where(and(inArray(widgets.blockId, blockIds), isNull(widgets.deletedAt)))
    .orderBy(asc(widgets.id));
  for (const w of rows) map.set(w.blockId, [...(map.get(w.blockId) ?? []), w]);
  return map;
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
    const [last] = await tx
      .select({ n: max(blocks.position) })
      .from(blocks)
      .where(liveBlocks(mobilizationId));
    const [block] = await tx
      .insert(blocks)
      .values({
        mobilizationId,
        position: Number(last?.n ?? 0) + 1,
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
  const byBlock = await widgetsByBlock(db, [id]);
  const blockWidgets = byBlock.get(id) ?? [];
  return presentBlock(updated, blockWidgets, await formEntriesCounts(db, formWidgetIds(blockWidgets)));
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

/** Soft-deletes some blocks of a locked page and closes the gaps they leave. */
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

/** The page's widgets, for `GET /mobilizations/{id}/widgets`, optionally of one block or one kind. */
export async function listWidgets(db: Db, actor: Actor, mobilizationId: number, filter: WidgetFilter = {}) {
  await findMobilizationFor(db, actor, mobilizationId);
  const rows = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(
      and(
        liveBlocks(mobilizationId),
        isNull(widgets.deletedAt),
        filter.block_id === undefined ? undefined : eq(widgets.blockId, filter.block_id),
        filter.kind === undefined ? undefined : eq(widgets.kind, filter.kind),
      ),
    )
    .orderBy(asc(blocks.position), asc(widgets.id));
  const counts = await formEntriesCounts(db, formWidgetIds(rows.map((r) => r.widget)));
  return rows.map((r) => presentWidget(r.widget, counts));
}

/**
 * Kind and settings of one widget of the page; back to `draft` means an empty slot with no settings. Settings that
 * are sent are checked key by key against their kind's schemas (`normalizeWidgetSettings`); stored ones are kept.
 */
export async function updateWidget(
  db: Db,
  actor: Actor,
  mobilizationId: number,
  id: number,
  input: WidgetUpdateData,
  normalizeSettings: (
    kind: WidgetKind,
    settings: Record<string, unknown>,
  ) => Record<string, unknown> = normalizeWidgetSettings,
) {
  await findMobilizationFor(db, actor, mobilizationId);
  const [row] = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(and(eq(widgets.id, id), isNull(widgets.deletedAt), liveBlocks(mobilizationId)))
    .limit(1);
  if (!row) throw notFound();
  const kind = input.kind ?? row.widget.kind;
  const settings =
    kind === 'draft'
      ? {}
      : input.settings
        ? normalizeSettings(kind, input.settings)
        : input.kind && input.kind !== row.widget.kind
          ? {}
          : row.widget.settings;
  const [updated] = await db
    .update(widgets)
    .set({
      kind,
      settings,
      ...(input.sm_size !== undefined && { smSize: input.sm_size }),
      ...(input.md_size !== undefined && { mdSize: input.md_size }),
      ...(input.lg_size !== undefined && { lgSize: input.lg_size }),
      updatedAt: new Date(),
    })
    .where(eq(widgets.id, id))
    .returning();
  if (!updated) throw notFound();
  return presentWidget(updated, await formEntriesCounts(db, formWidgetIds([updated])));
}
