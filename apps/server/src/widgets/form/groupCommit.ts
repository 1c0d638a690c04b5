import { sql } from 'drizzle-orm';
import { FILL_MISSING } from '../../activists/upsert';
import type { Database, Db } from '../../db/client';
import { widgetCounters } from '../../db/schema';

/**
 * One form entry ready to write: every value the statement needs, as plain JSON (the batch travels as one jsonb
 * parameter, so the statement's text is the same whatever the batch holds).
 */
export interface EntryRow {
  community_id: number;
  widget_id: number;
  mobilization_id: number;
  /** The page version the submission was checked at: a page that moved on since stops the batch (`isStalePage`). */
  version: number;
  fields: unknown;
  /** The activist, when the form has an e-mail field (names completed by `completeName`). */
  email: string | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  city: string | null;
  /** The thank-you e-mail, when the widget has one. */
  mail_key: string | null;
  mail_kind: string | null;
  mail_to: string | null;
  mail_from: string | null;
  mail_subject: string | null;
  mail_text: string | null;
  mail_html: string | null;
  /** The consent notice the page showed. */
  consent_text: string;
  consent_url: string;
  consent_locale: string;
}

export interface EntryWritten {
  id: number;
  createdAt: Date;
  /** The widget's count including this entry, as the statement saw it. */
  count: number;
  /** An outbox row the batch queued, if it queued any (the caller nudges the relay). */
  outboxId: number | undefined;
  /** The communities whose Mailchimp queue got a row in this batch. */
  mailchimpCommunities: number[];
}

interface Result {
  n: number;
  id: number;
  created_at: Date | string;
  count: number | string;
  outbox_id: number | null;
  mailchimp: number[] | string | null;
}

/**
 * The whole batch in one statement (data-modifying CTEs): the activists upserted by e-mail within their community,
 * the entries (their ids drawn first, so each input row knows its own: from the serial's sequence named as a constant,
 * as the column's default names it, since looking it up by table per row cost 60 µs a row), their consent notices, the thank-you
 * e-mails in the outbox and the Mailchimp queue rows. It is atomic: any bad row fails the whole statement and
 * nothing of it is written. The activists are upserted in key order, so two batches lock them in the same order.
 * The counter triggers run once per statement and widget; each row's count is the one before the statement plus
 * its place among the batch's rows of the same widget.
 */
