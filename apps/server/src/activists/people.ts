import { type ActionKind, type ActivistFilter, actionStanding } from '@mutirao/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actionsRelation } from '../actions/sources';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { activistSegments, activists, activistTagJobs } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { defineJob, type JobQueue } from '../jobs/queue';
import { filterConditions } from './filter';
import { activistCount, presentActivistRow } from './list';

/** The person, when they are the community's: anyone else's is the same 404 as a missing one. */
export async function findActivist(db: Db, communityId: number, activistId: number) {
  const [row] = await db
    .select()
    .from(activists)
    .where(and(eq(activists.id, activistId), eq(activists.communityId, communityId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export const presentActivist = (a: typeof activists.$inferSelect) =>
  presentActivistRow({
    id: a.id,
    name: a.name,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    city: a.city,
    gender: a.gender,
    tags: a.tags,
    actions_count: a.actionsCount,
    last_action_at: a.lastActionAt,
    created_at: a.createdAt,
  });

/**
 * Counts the community's people's actions again from the actions that count (`actions/sources.ts`), with the latest
 * one (none for someone who never acted): after rows were written around the action upsert (seeds, imports of history).
 */
export async function recountActions(db: Db, communityId: number) {
  await db.execute(sql`
    update activists a set actions_count = c.n, last_action_at = c.latest
    from (
      select x.id, count(u.activist_id)::int as n, max(u.created_at) as latest
      from activists x left join ${actionsRelation()} u on u.activist_id = x.id
      where x.community_id = ${communityId}
      group by x.id
    ) c
    where c.id = a.id`);
}

export const TIMELINE_MAX = 200;

/**
 * Every action of the person across the community's pages, newest first, with the page and the widget, and those
 * that did not happen too: a donation or a call with its state (and a donation with its amount), so the profile
 * tells a refused payment from a gift (core's `timelineKey`).
 */
export async function timelineOf(db: Db, activistId: number) {
  const result = (await db.execute(sql`
    select u.kind, u.id, u.created_at, u.widget_id, u.state, u.amount, m.id as mobilization_id,
           m.name as mobilization_name, c.text as consent_text, c.page_url as consent_page_url
    from ${actionsRelation({ counted: false })} u
    left join mobilizations m on m.id = u.mobilization_id
    left join activist_consents c on c.source = u.source and c.action_id = u.id and c.activist_id = u.activist_id
    where u.activist_id = ${activistId}
    order by u.created_at desc, u.id desc
    limit ${TIMELINE_MAX}`)) as unknown as {
    rows: {
      kind: ActionKind;
      id: number;
      created_at: Date | string;
      widget_id: number | null;
      state: string | null;
      amount: number | null;
      mobilization_id: number | null;
      mobilization_name: string | null;
      consent_text: string | null;
      consent_page_url: string | null;
    }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    widget_id: r.widget_id === null ? null : Number(r.widget_id),
    /** A donation's or a call's state; null for a kind without states. */
    state: r.state,
    /** Integer cents, for a donation. */
    amount: r.amount === null ? null : Number(r.amount),
    standing: actionStanding(r.kind, r.state),
    mobilization: r.mobilization_id === null ? null : { id: Number(r.mobilization_id), name: r.mobilization_name },
    // The notice shown when they acted; null for actions taken before notices were stored.
    consent: r.consent_text === null ? null : { text: r.consent_text, page_url: r.consent_page_url },
  }));
}

/** Adds or removes one tag on one person; adding one already there, or removing one absent, changes nothing. */
export async function changeTag(db: Db, communityId: number, activistId: number, tag: string, add: boolean) {
  const [row] = await db
    .update(activists)
    .set({
      tags: add
        ? sql`case when ${tag} = any(${activists.tags}) then ${activists.tags} else array_append(${activists.tags}, ${tag}) end`
        : sql`array_remove(${activists.tags}, ${tag})`,
      updatedAt: new Date(),
    })
    .where(and(eq(activists.id, activistId), eq(activists.communityId, communityId)))
    .returning();
  if (!row) throw notFound();
  return row;
}

// Saved segments ---------------------------------------------------------------------------------------------------

export const SEGMENTS_MAX = 200;

export const presentSegment = (s: typeof activistSegments.$inferSelect) => ({
  id: s.id,
  community_id: s.communityId,
  name: s.name,
  filter: s.filter,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const segmentsOf = (db: Db, communityId: number) =>
  db
    .select()
    .from(activistSegments)
    .where(eq(activistSegments.communityId, communityId))
    .orderBy(activistSegments.name)
    .limit(SEGMENTS_MAX);

export async function findSegment(db: Db, communityId: number, segmentId: number) {
  const [row] = await db
    .select()
    .from(activistSegments)
    .where(and(eq(activistSegments.id, segmentId), eq(activistSegments.communityId, communityId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const segmentTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('unprocessable', { name: ['activists.segmentNameTaken'] });
  throw error;
};

export async function saveSegment(
  db: Db,
  communityId: number,
  input: { name: string; filter: ActivistFilter },
  segmentId?: number,
) {
  const values = { name: input.name, filter: input.filter as Record<string, unknown> };
  if (segmentId === undefined) {
    const [row] = await db
      .insert(activistSegments)
      .values({ communityId, ...values })
      .returning()
      .catch(segmentTaken);
    return row as typeof activistSegments.$inferSelect;
  }
  await findSegment(db, communityId, segmentId);
  const [row] = await db
    .update(activistSegments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(activistSegments.id, segmentId))
    .returning()
    .catch(segmentTaken);
  return row as typeof activistSegments.$inferSelect;
}

// Tags on everyone a filter matches ----------------------------------------------------------------------------------

const TAG_BATCH = 1000;

export const presentTagJob = (j: typeof activistTagJobs.$inferSelect) => ({
  id: j.id,
  tag: j.tag,
  operation: j.operation,
  total: j.total,
  done: j.done,
  status: j.status,
  created_at: j.createdAt.toISOString(),
});

/** Records the bulk change with the number it will reach, and hands it to the job. */
export async function startTagJob(
  db: Db,
  queue: JobQueue,
  communityId: number,
  input: { filter: ActivistFilter; tag: string; operation: 'add' | 'remove' },
) {
  const total = await activistCount(db, communityId, input.filter);
  const [job] = await db
    .insert(activistTagJobs)
    .values({
      communityId,
      filter: input.filter as Record<string, unknown>,
      tag: input.tag,
      operation: input.operation,
      total,
    })
    .returning();
  if (!job) throw new Error('tag job not stored');
  await queue.send(activistTagJob(db), { jobId: job.id }, { singletonKey: `activist-tags-${job.id}` });
  return job;
}

export const latestTagJobs = (db: Db, communityId: number) =>
  db
    .select()
    .from(activistTagJobs)
    .where(eq(activistTagJobs.communityId, communityId))
    .orderBy(desc(activistTagJobs.id))
    .limit(10);

/**
 * One batch of a bulk tag change: the next thousand matching people after the cursor, changed in one statement,
 * with the cursor and count moved in the same transaction, so a crash resumes exactly where the last batch ended.
 * Returns whether more remain.
 */
export async function runTagBatch(db: Db, jobId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(activistTagJobs).where(eq(activistTagJobs.id, jobId)).for('update').limit(1);
    if (!job || job.status === 'done') return false;
    const filtered = filterConditions(job.filter as ActivistFilter, job.communityId);
    const tags =
      job.operation === 'add'
        ? sql`case when ${job.tag} = any(a.tags) then a.tags else array_append(a.tags, ${job.tag}) end`
        : sql`array_remove(a.tags, ${job.tag})`;
    const changed = (await tx.execute(sql`
      with batch as (
        select a.id from activists a
        where a.community_id = ${job.communityId} and a.id > ${job.cursor}${filtered ? sql` and ${filtered}` : sql``}
        order by a.id limit ${TAG_BATCH}
      )
      update activists a set tags = ${tags}, updated_at = now()
      from batch where a.id = batch.id
      returning a.id`)) as unknown as { rows: { id: number }[] };
    const ids = changed.rows.map((r) => Number(r.id));
    const more = ids.length === TAG_BATCH;
    await tx
      .update(activistTagJobs)
      .set({
        cursor: ids.length ? Math.max(...ids) : job.cursor,
        done: sql`${activistTagJobs.done} + ${ids.length}`,
        // People who joined the filter after the count still get the tag: the total grows to what was done.
        ...(more ? {} : { total: sql`greatest(${activistTagJobs.total}, ${activistTagJobs.done} + ${ids.length})` }),
        status: more ? 'running' : 'done',
        updatedAt: new Date(),
      })
      .where(eq(activistTagJobs.id, jobId));
    return more;
  });
}

/** Works a bulk tag change through, batch by batch; a retry after a crash resumes at the stored cursor. */
export const activistTagJob = (db: Db) =>
  defineJob({
    name: 'activist-tags',
    payload: z.object({ jobId: z.number().int().positive() }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    handle: async ({ jobId }) => {
      while (await runTagBatch(db, jobId)) {
        // One batch per transaction: other requests are served in between.
      }
    },
  });
