import type { Locale, PressureFill, PressureTarget } from '@mutirao/core';
import { formatTarget } from '@mutirao/core';
import { type ConsentShown, recordConsent } from '../../activists/consent';
import { upsertActivist } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { activistPressures, type Widget } from '../../db/schema';
import { type QueuedMail, queueMails } from '../../mail/outbox';
import { queueForMailchimp } from '../../mailing/sync';
import { queueThankYouMail, senderAddress } from '../autofire';
import { actionCount } from '../counters';

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
 * The e-mail to one target. It comes from the platform's own address under the visitor's name, with the visitor as
 * Reply-To: the visitor's address is never forged (a receiving server would rightly refuse it under SPF and DMARC),
 * and the decision-maker's reply still reaches the person who wrote.
 */
function targetMail(
  s: PressureSubmission,
  pressureId: number,
  target: PressureTarget,
  platformFrom: string,
): QueuedMail {
  const { activist, mail } = s.fill;
  const name = `${activist.firstname.trim()} ${activist.lastname.trim()}`;
  const signature = [name, activist.city?.trim()].filter(Boolean).join(', ');
  return {
    idempotencyKey: `pressure-${pressureId}-to-${target.address}`,
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

/**
 * Stores a checked e-mail pressure in one transaction, before the visitor is answered: the activist upserted, the
 * `activist_pressures` row, one outbox row per target, the thank-you e-mail when the widget has one and the Mailchimp
 * queue row when the community syncs. The relay
 * sends them after commit (and the minute sweep, should the nudge be lost). `mail.cc` is kept on the row but not
 * sent: a public form that mails any address it is given would be a tool for spam.
 */
export async function submitPressure(ctx: AppContext, s: PressureSubmission) {
  const { activist, mail } = s.fill;
  const written = await ctx.db.transaction(async (tx) => {
    const activistId = await upsertActivist(tx, s.communityId, {
      email: activist.email,
      firstName: activist.firstname,
      lastName: activist.lastname,
      city: activist.city ?? undefined,
    });
    const [pressure] = await tx
      .insert(activistPressures)
      .values({
        widgetId: s.widget.id,
        mobilizationId: s.mobilizationId,
        activistId,
        targets: s.targets.map(formatTarget),
        mail: { subject: mail.subject.trim(), body: mail.body.trim(), cc: mail.cc ?? [] },
        formData: {
          firstname: activist.firstname.trim(),
          lastname: activist.lastname.trim(),
          email: activist.email.trim(),
          city: activist.city?.trim() || null,
        },
      })
      .returning({ id: activistPressures.id, createdAt: activistPressures.createdAt });
    if (!pressure) throw new Error('pressure insert returned nothing');
    await recordConsent(tx, {
      consent: s.consent,
      communityId: s.communityId,
      mobilizationId: s.mobilizationId,
      widgetId: s.widget.id,
      source: 'activist_pressures',
      activistId,
      actionId: pressure.id,
    });
    // One insert for every target's e-mail, however many targets.
    const ids: (number | undefined)[] = await queueMails(
      tx,
      s.targets.map((target) => targetMail(s, pressure.id, target, ctx.config.mail.from)),
    );
    ids.push(
      await queueThankYouMail(tx, {
        widget: s.widget,
        communityId: s.communityId,
        to: activist.email.trim(),
        idempotencyKey: `pressure-${pressure.id}-thank-you`,
        kind: 'pressure-thank-you',
        locale: s.locale,
        baseUrl: s.baseUrl,
      }),
    );
    const mailchimp = await queueForMailchimp(tx, s.communityId, 'P', {
      action: pressure.id,
      activist: activistId,
      widget: s.widget.id,
      mobilization: s.mobilizationId,
    });
    return {
      pressure,
      outboxId: ids.find((id) => id !== undefined),
      mailchimp,
      count: await actionCount(tx, s.widget.id),
    };
  });
  await ctx.mailer.dispatch(written.outboxId).catch((error: unknown) => {
    console.error('[pressure] e-mails left to the sweep:', error);
  });
  if (written.mailchimp) await ctx.mailing.nudge(s.communityId);
  return written;
}