function batchStatement(rows: EntryRow[]) {
  // A thank-you body is the same for every entry of a widget (autofire.ts keeps one per widget version): each goes
  // once in the batch, and the rows name it by its place.
  const bodies: { text: string; html: string | null }[] = [];
  const seen = new Map<string | null, Map<string, number>>();
  const input = JSON.stringify(
    rows.map(({ mail_text, mail_html, ...row }, n) => {
      if (mail_text === null) return { ...row, n, mail_body: null };
      let byText = seen.get(mail_html);
      if (!byText) {
        byText = new Map();
        seen.set(mail_html, byText);
      }
      let body = byText.get(mail_text);
      if (body === undefined) {
        body = bodies.push({ text: mail_text, html: mail_html }) - 1;
        byText.set(mail_text, body);
      }
      return { ...row, n, mail_body: body };
    }),
  );
  return sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as r(
        n int, community_id int, widget_id int, mobilization_id int, version int, fields jsonb,
        email text, name text, first_name text, last_name text, phone text, city text,
        mail_key text, mail_kind text, mail_to text, mail_from text, mail_subject text, mail_body int,
        consent_text text, consent_url text, consent_locale text)
    ),
    body as (
      select (b.i - 1)::int as i, b.value->>'text' as text, b.value->>'html' as html
      from jsonb_array_elements(${JSON.stringify(bodies)}::jsonb) with ordinality as b(value, i)
    ),
    ids as (
      select input.*, nextval('form_entries_id_seq'::regclass)::int as entry_id from input order by n
    ),
    activist as (
      insert into activists (community_id, email, name, first_name, last_name, phone, city, actions_count)
      select community_id, email, name, first_name, last_name, phone, city, 1 from input
      where email is not null order by community_id, lower(email)
      on conflict (community_id, lower(email)) do update set
        ${FILL_MISSING},
        actions_count = activists.actions_count + 1,
        last_action_at = now(),
        updated_at = now()
      returning id, community_id, lower(email) as email_key
    ),
    rows as (
      select ids.*, activist.id as activist_id from ids
      left join activist on activist.community_id = ids.community_id and activist.email_key = lower(ids.email)
    ),
    entry as (
      insert into form_entries (id, widget_id, mobilization_id, activist_id, fields)
      select entry_id, widget_id, mutirao_page_at_version(mobilization_id, version), activist_id, fields
      from rows order by n
      returning id, created_at
    ),
    mail as (
      insert into outbox (idempotency_key, kind, to_address, subject, text, html, from_address, community_id)
      select mail_key, mail_kind, mail_to, mail_subject, body.text, body.html, mail_from, community_id
      from input join body on body.i = input.mail_body where mail_key is not null order by n
      on conflict (idempotency_key) do nothing
      returning id
    ),
    consent as (
      insert into activist_consents
        (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
      select community_id, activist_id, 'form_entries', entry_id, mobilization_id, widget_id,
        consent_text, consent_url, consent_locale
      from rows where activist_id is not null order by n
    ),
    mailchimp as (
      insert into mailchimp_queue (community_id, kind, action_id, activist_id, widget_id, mobilization_id)
      select rows.community_id, 'F', entry_id, activist_id, widget_id, mobilization_id
      from rows join communities on communities.id = rows.community_id
      where activist_id is not null
        and communities.mailchimp_api_key is not null and communities.mailchimp_list_id is not null
      order by n
      on conflict do nothing
      returning community_id
    )
    select rows.n, entry.id, entry.created_at,
      (select coalesce(sum(${widgetCounters.actions}), 0) from ${widgetCounters}
        where ${widgetCounters.widgetId} = rows.widget_id)
        + row_number() over (partition by rows.widget_id order by rows.n) as count,
      (select min(id) from mail) as outbox_id,
      (select array_agg(distinct community_id) from mailchimp) as mailchimp
    from entry join rows on rows.entry_id = entry.id
    order by rows.n`;
}

/** Postgres arrays come back parsed from node-postgres and as text (`{1,2}`) from some drivers. */
const idList = (value: Result['mailchimp']): number[] =>
  value === null
    ? []
    : typeof value === 'string'
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : value.map(Number);

async function writeBatch(db: Db, rows: EntryRow[]): Promise<EntryWritten[]> {
  const result = (await db.execute(batchStatement(rows))) as unknown as { rows: Result[] };
  const written = result.rows;
  if (written.length !== rows.length) throw new Error(`form entry batch wrote ${written.length} of ${rows.length}`);
  return written.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    count: Number(r.count),
    outboxId: r.outbox_id === null ? undefined : Number(r.outbox_id),
    mailchimpCommunities: idList(r.mailchimp),
  }));
}

interface Waiting {
  row: EntryRow;
  resolve(written: EntryWritten): void;
  reject(error: unknown): void;
}

/**
 * Group commit of form entries (issue 18). A submission whose entry arrives while every writer is busy waits for
 * the next free one, which writes everything that waited in one statement; so a quiet page writes each entry at
 * once, and a crowded one writes many per statement, with no timer. Each submission's promise settles only when
 * its own row is committed (or refused). A batch that fails is written again one row at a time, so one bad row
 * fails alone. Two submissions by the same person never share a batch (an upsert cannot touch one row twice in a
 * statement); the second waits for the next.
 */
export class FormEntryWriter {
  private readonly waiting: Waiting[] = [];
  private running = 0;
  private scheduled = false;
  /** Batches and rows written, the largest batch tried, and the batches written again one row at a time. */
  readonly stats = { batches: 0, rows: 0, largest: 0, fallbacks: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: { writers: number; maxBatch: number },
  ) {}

  write(row: EntryRow): Promise<EntryWritten> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      // The embedded engine runs a statement on this thread: started at once, it would end before the next request
      // of the same turn of the event loop is read, and every batch would hold one entry. So a writer starts after
      // the requests already received have queued theirs (one turn, no timer).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.running < this.options.writers && this.waiting.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** The next batch: waiting rows in arrival order, each person at most once, up to `maxBatch`. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const people = new Set<string>();
    const left: Waiting[] = [];
    for (const w of this.waiting) {
      const person = w.row.email === null ? undefined : `${w.row.community_id}:${w.row.email.toLowerCase()}`;
      if (batch.length >= this.options.maxBatch || (person !== undefined && people.has(person))) left.push(w);
      else {
        batch.push(w);
        if (person !== undefined) people.add(person);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return batch;
  }

  private async run(batch: Waiting[]) {
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    try {
      const written = await writeBatch(
        this.db,
        batch.map((w) => w.row),
      );
      this.stats.batches += 1;
      this.stats.rows += batch.length;
      for (const [i, w] of batch.entries()) w.resolve(written[i] as EntryWritten);
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      this.stats.fallbacks += 1;
      // One at a time, so the failing row fails alone and the others are written.
      for (const w of batch) {
        try {
          const [one] = await writeBatch(this.db, [w.row]);
          this.stats.batches += 1;
          this.stats.rows += 1;
          w.resolve(one as EntryWritten);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }
}

const writers = new WeakMap<Db, FormEntryWriter>();

/**
 * This process's group-commit writer for the database. On the embedded engine every statement waits its turn on
 * one engine, so one writer; on PostgreSQL a few, so a batch's round trip overlaps the next batch's.
 */
export function formEntryWriter(database: Pick<Database, 'db' | 'kind'>, writersOnPostgres: number): FormEntryWriter {
  let writer = writers.get(database.db);
  if (!writer) {
    writer = new FormEntryWriter(database.db, {
      writers: database.kind === 'pglite' ? 1 : writersOnPostgres,
      maxBatch: 100,
    });
    writers.set(database.db, writer);
  }
  return writer;
}
