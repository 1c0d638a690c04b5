import type { Locale, PressureFill, PressureTarget } from '@mutirao/core';
import { formatTarget } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { type ConsentShown, consentInsertQuery } from '../../activists/consent';
import { activistUpsertQuery } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { activistPressures, outbox, type Widget, widgetCounters } from '../../db/schema';
import { outboxColumns, type QueuedMail } from '../../mail/outbox';
import { mailchimpQueueQuery } from '../../mailing/sync';
import { senderAddress, thankYouMail } from '../autofire';

export interface PressureSubmission {
  mobilizationId: number;
  communityId: number;
  widget: Widget;
  targets: PressureTarget[];
  fill: PressureFill;
  locale: Locale;
  baseUrl: string;
  /** The consent notice the page showed, stored with the pressure. */
  consent: ConsentShown;
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

interface Written {
  id: number;
  created_at: Date | string;
  outbox_id: number | null;
  mailchimp: number | string;
  count: number | string;
}

/**
 * The whole pressure in one statement (data-modifying CTEs, as a batch of form entries is written): its id drawn
 * first, so the messages' keys can name it; the activist upserted; the pressure; its consent notice; its messages in
 * the outbox; the Mailchimp queue row when the community syncs. Atomic, and one round trip: a transaction of one
 * statement per part held a pooled connection over eight round trips, and under a crowd each cost more of the
 * process's time than the rest of the fill (issue 18). The counter trigger runs at the statement's end, so the count
 * is the one before it plus this pressure.
 */
function pressureStatement(s: PressureSubmission, mails: PressureMail[]): SQL {
  const { activist, mail } = s.fill;
  const pressureId = sql`(select id from pressure_id)`;
  const activistId = sql`(select id from activist)`;
  const messages = JSON.stringify(mails.map((m, n) => ({ n, keySuffix: m.keySuffix, ...outboxColumns(m) })));
  return sql`
    with pressure_id as (select nextval('activist_pressures_id_seq'::regclass)::int as id),
    activist as (${activistUpsertQuery(s.communityId, {
      email: activist.email,
      firstName: activist.firstname,
      lastName: activist.lastname,
      city: activist.city ?? undefined,
    })}),
    pressure as (
      insert into ${activistPressures} (id, widget_id, mobilization_id, activist_id, targets, mail, form_data)
      select ${pressureId}, ${s.widget.id}, ${s.mobilizationId}, ${activistId},
        ${JSON.stringify(s.targets.map(formatTarget))}::jsonb,
        ${JSON.stringify({ subject: mail.subject.trim(), body: mail.body.trim(), cc: mail.cc ?? [] })}::jsonb,
        ${JSON.stringify({
          firstname: activist.firstname.trim(),
          lastname: activist.lastname.trim(),
          email: activist.email.trim(),
          city: activist.city?.trim() || null,
        })}::jsonb
      returning id, created_at
    ),
    consent as (${consentInsertQuery({
      consent: s.consent,
      communityId: s.communityId,
      mobilizationId: s.mobilizationId,
      widgetId: s.widget.id,
      source: 'activist_pressures',
      activistId,
      actionId: pressureId,
    })}),
    mail as (
      insert into ${outbox}
        (idempotency_key, kind, to_address, subject, text, html, from_address, reply_to, community_id, widget_id)
      select 'pressure-' || ${pressureId} || m."keySuffix", m.kind, m."toAddress", m.subject, m.text, m.html,
        m."fromAddress", m."replyTo", m."communityId", m."widgetId"
      from jsonb_to_recordset(${messages}::jsonb) as m(
        n int, "keySuffix" text, kind text, "toAddress" text, subject text, text text, html text, "fromAddress" text,
        "replyTo" text, "communityId" int, "widgetId" int)
      order by m.n
      on conflict (idempotency_key) do nothing
      returning id
    ),
    mailchimp as (${mailchimpQueueQuery(s.communityId, 'P', {
      action: pressureId,
      activist: activistId,
      widget: s.widget.id,
      mobilization: s.mobilizationId,
    })})
    select pressure.id, pressure.created_at,
      (select min(id) from mail) as outbox_id,
      (select count(*) from mailchimp) as mailchimp,
      (select coalesce(sum(${widgetCounters.actions}), 0) from ${widgetCounters}
        where ${widgetCounters.widgetId} = ${s.widget.id}) + 1 as count
    from pressure`;
}

/**
 * Stores a checked e-mail pressure before the visitor is answered, in one statement (above): the activist upserted,
 * the `activist_pressures` row, one outbox row per target, the thank-you e-mail when the widget has one and the
 * Mailchimp queue row when the community syncs. The relay sends them after commit (and the minute sweep, should the
 * nudge be lost). `mail.cc` is kept on the row but not sent: a public form that mails any address it is given would
 * be a tool for spam.
 */
export async function submitPressure(ctx: AppContext, s: PressureSubmission) {
  const statement = pressureStatement(s, pressureMails(s, ctx.config.mail.from));
  const result = (await ctx.db.execute(statement)) as unknown as { rows: Written[] };
  const row = result.rows[0];
  if (!row) throw new Error('pressure insert returned nothing');
  const written = {
    pressure: { id: Number(row.id), createdAt: new Date(row.created_at) },
    outboxId: row.outbox_id === null ? undefined : Number(row.outbox_id),
    mailchimp: Number(row.mailchimp) > 0,
    count: Number(row.count),
  };
  await ctx.mailer.dispatch(written.outboxId).catch((error: unknown) => {
    console.error('[pressure] e-mails left to the sweep:', error);
  });
  if (written.mailchimp) await ctx.mailing.nudge(s.communityId);
  return written;
}
