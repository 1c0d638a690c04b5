import { formatMoney, periodLabelKey, translate } from '@mutirao/core';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Donation, Subscription } from '../../db/schema';
import type { QueuedMail } from '../../mail/outbox';
import { thankYouMail } from '../autofire';
import { brazilianFromIso } from './dates';
import { cardFact, donorMail, emailOf, greeting, manageLinkPart, tr, whereFacts } from './donorMail';
import { type DonationMailContext, donationMailContext } from './mailContext';

/*
 * The donation e-mails, each built here and queued by the caller in the outbox inside the transaction that records
 * what it tells (see mail/outbox.ts): the widget's thank-you e-mail, the receipt and the boleto (receipts.ts), the subscription's
 * confirmation and the failed-charge notice, each with a manage link. Their idempotency keys name the event, so a
 * retried step never mails twice.
 */

/** The organiser's thank-you e-mail of the widget (when configured), once per donation. */
export function donationThankYouMail(ctx: AppContext, mail: DonationMailContext, donation: Donation) {
  const to = emailOf(donation.customer);
  if (!mail.widget || !to) return undefined;
  return thankYouMail({
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
 * a subscription (its amount, next charge, card and community), 'unpaid' when its charge failed past the retries (a
 * link to change the card). `event` makes the idempotency key.
 */
export async function manageLinkMail(
  tx: Tx,
  ctx: AppContext,
  subscription: Subscription,
  kind: 'created' | 'unpaid',
  event: string,
): Promise<QueuedMail | undefined> {
  const to = emailOf(subscription.customer);
  if (!to) return undefined;
  const mail = await donationMailContext(tx, ctx, subscription);
  const t = tr(mail);
  const community = mail.community.name;
  const amount = formatMoney(subscription.amount);
  const period = translate(mail.locale, periodLabelKey(subscription.period));
  const message = {
    key: `subscription-${subscription.id}-${event}`,
    kind: `subscription-${kind}`,
    to,
    ...subscription,
  };
  if (kind === 'unpaid')
    return donorMail(mail, message, {
      subject: t('mailChargeFailedSubject', { amount }),
      before: [greeting(t, subscription.customer), t('mailChargeFailedIntro', { amount, community })],
      link: await manageLinkPart(tx, ctx, mail, subscription.id, 'mailChargeFailedManage'),
    });
  return donorMail(mail, message, {
    subject: t('mailSubscriptionSubject', { community }),
    before: [greeting(t, subscription.customer), t('mailSubscriptionIntro', { community, period })],
    facts: [
      [t('mailAmount'), t('manageAmountValue', { amount, period })],
      [t('manageNextCharge'), subscription.processAt ? brazilianFromIso(subscription.processAt) : ''],
      [t('mailPayment'), cardFact(t, subscription.cardData)],
      ...whereFacts(t, mail),
    ],
    link: await manageLinkPart(tx, ctx, mail, subscription.id, 'mailManageText'),
  });
}
