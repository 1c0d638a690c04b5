import {
  type Actor,
  formatDateTime,
  type MobilizationScheduleData,
  msg,
  type PageSnapshot,
  pageChanges,
  resolveLocale,
  timeZoneOr,
  translate,
} from '@mutirao/core';
import { and, count, desc, eq, isNull, lte, max, notInArray, or, sql } from 'drizzle-orm';
import { guardPositions, lockPage } from '../blocks/positions';
import { presentBlock } from '../blocks/presenter';
import type { Db, Tx } from '../db/client';
import {
  blocks,
  communities,
  type Mobilization,
  type MobilizationRevision,
  mobilizationRevisions,
  mobilizations,
  type ScheduleFailure,
  users,
  widgets,
} from '../db/schema';
import { AppError, type FieldErrors, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { findMobilizationFor } from '../mobilizations/service';
import { groupByBlock } from '../pages/content';
import { contentOf, draftSnapshot, revisionContent } from '../pages/published';
import { normalizeWidgetSettings } from '../widgets/settings';

/*
 * Drafts, revisions and scheduled publishing (issue 34). Until a page is launched its blocks and widgets are the
 * page. Launching publishes revision 1; from then on the blocks and widgets are the draft, visitors see the published
 * revision, and each publication (by hand or by the schedule) is the next revision.
 */

const EMPTY: PageSnapshot = { blocks: [], widgets: [] };

/** A revision as the API lists it. */
function presentRevision(row: MobilizationRevision, publisher: { firstName: string; lastName: string | null } | null) {
  return {
    id: row.id,
    number: row.number,
    published_at: row.createdAt.toISOString(),
    published_by: row.publishedBy
      ? { id: row.publishedBy, name: [publisher?.firstName, publisher?.lastName].filter(Boolean).join(' ') }
      : null,
    scheduled: row.scheduled,
    restored_from: row.restoredFrom,
    changes: row.changes,
  };
}
export type PresentedRevision = ReturnType<typeof presentRevision>;

const revisionColumns = {
  revision: mobilizationRevisions,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function revisionRows(db: Db | Tx, where: ReturnType<typeof and>, limit: number, offset = 0) {
  const rows = await db
    .select(revisionColumns)
    .from(mobilizationRevisions)
    .leftJoin(users, eq(users.id, mobilizationRevisions.publishedBy))
    .where(where)
    .orderBy(desc(mobilizationRevisions.number))
    .limit(limit)
    .offset(offset);
  return rows.map((r) =>
    presentRevision(r.revision, r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName }),
  );
}

/** The published content of a page, or nothing before its launch. */
async function publishedSnapshot(db: Db | Tx, m: Mobilization): Promise<PageSnapshot | undefined> {
  if (!m.publishedRevisionId) return undefined;
  return (await revisionContent(db, m.publishedRevisionId))?.snapshot;
}

/** The page's draft against what visitors see, and its schedule. */
async function presentDraft(db: Db | Tx, m: Mobilization) {
  const published = await publishedSnapshot(db, m);
  const changes = published ? pageChanges(published, await draftSnapshot(db, m.id)) : [];
  const [current] = m.publishedRevisionId
    ? await revisionRows(db, eq(mobilizationRevisions.id, m.publishedRevisionId), 1)
    : [];
  return {
    mobilization_id: m.id,
    /** Launched: visitors see `published_revision`, and edits wait in the draft. */
    launched: Boolean(current),
    has_changes: changes.length > 0,
    changes,
    published_revision: current ?? null,
    restored_from: m.draftRestoredFrom,
    status: m.status,
    publish_at: m.publishAt?.toISOString() ?? null,
    unpublish_at: m.unpublishAt?.toISOString() ?? null,
    schedule_failure: m.scheduleFailure,
  };
}
export type DraftState = Awaited<ReturnType<typeof presentDraft>>;

export async function draftState(db: Db, actor: Actor, id: number): Promise<DraftState> {
  return presentDraft(db, await findMobilizationFor(db, actor, id));
}

/**
 * The widgets that would stop a publication: each of the draft's action widgets must pass its kind's settings rules,
 * as a settings tab's save does (rules about a change, such as a goal date in the past, judge no change). Settings
 * that legacy data or a later rule made invalid are found here, not by a visitor.
 */
function unpublishable(snapshot: PageSnapshot): ScheduleFailure['widgets'] {
  const names = new Map(snapshot.blocks.map((b) => [b.id, b.name]));
  const found: ScheduleFailure['widgets'] = [];
  for (const w of snapshot.widgets) {
    if (w.kind === 'draft') continue;
    try {
      normalizeWidgetSettings(w.kind as never, w.settings, w.settings);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields) throw error;
      found.push({ widget_id: w.id, block_name: names.get(w.blockId) ?? null, kind: w.kind, fields: error.fields });
    }
  }
  return found;
}

