import type { PageSnapshot } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '../db/client';
import { type Block, mobilizationRevisions, type Widget } from '../db/schema';
import { BLOCK_CONTENT_KEYS, pick, WIDGET_CONTENT_KEYS } from '../db/schema/pageContent';
import { loadPageContent, type PageContent } from './content';

/*
 * A page's content as a revision holds it (issue 34), and back: the blocks and widgets that visitors see once a page
 * is launched come from its published revision, not from the tables the editor changes.
 */

/** The content of a page's live blocks and widgets: the draft of a launched page, the page itself before. */
export async function draftSnapshot(db: Db | Tx, mobilizationId: number): Promise<PageSnapshot> {
  return snapshotOf(await loadPageContent(db, mobilizationId));
}

export function snapshotOf(page: PageContent): PageSnapshot {
  return {
    blocks: page.blocks.map((b) => ({ id: b.id, ...pick(b, BLOCK_CONTENT_KEYS) })),
    widgets: page.widgets.map((w) => ({ id: w.id, blockId: w.blockId, ...pick(w, WIDGET_CONTENT_KEYS) })),
  };
}

/**
 * A revision's content as the rows the renderer and the visitor routes read: what the page showed, with the
 * revision's time as the rows' and nothing deleted.
 */
export function contentOf(mobilizationId: number, snapshot: PageSnapshot, at: Date): PageContent {
  return {
    blocks: snapshot.blocks.map((b): Block => ({ ...b, mobilizationId, ...timesAt(at) })),
    widgets: snapshot.widgets.map((w) => widgetRowOf(w, at)),
  };
}

const timesAt = (at: Date) => ({ createdAt: at, updatedAt: at, deletedAt: null });

/** One widget of a revision as a row, with nothing visitors created (no export time, no mailing segment). */
export function widgetRowOf(widget: PageSnapshot['widgets'][number], at: Date): Widget {
  return {
    ...widget,
    kind: widget.kind as Widget['kind'],
    mailchimpSegmentId: null,
    exportedAt: null,
    ...timesAt(at),
  };
}

/** A revision as read: its content and when it was published. */
export interface PublishedContent {
  snapshot: PageSnapshot;
  publishedAt: Date;
}

/**
 * Revisions are never changed once written, so a process keeps the ones it read, by id, with no notices to wait
 * for: a publication names a new revision, which is read once. Kept per database handle (ids are a database's own;
 * a transaction's live only as long as it does). Bounded: least recently used pages leave first.
 */
const keptBy = new WeakMap<Db | Tx, LRUCache<number, PublishedContent>>();

function keptFor(db: Db | Tx) {
  let kept = keptBy.get(db);
  if (!kept) {
    kept = new LRUCache<number, PublishedContent>({ max: 500 });
    keptBy.set(db, kept);
  }
  return kept;
}

/** A published revision's content; undefined when it is gone (its page deleted meanwhile). */
export async function revisionContent(db: Db | Tx, revisionId: number): Promise<PublishedContent | undefined> {
  const kept = keptFor(db);
  const hit = kept.get(revisionId);
  if (hit) return hit;
  const [row] = await db
    .select({ content: mobilizationRevisions.content, createdAt: mobilizationRevisions.createdAt })
    .from(mobilizationRevisions)
    .where(eq(mobilizationRevisions.id, revisionId))
    .limit(1);
  if (!row) return undefined;
  const found = { snapshot: row.content, publishedAt: row.createdAt };
  kept.set(revisionId, found);
  return found;
}

/**
 * What visitors see of a page: its published revision once launched, its live blocks and widgets before.
 */
export async function visiblePageContent(
  db: Db | Tx,
  mobilization: { id: number; publishedRevisionId: number | null },
): Promise<PageContent> {
  const published = mobilization.publishedRevisionId
    ? await revisionContent(db, mobilization.publishedRevisionId)
    : undefined;
  if (!published) return loadPageContent(db, mobilization.id);
  return contentOf(mobilization.id, published.snapshot, published.publishedAt);
}
