import { formatDate, formatMoney, msg, periodLabelKey, renderMessage } from '@mutirao/core';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Donation, Subscription } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import { queueThankYouMail } from '../autofire';
import { brazilianFromIso } from './dates';
import { issueManageLink } from './links';
import { type DonationMailContext, donationMailContext } from './mailContext';

/*
 * The donation e-mails, each queued in the outbox inside the transaction that records what it tells (see
 * mail/outbox.ts): the widget's thank-you e-mail, the receipt and the boleto (receipts.ts), the subscription's manage
 * link and the failed-charge notice. Their idempotency keys name the event, so a retried step never mails twice.
 */

export const emailOf = (customer: Record<string, unknown> | null) => String(customer?.email ?? '').trim();

/** The organiser's thank-you e-mail of the widget (when configured), once per donation. */
export async function queueDonationThankYou(tx: Tx, ctx: AppContext, mail: DonationMailContext, donation: Donation) {
  const to = emailOf(donation.customer);
  if (!mail.widget || !to) return undefined;
  return queueThankYouMail(tx, {
    widget: mail.widget,
    communityId: donation.communityId,
    to,
    idempotencyKey: `donation-${donation.id}-thank-you`,
    kind: 'donation-thank-you',
    locale: mail.locale,
    baseUrl: adminBaseUrl(ctx.config),
  });
}

/**
 * An e-mail carrying a new manage link (which revokes the previous one): 'created' when the post-donation offer starts
 * a subscription, 'unpaid' when its charge failed past the retries. `event` makes the idempotency key.
 */
export async function queueManageLinkMail(
  tx: Tx,
  ctx: AppContext,
  subscription: Subscription,
  kind: 'created' | 'unpaid',
  event: string,
) {
  const to = emailOf(subscription.customer);
  if (!to) return undefined;
  const mail = await donationMailContext(tx, ctx, subscription);
  const { locale } = mail;
  const link = await issueManageLink(tx, ctx.config, subscription.id);
  const params = {
    amount: formatMoney(subscription.amount),
    period: renderMessage(locale, periodLabelKey(subscription.period)),
    date: subscription.processAt ? brazilianFromIso(subscription.processAt) : '',
    link: link.url,
    expires: formatDate(link.expiresAt, mail.community.timeZone),
  };
  const [subject, text] =
    kind === 'created'
      ? (['kinds.donation.mailSubscriptionSubject', 'kinds.donation.mailSubscriptionText'] as const)
      : (['kinds.donation.mailChargeFailedSubject', 'kinds.donation.mailChargeFailedText'] as const);
  return queueMail(tx, {
    idempotencyKey: `subscription-${subscription.id}-${event}`,
    kind: `subscription-${kind}`,
    to,
    from: mail.from,
    replyTo: mail.replyTo,
    subject: renderMessage(locale, msg(subject, params)),
    text: renderMessage(locale, msg(text, params)),
    communityId: subscription.communityId,
  });
}