/**
 * The refusal of a publication: the whole, and each widget's settings by `widgets.{id}.settings.{key}`; it keeps the
 * widgets, which a scheduled publication records as its failure.
 */
class PublishRefused extends AppError {
  constructor(readonly widgets: ScheduleFailure['widgets']) {
    const fields: FieldErrors = { base: [msg('publishing.invalidWidgets')] };
    for (const w of widgets)
      for (const [key, messages] of Object.entries(w.fields))
        fields[`widgets.${w.widget_id}.settings.${key}`] = messages;
    super('unprocessable', fields);
  }
}

interface PublishOptions {
  /** Who publishes: the person, or for a scheduled publication the one who scheduled it. */
  by: number | null;
  scheduled?: boolean;
}

/**
 * Publishes the draft as the next revision, in one transaction under the page's lock: the content is read, checked
 * and written at once, so a publication is whole or nothing. A launched page with nothing changed gets no new
 * revision. Moving `published_revision_id` moves the page's cache_version (its row changed), which every process's
 * page cache and visitor routes check, and announces the change on 'mutirao_pages'.
 */
async function publishIn(tx: Tx, m: Mobilization, options: PublishOptions) {
  const snapshot = await draftSnapshot(tx, m.id);
  const invalid = unpublishable(snapshot);
  if (invalid.length) throw new PublishRefused(invalid);
  const published = await publishedSnapshot(tx, m);
  const changes = pageChanges(published ?? EMPTY, snapshot);
  const values: Partial<typeof mobilizations.$inferInsert> = {
    scheduleFailure: null,
    draftRestoredFrom: null,
    updatedAt: new Date(),
  };
  if (options.scheduled) values.publishAt = null;
  if (published && !changes.length) {
    // Nothing to publish: a restore that came back to what visitors see is forgotten, and a due schedule is done.
    if (options.scheduled || m.scheduleFailure || m.draftRestoredFrom !== null)
      await tx.update(mobilizations).set(values).where(eq(mobilizations.id, m.id));
    return;
  }
  const [last] = await tx
    .select({ n: max(mobilizationRevisions.number) })
    .from(mobilizationRevisions)
    .where(eq(mobilizationRevisions.mobilizationId, m.id));
  const [revision] = await tx
    .insert(mobilizationRevisions)
    .values({
      mobilizationId: m.id,
      number: Number(last?.n ?? 0) + 1,
      content: snapshot,
      changes: published ? changes : [],
      // The one who scheduled it may have left since (`scheduled_by` has no foreign key).
      publishedBy:
        options.by === null ? null : sql`(select ${users.id} from ${users} where ${users.id} = ${options.by})`,
      scheduled: options.scheduled ?? false,
      restoredFrom: m.draftRestoredFrom,
    })
    .returning({ id: mobilizationRevisions.id });
  await tx
    .update(mobilizations)
    .set({ ...values, publishedRevisionId: revision?.id })
    .where(eq(mobilizations.id, m.id));
}

/** The page's row, locked for the rest of the transaction. */
async function lockedPage(tx: Tx, id: number): Promise<Mobilization> {
  await lockPage(tx, id);
  const [m] = await tx.select().from(mobilizations).where(eq(mobilizations.id, id)).limit(1);
  if (!m) throw notFound();
  return m;
}

/** 'Publicar alterações', and the launch wizard's last step (revision 1). */
export async function publishDraft(db: Db, actor: Actor, id: number): Promise<DraftState> {
  await findMobilizationFor(db, actor, id);
  return db.transaction(async (tx) => {
    await publishIn(tx, await lockedPage(tx, id), { by: actor.id });
    return presentDraft(tx, await lockedPage(tx, id));
  });
}

export const REVISIONS_PER_PAGE = 20;

/** A page's revisions, newest first, a page of them at a time. */
export async function listRevisions(db: Db, actor: Actor, id: number, page: number) {
  await findMobilizationFor(db, actor, id);
  const where = and(eq(mobilizationRevisions.mobilizationId, id));
  const [total] = await db.select({ n: count() }).from(mobilizationRevisions).where(where);
  const rows = await revisionRows(db, where, REVISIONS_PER_PAGE, (page - 1) * REVISIONS_PER_PAGE);
  return { rows, total: Number(total?.n ?? 0) };
}

