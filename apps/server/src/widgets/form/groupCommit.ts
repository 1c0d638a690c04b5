import { sql } from 'drizzle-orm';
import { BATCH_ACTIVIST_UPSERT } from '../../activists/upsert';
import {
  type ActionBatch,
  type ActionWritten,
  actionBatchAnswers,
  actionBatchConsentAndMailchimp,
  actionWriters,
} from '../groupWriter';

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
  /** The embedding site's origin (`embeds/cors.ts`), null on our own pages. */
  origin: string | null;
}

/** What the batch answers for an entry. */
export type EntryWritten = ActionWritten;

/**
 * The whole batch in one statement (data-modifying CTEs): the activists upserted by e-mail within their community,
 * the entries (their ids drawn first, so each input row knows its own, from the sequence named as the column's
 * default names it: looking it up by table cost 60 µs a row), their consent notices, the thank-you e-mails in the outbox and the Mailchimp queue rows. It is atomic: any bad row fails the whole statement and
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
        consent_text text, consent_url text, consent_locale text, origin text)
    ),
    body as (
      select (b.i - 1)::int as i, b.value->>'text' as text, b.value->>'html' as html
      from jsonb_array_elements(${JSON.stringify(bodies)}::jsonb) with ordinality as b(value, i)
    ),
    ids as (
      select input.*, nextval('form_entries_id_seq'::regclass)::int as entry_id from input order by n
    ),
    activist as (${BATCH_ACTIVIST_UPSERT}),
    rows as (
      select ids.*, activist.id as activist_id from ids
      left join activist on activist.community_id = ids.community_id and activist.email_key = lower(ids.email)
    ),
    entry as (
      insert into form_entries (id, widget_id, mobilization_id, activist_id, fields, origin)
      select entry_id, widget_id, mutirao_page_at_version(mobilization_id, version), activist_id, fields, origin
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
    ${actionBatchConsentAndMailchimp('form_entries', 'form', 'entry_id')}
    ${actionBatchAnswers('entry', 'entry_id')}`;
}

/** Form entries' batch: an entry is about the activist its e-mail names, if any. */
export const FORM_ENTRY_BATCH: ActionBatch<EntryRow> = {
  kind: 'form',
  statement: batchStatement,
  person: (row) => (row.email === null ? undefined : `${row.community_id}:${row.email.toLowerCase()}`),
};

/** This process's group-commit writer of form entries for the database (`GroupWriter`). */
export const formEntryWriter = actionWriters(FORM_ENTRY_BATCH);
