import { ACTION_DEFINITIONS, ACTION_KINDS, type ActionKind, mailchimpSegmentName } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import { ACTION_DATA } from '../actions/registry';
import { actionsRelation } from '../actions/sources';
import type { Db } from '../db/client';
import { widgets } from '../db/schema';
import { type MailingAccount, type MailingDriver, MailingError, type MailingMember } from './driver';

/** The segment a kind of action joins on a page: `M{page}{F|P|D}` (both pressures are P). */
const segmentName = (mobilizationId: number, kind: ActionKind) =>
  mailchimpSegmentName(mobilizationId, ACTION_DEFINITIONS[kind].mailchimp);

interface MemberRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  phone: string | null;
}

const memberOf = (row: MemberRow): MailingMember => ({
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  city: row.city,
  phone: row.phone,
});

/**
 * Runs the calls (the driver keeps Mailchimp's connection limit) and answers the e-mails the provider refused for
 * themselves (400: a fake-looking address, a compliance state). A refusal that concerns the whole list is thrown.
 */
async function eachMember(emails: string[], call: (email: string) => Promise<void>): Promise<Map<string, string>> {
  const results = await Promise.allSettled(emails.map(call));
  const refused = new Map<string, string>();
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    const error = result.reason;
    if (error instanceof MailingError && error.kind === 'invalid') refused.set(emails[i] as string, error.message);
    else throw error;
  });
  return refused;
}

/** The widget's segment id: the stored one, or the list's segment of that name (made when missing), then stored. */
async function segmentOf(
  db: Db,
  driver: MailingDriver,
  account: MailingAccount,
  widget: { id: number; mobilizationId: number; kind: ActionKind; stored: string | null },
): Promise<string> {
  if (widget.stored) return widget.stored;
  const id = await driver.ensureSegment(account, segmentName(widget.mobilizationId, widget.kind));
  await db.update(widgets).set({ mailchimpSegmentId: id }).where(eq(widgets.id, widget.id));
  return id;
}

interface QueuedRow extends MemberRow {
  id: number;
  kind: ActionKind;
  action_id: number;
  widget_id: number;
  mobilization_id: number;
  segment_id: string | null;
  synced_at: unknown;
}

/**
 * One batch of a community's queue: each member sent once (merge fields), each widget's segment made when missing,
 * each member tagged with the batch's segment names, then the actions marked synced and their queue rows deleted
 * in one transaction. An action already marked synced (a batch run twice) is dropped without a call. Answers how
 * many queue rows it handled (0: the queue is empty) and what the provider refused.
 */
export async function syncBatch(db: Db, driver: MailingDriver, account: MailingAccount, size: number) {
  const result = (await db.execute(sql`
    select q.id, q.kind, q.action_id, q.widget_id, q.mobilization_id, w.mailchimp_segment_id as segment_id,
      a.email, a.first_name, a.last_name, a.city, a.phone,
      case q.kind ${sql.join(
        ACTION_KINDS.map(
          (kind) =>
            sql`when ${kind} then (select mailchimp_synced_at from ${sql.raw(ACTION_DATA[kind].table)} where id = q.action_id)`,
        ),
        sql` `,
      )} end as synced_at
    from mailchimp_queue q
    join activists a on a.id = q.activist_id
    join widgets w on w.id = q.widget_id
    where q.community_id = ${account.communityId}
    order by q.id
    limit ${size}`)) as unknown as { rows: QueuedRow[] };
  const rows = result.rows.map((r) => ({ ...r, id: Number(r.id), action_id: Number(r.action_id) }));
  if (!rows.length) return { handled: 0, refused: new Map<string, string>() };
  const todo = rows.filter((r) => !r.synced_at);
  const tags = new Map<string, { member: MailingMember; names: Set<string> }>();
  const segments = new Map<number, QueuedRow>();
  for (const row of todo) {
    const key = row.email.toLowerCase();
    const entry = tags.get(key) ?? { member: memberOf(row), names: new Set<string>() };
    entry.names.add(segmentName(Number(row.mobilization_id), row.kind));
    tags.set(key, entry);
    segments.set(Number(row.widget_id), row);
  }
  for (const row of segments.values())
    await segmentOf(db, driver, account, {
      id: Number(row.widget_id),
      mobilizationId: Number(row.mobilization_id),
      kind: row.kind,
      stored: row.segment_id,
    });
  const emails = [...tags.keys()];
  const refused = await eachMember(emails, (key) =>
    driver.upsertMember(account, tags.get(key)?.member as MailingMember),
  );
  const tagged = emails.filter((key) => !refused.has(key));
  for (const [email, message] of await eachMember(tagged, (key) => {
    const entry = tags.get(key);
    return driver.tagMember(account, entry?.member.email ?? key, [...(entry?.names ?? [])]);
  }))
    refused.set(email, message);
  const sent = todo.filter((r) => !refused.has(r.email.toLowerCase()));
  await db.transaction(async (tx) => {
    for (const kind of ACTION_KINDS) {
      const ids = sent.filter((r) => r.kind === kind).map((r) => sql`${r.action_id}`);
      const table = sql.raw(ACTION_DATA[kind].table);
      if (ids.length)
        await tx.execute(sql`update ${table} set mailchimp_synced_at = now() where id in (${sql.join(ids, sql`, `)})`);
    }
    await tx.execute(
      sql`delete from mailchimp_queue where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
  });
  return { handled: rows.length, refused };
}

/**
 * One page of a resync: the community's activists after `cursor` (by id), each sent with their merge fields, then
 * added in batches to the segment of every widget they acted on. Answers the last id sent (undefined: none left).
 */
export async function resyncPage(
  db: Db,
  driver: MailingDriver,
  account: MailingAccount,
  cursor: number,
  size: number,
): Promise<{ lastId: number | undefined; count: number }> {
  const page = (await db.execute(sql`
    select id, email, first_name, last_name, city, phone from activists
    where community_id = ${account.communityId} and id > ${cursor}
    order by id limit ${size}`)) as unknown as { rows: (MemberRow & { id: number })[] };
  const people = page.rows;
  const last = people.at(-1);
  if (!last) return { lastId: undefined, count: 0 };
  const refused = await eachMember(
    people.map((p) => p.email),
    (email) => driver.upsertMember(account, memberOf(people.find((p) => p.email === email) as MemberRow)),
  );
  const ids = sql.join(
    people.map((p) => sql`${p.id}`),
    sql`, `,
  );
  // The segments of the widgets each person acted on, by what counts as an action (a refused payment joins none).
  const acted = (await db.execute(sql`
    select x.widget_id, x.mobilization_id, x.kind, w.mailchimp_segment_id as segment_id,
      array_agg(distinct a.email) as emails
    from ${actionsRelation()} x
    join widgets w on w.id = x.widget_id
    join activists a on a.id = x.activist_id
    where x.activist_id in (${ids}) and x.mobilization_id is not null
    group by x.widget_id, x.mobilization_id, x.kind, w.mailchimp_segment_id
    order by x.widget_id`)) as unknown as {
    rows: {
      widget_id: number;
      mobilization_id: number;
      kind: ActionKind;
      segment_id: string | null;
      emails: string[];
    }[];
  };
  for (const row of acted.rows) {
    const segmentId = await segmentOf(db, driver, account, {
      id: Number(row.widget_id),
      mobilizationId: Number(row.mobilization_id),
      kind: row.kind,
      stored: row.segment_id,
    });
    const emails = row.emails.filter((e) => !refused.has(e));
    if (emails.length) await driver.addToSegment(account, segmentId, emails);
  }
  return { lastId: Number(last.id), count: people.length };
}