async function findRevision(db: Db | Tx, mobilizationId: number, number: number) {
  const [row] = await db
    .select()
    .from(mobilizationRevisions)
    .where(and(eq(mobilizationRevisions.mobilizationId, mobilizationId), eq(mobilizationRevisions.number, number)))
    .limit(1);
  if (!row) throw new AppError('not_found', undefined, 'publishing.revisionNotFound');
  return row;
}

/**
 * One revision, read-only: its blocks with their widgets as the editor's block list gives them, and what the current
 * draft changes from it.
 */
export async function revisionDetail(db: Db, actor: Actor, id: number, number: number) {
  const m = await findMobilizationFor(db, actor, id);
  const row = await findRevision(db, id, number);
  const [presented] = await revisionRows(db, eq(mobilizationRevisions.id, row.id), 1);
  const page = contentOf(id, row.content, row.createdAt);
  const byBlock = groupByBlock(page.widgets);
  return {
    revision: presented,
    live: m.publishedRevisionId === row.id,
    blocks: page.blocks.map((b) => presentBlock(b, byBlock.get(b.id) ?? [])),
    changes_to_draft: pageChanges(row.content, await draftSnapshot(db, id)),
  };
}

/**
 * Makes the draft what revision `number` was: blocks and widgets it had come back (a removed one is restored in its
 * own row, so everything collected through it still points at it), ones it did not have leave the draft (soft
 * deleted, their entries, pressures and donations kept), and positions and settings are the revision's. Nothing
 * visitors see changes until the draft is published. Collected data is never touched.
 */
export async function restoreRevision(db: Db, actor: Actor, id: number, number: number): Promise<DraftState> {
  await findMobilizationFor(db, actor, id);
  return guardPositions(() =>
    db.transaction(async (tx) => {
      const m = await lockedPage(tx, id);
      const { content } = await findRevision(tx, id, number);
      await writeDraft(tx, id, content);
      await tx.update(mobilizations).set({ draftRestoredFrom: number }).where(eq(mobilizations.id, id));
      return presentDraft(tx, { ...m, draftRestoredFrom: number });
    }),
  );
}

