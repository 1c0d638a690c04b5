import type { Locale, PressureFill, PressureTarget } from '@mutirao/core';
import { formatTarget } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { ConsentShown } from '../../activists/consent';
import { BATCH_ACTIVIST_UPSERT, type BatchPerson, batchPerson } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { activistPressures, outbox, type Widget } from '../../db/schema';
import { outboxColumns, type QueuedMail } from '../../mail/outbox';
import { senderAddress, thankYouMail } from '../autofire';
import { type ActionBatch, actionBatchAnswers, actionBatchConsentAndMailchimp, actionWriters } from '../groupWriter';

export interface PressureSubmission {
  mobilizationId: number;
  /** The page version the fill was checked at: a page that moved on since stops the write (`isStalePage`). */
  pageVersion: number;
  communityId: number;
  widget: Widget;
  targets: PressureTarget[];
  fill: PressureFill;
  locale: Locale;
  baseUrl: string;
  /** The consent notice the page showed, stored with the pressure. */
  consent: ConsentShown;
  /** The embedding site's origin when the widget is embedded on another site (`embeds/cors.ts`). */
  origin?: string;
}

/** The address part of MAIL_FROM ('Mutirão <nao-responda@…>' → 'nao-responda@…'). */
const addressOf = (from: string) => /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * A message of the pressure, keyed by the pressure's id (which the statement draws): `pressure-{id}{keySuffix}`. The
 * same key as ever, so a retried fill never queues a message twice.
 */
type PressureMail = Omit<QueuedMail, 'idempotencyKey'> & { keySuffix: string };

/**
 * The e-mail to one target. It comes from the platform's own address under the visitor's name, with the visitor as
 * Reply-To: the visitor's address is never forged (a receiving server would rightly refuse it under SPF and DMARC),
 * and the decision-maker's reply still reaches the person who wrote.
 */
function targetMail(s: PressureSubmission, target: PressureTarget, platformFrom: string): PressureMail {
  const { activist, mail } = s.fill;
  const name = `${activist.firstname.trim()} ${activist.lastname.trim()}`;
  const signature = [name, activist.city?.trim()].filter(Boolean).join(', ');
  return {
    keySuffix: `-to-${target.address}`,
    kind: 'pressure-target',
    to: target.address,
    from: senderAddress(name, addressOf(platformFrom)),
    replyTo: activist.email.trim(),
    subject: mail.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: `${mail.body.trim()}\n\n${signature}\n${activist.email.trim()}`,
    communityId: s.communityId,
    widgetId: s.widget.id,
  };
}

/** Every message of the pressure, in the order they are queued: the targets', then the thank-you when there is one. */
function pressureMails(s: PressureSubmission, platformFrom: string): PressureMail[] {
  const mails = s.targets.map((target) => targetMail(s, target, platformFrom));
  const thankYou = thankYouMail({
    widget: s.widget,
    communityId: s.communityId,
    to: s.fill.activist.email.trim(),
    idempotencyKey: '',
    kind: 'pressure-thank-you',
    locale: s.locale,
    baseUrl: s.baseUrl,
  });
  if (thankYou) {
    const { idempotencyKey: _, ...rest } = thankYou;
    mails.push({ ...rest, keySuffix: '-thank-you' });
  }
  return mails;
}

/** One pressure ready to write: every value the batch statement needs, as plain JSON. */
export interface PressureRow extends BatchPerson {
  community_id: number;
  widget_id: number;
  mobilization_id: number;
  version: number;
  targets: string[];
  mail: { subject: string; body: string; cc: string[] };
  form_data: Record<string, unknown>;
  /** Its messages: each an outbox row but its key, with `i`, its place, and the suffix of its key. */
  messages: (ReturnType<typeof outboxColumns> & { i: number; keySuffix: string })[];
  consent_text: string;
  consent_url: string;
  consent_locale: string;
  /** The embedding site's origin, null on our own pages. */
  origin: string | null;
}

/**
 * A batch of pressures in one statement (data-modifying CTEs), as a batch of form entries is written: each
 * pressure's id drawn first, so its messages' keys can name it (`pressure-{id}{keySuffix}`, the same keys as ever);
 * the activists upserted in key order; the pressures, each only while its page is at the version the fill was checked
 * at (`mutirao_page_at_version`); their consent notices; their messages in the outbox; the
 * Mailchimp queue rows where the community syncs. Atomic. A pressure written alone, as a transaction of one
 * statement per part, held a pooled connection over eight round trips, each of which cost the process more than the
 * rest of the fill (issue 18). The counter trigger runs at the statement's end: each row's count is the one before
 * it plus its place among the batch's rows of the same widget.
 */
