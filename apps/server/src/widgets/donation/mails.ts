import { formatMoney, periodLabelKey, translate } from '@mutirao/core';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Donation, Subscription } from '../../db/schema';
import { queueThankYouMail } from '../autofire';
import { brazilianFromIso } from './dates';
import { cardFact, emailOf, greeting, manageLinkPart, queueDonorMail, tr, whereFacts } from './donorMail';
import { type DonationMailContext, donationMailContext } from './mailContext';

/*
 * The donation e-mails, each queued in the outbox inside the transaction that records what it tells (see
 * mail/outbox.ts): the widget's thank-you e-mail, the receipt and the boleto (receipts.ts), the subscription's
 * confirmation and the failed-charge notice, each with a manage link. Their idempotency keys name the event, so a
 * retried step never mails twice.
 */

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
 * a subscription (its amount, next charge, card and community), 'unpaid' when its charge failed past the retries (a
 * link to change the card). `event` makes the idempotency key.
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
    return queueDonorMail(tx, mail, message, {
      subject: t('mailChargeFailedSubject', { amount }),
      before: [greeting(t, subscription.customer), t('mailChargeFailedIntro', { amount, community })],
      link: await manageLinkPart(tx, ctx, mail, subscription.id, 'mailChargeFailedManage'),
    });
  return queueDonorMail(tx, mail, message, {
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