/** Writes a snapshot into the page's blocks and widgets, on a locked page (positions are checked at commit). */
async function writeDraft(tx: Tx, mobilizationId: number, content: PageSnapshot) {
  const now = new Date();
  const keepBlocks = content.blocks.map((b) => b.id);
  const keepWidgets = content.widgets.map((w) => w.id);
  await tx
    .update(blocks)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(blocks.mobilizationId, mobilizationId),
        isNull(blocks.deletedAt),
        keepBlocks.length ? notInArray(blocks.id, keepBlocks) : undefined,
      ),
    );
  await tx
    .update(widgets)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} where ${blocks.mobilizationId} = ${mobilizationId})`,
        isNull(widgets.deletedAt),
        keepWidgets.length ? notInArray(widgets.id, keepWidgets) : undefined,
      ),
    );
  for (const { id, ...values } of content.blocks) {
    const [updated] = await tx
      .update(blocks)
      .set({ ...values, deletedAt: null, updatedAt: now })
      .where(and(eq(blocks.id, id), eq(blocks.mobilizationId, mobilizationId)))
      .returning({ id: blocks.id });
    if (!updated) await tx.insert(blocks).values({ id, mobilizationId, ...values });
  }
  for (const { id, kind, ...values } of content.widgets) {
    const row = { ...values, kind: kind as never };
    const [updated] = await tx
      .update(widgets)
      .set({ ...row, deletedAt: null, updatedAt: now })
      .where(eq(widgets.id, id))
      .returning({ id: widgets.id });
    if (!updated) await tx.insert(widgets).values({ id, ...row });
  }
}

/**
 * 'Publicar em' and 'Despublicar em': each key given sets its time (null cancels it), a key left out keeps it.
 * Saving dismisses the notice of a scheduled publication that failed. The job queue runs them (`scheduleJob`).
 */
export async function setSchedule(
  db: Db,
  actor: Actor,
  id: number,
  input: MobilizationScheduleData,
): Promise<DraftState> {
  const m = await findMobilizationFor(db, actor, id);
  const publishAt = input.publish_at === undefined ? m.publishAt : input.publish_at;
  const unpublishAt = input.unpublish_at === undefined ? m.unpublishAt : input.unpublish_at;
  if (publishAt && unpublishAt && unpublishAt <= publishAt)
    throw new AppError('unprocessable', { unpublish_at: [msg('publishing.unpublishBeforePublish')] });
  const [updated] = await db
    .update(mobilizations)
    .set({ publishAt, unpublishAt, scheduledBy: actor.id, scheduleFailure: null })
    .where(eq(mobilizations.id, id))
    .returning();
  if (!updated) throw notFound();
  return presentDraft(db, updated);
}

/** The times a page's schedule falls due, for the jobs that run it on time. */
export function scheduledTimes(state: DraftState): Date[] {
  return [state.publish_at, state.unpublish_at].filter((t): t is string => Boolean(t)).map((t) => new Date(t));
}

/** Pages whose schedule is due, a bounded batch at a time. */
export async function dueSchedules(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .select({ id: mobilizations.id })
    .from(mobilizations)
    .where(
      and(isNull(mobilizations.deletedAt), or(lte(mobilizations.publishAt, now), lte(mobilizations.unpublishAt, now))),
    )
    .orderBy(mobilizations.id)
    .limit(50);
  return rows.map((r) => r.id);
}

/**
 * Runs a page's due schedule in one transaction under its lock, so two workers never run it twice: a due publication
 * publishes the draft and activates the page; one that cannot (a widget with invalid settings) publishes nothing,
 * keeps its failure on the page for the editor and the list to show, and mails whoever scheduled it. A due
 * unpublication archives the page. Answers the outbox id of a failure's mail.
 */
export async function runSchedule(db: Db, id: number, adminUrl: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const m = await lockedPage(tx, id);
    if (m.deletedAt) return undefined;
    let mail: number | undefined;
    if (m.publishAt && m.publishAt <= now) {
      try {
        await tx.execute(sql`savepoint scheduled_publish`);
        await publishIn(tx, m, { by: m.scheduledBy, scheduled: true });
        await tx.update(mobilizations).set({ status: 'active' }).where(eq(mobilizations.id, id));
        await tx.execute(sql`release savepoint scheduled_publish`);
      } catch (error) {
        if (!(error instanceof PublishRefused)) throw error;
        await tx.execute(sql`rollback to savepoint scheduled_publish`);
        const failure: ScheduleFailure = { due_at: m.publishAt.toISOString(), widgets: error.widgets };
        await tx
          .update(mobilizations)
          .set({ publishAt: null, scheduleFailure: failure })
          .where(eq(mobilizations.id, id));
        mail = await mailFailure(tx, m, failure, adminUrl);
      }
    }
    if (m.unpublishAt && m.unpublishAt <= now)
      await tx
        .update(mobilizations)
        .set({ status: 'archived', unpublishAt: null, updatedAt: new Date() })
        .where(eq(mobilizations.id, id));
    return mail;
  });
}

/** The failure's e-mail to whoever scheduled it, in their language, with the date in the community's zone. */
async function mailFailure(tx: Tx, m: Mobilization, failure: ScheduleFailure, adminUrl: string) {
  if (!m.scheduledBy) return undefined;
  const [to] = await tx
    .select({ email: users.email, locale: users.locale, timeZone: communities.timeZone })
    .from(users)
    .innerJoin(communities, eq(communities.id, m.communityId))
    .where(eq(users.id, m.scheduledBy))
    .limit(1);
  if (!to) return undefined;
  const locale = resolveLocale(to.locale);
  const params = {
    page: m.name,
    date: formatDateTime(failure.due_at, timeZoneOr(to.timeZone)),
    url: `${adminUrl}/mobilizations/${m.id}/edit`,
  };
  return queueMail(tx, {
    idempotencyKey: `schedule-failed-${m.id}-${failure.due_at}`,
    kind: 'schedule-failed',
    to: to.email,
    subject: translate(locale, 'publishing.mailFailedSubject', params),
    text: translate(locale, 'publishing.mailFailedText', params),
    communityId: m.communityId,
  });
}

/** Dismisses the notice of a failed scheduled publication. */
export async function dismissScheduleFailure(db: Db, actor: Actor, id: number): Promise<DraftState> {
  await findMobilizationFor(db, actor, id);
  const [updated] = await db
    .update(mobilizations)
    .set({ scheduleFailure: null })
    .where(eq(mobilizations.id, id))
    .returning();
  if (!updated) throw notFound();
  return presentDraft(db, updated);
}