function pressureBatch(rows: PressureRow[]): SQL {
  return sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows.map((row, n) => ({ ...row, n })))}::jsonb) as r(
        n int, community_id int, widget_id int, mobilization_id int, version int, email text, name text, first_name text,
        last_name text, phone text, city text, targets jsonb, mail jsonb, form_data jsonb, messages jsonb,
        consent_text text, consent_url text, consent_locale text, origin text)
    ),
    ids as (
      select input.*, nextval('activist_pressures_id_seq'::regclass)::int as pressure_id from input order by n
    ),
    activist as (${BATCH_ACTIVIST_UPSERT}),
    rows as (
      select ids.*, activist.id as activist_id from ids
      join activist on activist.community_id = ids.community_id and activist.email_key = lower(ids.email)
    ),
    pressure as (
      insert into ${activistPressures} (id, widget_id, mobilization_id, activist_id, targets, mail, form_data, origin)
      select pressure_id, widget_id, mutirao_page_at_version(mobilization_id, version), activist_id, targets, mail,
        form_data, origin
      from rows order by n
      returning id, created_at
    ),
    mail as (
      insert into ${outbox}
        (idempotency_key, kind, to_address, subject, text, html, from_address, reply_to, community_id, widget_id)
      select 'pressure-' || rows.pressure_id || m."keySuffix", m.kind, m."toAddress", m.subject, m.text, m.html,
        m."fromAddress", m."replyTo", m."communityId", m."widgetId"
      from rows cross join lateral jsonb_to_recordset(rows.messages) as m(
        i int, "keySuffix" text, kind text, "toAddress" text, subject text, text text, html text, "fromAddress" text,
        "replyTo" text, "communityId" int, "widgetId" int)
      order by rows.n, m.i
      on conflict (idempotency_key) do nothing
      returning id
    ),
    ${actionBatchConsentAndMailchimp('activist_pressures', 'pressure', 'pressure_id')}
    ${actionBatchAnswers('pressure', 'pressure_id')}`;
}

/** E-mail pressures' batch: a pressure is about its visitor. */
export const PRESSURE_BATCH: ActionBatch<PressureRow> = {
  kind: 'pressure',
  statement: pressureBatch,
  person: (row) => `${row.community_id}:${row.email.toLowerCase()}`,
};

/** This process's group-commit writer of e-mail pressures for the database. */
export const pressureWriter = actionWriters(PRESSURE_BATCH);

/** The row of a checked fill: the activist's name completed as every action completes it. */
function pressureRow(s: PressureSubmission, platformFrom: string): PressureRow {
  const { activist, mail } = s.fill;
  return {
    community_id: s.communityId,
    widget_id: s.widget.id,
    mobilization_id: s.mobilizationId,
    version: s.pageVersion,
    ...batchPerson({
      email: activist.email,
      firstName: activist.firstname,
      lastName: activist.lastname,
      city: activist.city ?? undefined,
    }),
    targets: s.targets.map(formatTarget),
    mail: { subject: mail.subject.trim(), body: mail.body.trim(), cc: mail.cc ?? [] },
    form_data: {
      firstname: activist.firstname.trim(),
      lastname: activist.lastname.trim(),
      email: activist.email.trim(),
      city: activist.city?.trim() || null,
    },
    messages: pressureMails(s, platformFrom).map((m, i) => ({ i, keySuffix: m.keySuffix, ...outboxColumns(m) })),
    consent_text: s.consent.text,
    consent_url: s.consent.pageUrl,
    consent_locale: s.consent.locale,
    origin: s.origin ?? null,
  };
}

/**
 * Stores a checked e-mail pressure before the visitor is answered: the activist upserted, the `activist_pressures`
 * row, one outbox row per target, the thank-you e-mail when the widget has one and the Mailchimp queue row when the
 * community syncs, all in one statement with the pressures that arrived with it (group commit, above); this call
 * returns only once its own row is committed. The relay sends the messages after commit (and the minute sweep,
 * should the nudge be lost). `mail.cc` is kept on the row but not sent: a public form that mails any address it is
 * given would be a tool for spam.
 */
export async function submitPressure(ctx: AppContext, s: PressureSubmission) {
  const written = await pressureWriter(ctx.database, ctx.config.formEntryWriters).write(
    pressureRow(s, ctx.config.mail.from),
  );
  await ctx.mailer.dispatch(written.outboxId).catch((error: unknown) => {
    console.error('[pressure] e-mails left to the sweep:', error);
  });
  for (const communityId of written.mailchimpCommunities) await ctx.mailing.nudge(communityId);
  return { pressure: { id: written.id, createdAt: written.createdAt }, count: written.count };
}
