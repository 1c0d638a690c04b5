import type { BlockFilter } from '@mutirao/core';
import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type Block, blocks, type Widget, widgets } from '../db/schema';

/**
 * The page repository: the one home of "a page's live blocks with their widgets", read by the admin API, GraphQL,
 * the public page and the template copy alike. Live means not soft-deleted; blocks come in page order, widgets in
 * column order.
 */
export interface PageContent {
  blocks: Block[];
  /** The live widgets of `blocks`, in column (id) order. */
  widgets: Widget[];
}

/** The live blocks of one page (no soft-deleted ones). */
export const liveBlocks = (mobilizationId: number) =>
  and(eq(blocks.mobilizationId, mobilizationId), isNull(blocks.deletedAt));

/** A page's live blocks in order with their widgets, optionally only hidden or shown ones (two queries). */
export async function loadPageContent(
  db: Db | Tx,
  mobilizationId: number,
  filter: BlockFilter = {},
): Promise<PageContent> {
  const blockRows = await db
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
  return {
    blocks: blockRows,
    widgets: await liveWidgetsOf(
      db,
      blockRows.map((b) => b.id),
    ),
  };
}

/** The live widgets of some blocks, in column (id) order. */
export async function liveWidgetsOf(db: Db | Tx, blockIds: number[]): Promise<Widget[]> {
  if (!blockIds.length) return [];
  return db
    .select()
    .from(widgets)
    .where(and(inArray(widgets.blockId, blockIds), isNull(widgets.deletedAt)))
    .orderBy(asc(widgets.id));
}

/** Widgets grouped by their block, keeping their order. */
export function groupByBlock(rows: Widget[]): Map<number, Widget[]> {
  const map = new Map<number, Widget[]>();
  for (const w of rows) {
    const list = map.get(w.blockId);
    if (list) list.push(w);
    else map.set(w.blockId, [w]);
  }
  return map;
}

/** The last live position on a page (0 when it has no blocks): new and copied blocks go after it. */
export async function lastPosition(db: Db | Tx, mobilizationId: number): Promise<number> {
  const [last] = await db
    .select({ n: max(blocks.position) })
    .from(blocks)
    .where(liveBlocks(mobilizationId));
  return Number(last?.n ?? 0);
}
