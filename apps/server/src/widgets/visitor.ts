import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { blocks, mobilizations, type Widget, widgets } from '../db/schema';
import { AppError } from '../http/errors';
import { revisionContent, widgetRowOf } from '../pages/published';

/*
 * The widget a visitor acts on, looked up on its published page (the rate limit and honeypot before it are
 * `rate-limit/visitorGuards.ts`).
 */

/**
 * A widget as visitors may act on it: in a visible block of a published page (active, not deleted), and of the given
 * page when one is given. Once the page is launched that is the page's published revision (issue 34): a widget the
 * draft removed or changed is acted on as visitors see it, and one only the draft has is not there. Before, it is the
 * live widget, not deleted. Anything else is the same 404, whether the widget is missing, on another page or
 * unpublished.
 */
export type PublishedWidget = Awaited<ReturnType<typeof findPublishedWidget>>;

export async function findPublishedWidget(db: Db, widgetId: number, mobilizationId?: number) {
  const [row] = await db
    .select({
      widget: widgets,
      blockHidden: blocks.hidden,
      blockDeletedAt: blocks.deletedAt,
      revisionId: mobilizations.publishedRevisionId,
      mobilizationId: blocks.mobilizationId,
      communityId: mobilizations.communityId,
      language: mobilizations.language,
      /** The page's name (what a donor's card statement shows). */
      pageName: mobilizations.name,
      slug: mobilizations.slug,
      customDomain: mobilizations.customDomain,
      /** The page's cache_version these answers hold for: any change to what visitors see moves it. */
      version: mobilizations.cacheVersion,
    })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .innerJoin(mobilizations, eq(mobilizations.id, blocks.mobilizationId))
    .where(
      and(
        eq(widgets.id, widgetId),
        mobilizationId === undefined ? undefined : eq(blocks.mobilizationId, mobilizationId),
        eq(mobilizations.status, 'active'),
        isNull(mobilizations.deletedAt),
      ),
    )
    .limit(1);
  const published = row && (await asPublished(db, row));
  if (!row || !published) throw new AppError('not_found', undefined, 'formEntries.widgetNotFound');
  const { widget: _live, blockHidden: _hidden, blockDeletedAt: _deleted, revisionId: _revision, ...page } = row;
  return { widget: published, ...page };
}

/**
 * A widget's settings as visitors last saw them: its published version while its page is public, else its row as it is
 * (a page archived since still honours what its visitors were offered). Undefined for a widget that is gone.
 */
export async function visibleWidget(db: Db, widgetId: number): Promise<Widget | undefined> {
  try {
    return (await findPublishedWidget(db, widgetId)).widget;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    const [row] = await db.select().from(widgets).where(eq(widgets.id, widgetId)).limit(1);
    return row;
  }
}

/** The widget as visitors see it, or undefined when they do not see it at all. */
async function asPublished(
  db: Db,
  row: {
    widget: Widget;
    blockHidden: boolean;
    blockDeletedAt: Date | null;
    revisionId: number | null;
    mobilizationId: number;
  },
): Promise<Widget | undefined> {
  if (row.revisionId === null)
    return row.widget.deletedAt || row.blockDeletedAt || row.blockHidden ? undefined : row.widget;
  const published = await revisionContent(db, row.revisionId);
  const { snapshot } = published ?? {};
  const widget = snapshot?.widgets.find((w) => w.id === row.widget.id);
  const block = widget && snapshot?.blocks.find((b) => b.id === widget.blockId);
  if (!published || !widget || !block || block.hidden) return undefined;
  // The revision's content over the live row: what visitors create stays there (its export time, its segment).
  return {
    ...row.widget,
    ...widgetRowOf(widget, published.publishedAt),
    mailchimpSegmentId: row.widget.mailchimpSegmentId,
    exportedAt: row.widget.exportedAt,
  };
}

/**
 * Published widgets kept in this process's memory for visitor actions (issue 18): a submission costs no lookup.
 * Each entry carries the page version it was read at, and the action's write names that version
 * (`mutirao_page_at_version` in the form entries' statement): a write against a page that moved on since (unpublished, deleted, a block hidden, a widget
 * edited or removed, in this process or any other) changes nothing and fails with `isStalePage`, and the action
 * looks the widget up again (`PublishedWidgets.refresh`); a submission refused on the kept copy is checked again on
 * a fresh one before the refusal stands. So the cache needs no notices to be exact.
 * Misses (404) are not kept: they are looked up every time, as before.
 *
 * One read at a time per widget (single flight): the visitors who miss the same widget at the same moment (a cold
 * process under a crowd, or everyone just after an edit) wait for one shared read instead of each sending the same
 * query. A read that fails is not kept: each waiter gets its error, and the next miss reads again.
 */
