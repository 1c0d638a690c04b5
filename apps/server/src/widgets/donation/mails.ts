import { formatDate, formatMoney, type Locale, msg, periodLabelKey, renderMessage } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { communityTimeZone } from '../../communities/timeZone';
import { adminBaseUrl, type Config } from '../../config';
import type { Tx } from '../../db/client';
import { blocks, type Donation, mobilizations, type Subscription, widgets } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import { queueThankYouMail } from '../autofire';
import { brazilianFromIso } from './dates';
import { issueManageLink } from './links';

/*
 * The donation e-mails, each queued in the outbox inside the transaction that records what it tells (see
 * mail/outbox.ts): the widget's thank-you e-mail, the boleto's line and link, the subscription's manage link and the
 * failed-charge notice. Their idempotency keys name the event, so a retried step never mails twice.
 */

/** The widget (for its thank-you e-mail) and the page's language, for a widget id that may since have gone. */
export async function widgetForMail(tx: Tx, widgetId: number | null) {
  if (widgetId === null) return { widget: undefined, locale: 'pt-BR' as Locale };
  const [row] = await tx
    .select({ widget: widgets, language: mobilizations.language })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .innerJoin(mobilizations, eq(mobilizations.id, blocks.mobilizationId))
    .where(eq(widgets.id, widgetId))
    .limit(1);
  return { widget: row?.widget, locale: (row?.language === 'es' ? 'es' : 'pt-BR') as Locale };
}

const emailOf = (customer: Record<string, unknown> | null) => String(customer?.email ?? '').trim();

/** The widget's thank-you e-mail (when configured), once per donation. */
export async function queueDonationThankYou(tx: Tx, config: Config, donation: Donation) {
  const { widget, locale } = await widgetForMail(tx, donation.widgetId);
  const to = emailOf(donation.customer);
  if (!widget || !to) return undefined;
  return queueThankYouMail(tx, {
    widget,
    communityId: donation.communityId,
    to,
    idempotencyKey: `donation-${donation.id}-thank-you`,
    kind: 'donation-thank-you',
    locale,
    baseUrl: adminBaseUrl(config),
  });
}

/** The boleto's typeable line and link, e-mailed as soon as the provider issues it. */
export async function queueBoletoMail(tx: Tx, donation: Donation) {
  const data = donation.gatewayData ?? {};
  const to = emailOf(donation.customer);
  if (!to || typeof data.boleto_url !== 'string') return undefined;
  const { locale } = await widgetForMail(tx, donation.widgetId);
  const params = {
    amount: formatMoney(donation.amount),
    barcode: String(data.boleto_barcode ?? ''),
    url: data.boleto_url,
  };
  return queueMail(tx, {
    idempotencyKey: `donation-${donation.id}-boleto`,
    kind: 'donation-boleto',
    to,
    subject: renderMessage(locale, msg('kinds.donation.mailBoletoSubject', params)),
    text: renderMessage(locale, msg('kinds.donation.mailBoletoText', params)),
    communityId: donation.communityId,
    widgetId: donation.widgetId ?? undefined,
  });
}

/**
 * An e-mail carrying a new manage link (which revokes the previous one): 'created' when a subscription starts,
 * 'unpaid' when its charge failed past the retries. `event` makes the idempotency key.
 */
export async function queueManageLinkMail(
  tx: Tx,
  config: Config,
  subscription: Subscription,
  kind: 'created' | 'unpaid',
  event: string,
) {
  const to = emailOf(subscription.customer);
  if (!to) return undefined;
  const { locale } = await widgetForMail(tx, subscription.widgetId);
  const link = await issueManageLink(tx, config, subscription.id);
  const params = {
    amount: formatMoney(subscription.amount),
    period: renderMessage(locale, periodLabelKey(subscription.period)),
    date: subscription.processAt ? brazilianFromIso(subscription.processAt) : '',
    link: link.url,
    // An instant: its day in the community's zone (a `process_at` above is already a calendar day).
    expires: formatDate(link.expiresAt, await communityTimeZone(tx, subscription.communityId)),
  };
  const [subject, text] =
    kind === 'created'
      ? (['kinds.donation.mailSubscriptionSubject', 'kinds.donation.mailSubscriptionText'] as const)
      : (['kinds.donation.mailChargeFailedSubject', 'kinds.donation.mailChargeFailedText'] as const);
  return queueMail(tx, {
    idempotencyKey: `subscription-${subscription.id}-${event}`,
    kind: `subscription-${kind}`,
    to,
    subject: renderMessage(locale, msg(subject, params)),
    text: renderMessage(locale, msg(text, params)),
    communityId: subscription.communityId,
  });
}