export class PublishedWidgets {
  private readonly found = new LRUCache<string, PublishedWidget>({ max: 10_000 });
  /** The read under way for a widget, and when it started. */
  private readonly reading = new Map<string, { startedAt: number; row: Promise<PublishedWidget> }>();

  constructor(private readonly db: Db) {}

  /** The widget as this process last read it, if it did (on any page when `mobilizationId` is not given). */
  cached(widgetId: number, mobilizationId?: number): PublishedWidget | undefined {
    return this.found.get(keyOf(widgetId, mobilizationId));
  }

  /**
   * Reads the widget from the database, keeping the answer; 404 if gone. A caller that held a copy it found out of
   * date (`stale`: the copy, and when its request began) takes the newest kept copy if another caller already read
   * one, and otherwise shares a read only if that read is known to be newer than its copy: one that started after
   * its request began, or that found another version. Else it reads again.
   */
  async refresh(
    widgetId: number,
    mobilizationId?: number,
    stale?: { version: number; since: number },
  ): Promise<PublishedWidget> {
    const key = keyOf(widgetId, mobilizationId);
    if (stale) {
      const kept = this.found.get(key);
      if (kept && kept.version > stale.version) return kept;
    }
    const shared = this.reading.get(key) ?? this.read(key, widgetId, mobilizationId);
    const row = await shared.row;
    if (!stale || row.version !== stale.version || shared.startedAt >= stale.since) return row;
    return (this.reading.get(key) ?? this.read(key, widgetId, mobilizationId)).row;
  }

  private read(key: string, widgetId: number, mobilizationId: number | undefined) {
    const shared = {
      startedAt: performance.now(),
      row: findPublishedWidget(this.db, widgetId, mobilizationId).then((row) => {
        const kept = this.found.get(key);
        // Reads can end out of order: a page's version only grows, so the larger one is the newer read.
        if (!kept || kept.version <= row.version) this.found.set(key, row);
        else if (row.version < kept.version) return kept;
        return row;
      }),
    };
    // A widget no longer published is forgotten, so the next action looks it up rather than writing on the copy.
    shared.row.catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') this.found.delete(key);
    });
    this.reading.set(key, shared);
    const forget = () => {
      if (this.reading.get(key) === shared) this.reading.delete(key);
    };
    shared.row.then(forget, forget);
    return shared;
  }
}

/** A widget kept for the page its action names, or for whichever page holds it ('*') when the route names none. */
const keyOf = (widgetId: number, mobilizationId: number | undefined) => `${mobilizationId ?? '*'}:${widgetId}`;

const publishedWidgetCaches = new WeakMap<Db, PublishedWidgets>();

/** This process's published widgets for the database `db`. */
export function publishedWidgets(db: Db): PublishedWidgets {
  let cache = publishedWidgetCaches.get(db);
  if (!cache) {
    cache = new PublishedWidgets(db);
    publishedWidgetCaches.set(db, cache);
  }
  return cache;
}

/** Whether a write failed because its page changed after the widget was read (migration 0029, SQLSTATE MU409). */
export function isStalePage(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === 'MU409') return true;
  return false;
}

/**
 * What a route works out from a kept widget (its fields, the consent notice its page shows), once per copy: a new
 * version of the widget is a new copy, worked out anew.
 */
export function oncePerCopy<T>(derive: (found: PublishedWidget) => T): (found: PublishedWidget) => T {
  const known = new WeakMap<PublishedWidget, T>();
  return (found) => {
    let value = known.get(found);
    if (value === undefined) {
      value = derive(found);
      known.set(found, value);
    }
    return value;
  };
}

/**
 * A visitor's action on a published widget, run on the copy this process keeps (`PublishedWidgets`): `act` checks the
 * action against the copy and writes it naming the copy's page version. A write against a page that moved on since
 * (`isStalePage`), or a refusal made on a kept copy, is made again on the widget as it is now, so an edit anywhere is
 * seen by the very next action; a refusal on a fresh copy stands. Answers the copy the action was written on, and
 * what `act` answered.
 */
export async function actOnPublishedWidget<T>(
  db: Db,
  widgetId: number,
  mobilizationId: number | undefined,
  act: (found: PublishedWidget) => Promise<T>,
): Promise<{ found: PublishedWidget; written: T }> {
  // When the action began: a copy read since then is as new as this visitor can ask for.
  const began = performance.now();
  const widgets = publishedWidgets(db);
  let found = widgets.cached(widgetId, mobilizationId);
  let fresh = found === undefined;
  found ??= await widgets.refresh(widgetId, mobilizationId);
  for (let attempt = 1; ; attempt++) {
    try {
      return { found, written: await act(found) };
    } catch (error) {
      const stale = isStalePage(error) || (!fresh && error instanceof AppError && error.code === 'unprocessable');
      if (!stale || attempt === 3) throw error;
      found = await widgets.refresh(widgetId, mobilizationId, { version: found.version, since: began });
      fresh = true;
    }
  }
}
