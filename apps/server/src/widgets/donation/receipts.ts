import { DONATION, formatDate, formatMoney, periodLabelKey, translate } from '@mutirao/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Donation, Subscription } from '../../db/schema';
import type { QueuedMail } from '../../mail/outbox';
import { brazilianFromIso } from './dates';
import { cardFact, donorMail, emailOf, greeting, manageLinkPart, type T, tr, whereFacts } from './donorMail';
import type { FactualMail } from './mailBody';
import type { DonationMailContext } from './mailContext';
import { cardOf } from './states';

/*
 * The two e-mails that carry a donation's facts, apart from the organiser's own thank-you (the widget's Mensagem
 * agradecimento, which still goes as written): the receipt when the money is in, and the boleto when one is issued.
 * The organiser's message is theirs to word and may be missing; the facts a donor keeps must always arrive, the same
 * in every community.
 */

/** A boleto's amount includes its fee: the donor sees what was the gift and what was the bank's. */
function amountFact(t: T, donation: Donation): string {
  const total = formatMoney(donation.amount);
  if (donation.paymentMethod !== 'boleto' || donation.amount <= DONATION.boletoFeeCents) return total;
  return t('mailBoletoFeeSplit', {
    total,
    gift: formatMoney(donation.amount - DONATION.boletoFeeCents),
    fee: formatMoney(DONATION.boletoFeeCents),
  });
}

const paymentFact = (t: T, donation: Donation) =>
  donation.paymentMethod === 'boleto' ? t('mailPaidBoleto') : cardFact(t, cardOf(donation));

/** The donation's own e-mail of this kind ('receipt', 'boleto'): keyed by the donation, so sent once. */
const donationMail = (
  mail: DonationMailContext,
  donation: Donation,
  kind: 'receipt' | 'boleto',
  body: Omit<FactualMail, 'locale'>,
) =>
  donorMail(
    mail,
    {
      key: `donation-${donation.id}-${kind}`,
      kind: `donation-${kind}`,
      to: emailOf(donation.customer),
      communityId: donation.communityId,
      widgetId: donation.widgetId,
    },
    body,
  );

/**
 * The receipt of a paid donation, once per donation (queued by `settleDonations` in the transaction that records it
 * paid, whoever learnt it: the checkout, reconciliation, a postback, the subscription job). It says the amount, the day
 * in the community's time zone, who received it, on which page, and how it was paid. With the subscription it started
 * or charged, it also says when the next charge comes and carries a new manage link (revoking the previous one), so
 * a monthly donor always holds a working link; not when the donor is on the manage page (`newLink: false`).
 */
export async function receiptMail(
  tx: Tx,
  ctx: AppContext,
  mail: DonationMailContext,
  donation: Donation,
  subscription?: Subscription,
  { newLink = true } = {},
): Promise<QueuedMail | undefined> {
  if (!emailOf(donation.customer)) return undefined;
  const t = tr(mail);
  const community = mail.community.name;
  const amount = formatMoney(donation.amount);
  let recurring: Pick<FactualMail, 'after' | 'link'> = {};
  if (subscription) {
    recurring = {
      after: [
        t('mailReceiptRecurring', {
          period: translate(mail.locale, periodLabelKey(subscription.period)),
          amount: formatMoney(subscription.amount),
          date: subscription.processAt ? brazilianFromIso(subscription.processAt) : '',
        }),
      ],
      ...(newLink && { link: await manageLinkPart(tx, ctx, mail, subscription.id, 'mailManageText') }),
    };
  }
  return donationMail(mail, donation, 'receipt', {
    subject: t('mailReceiptSubject', { community }),
    before: [greeting(t, donation.customer), t('mailReceiptIntro', { amount, community })],
    facts: [
      [t('mailAmount'), amountFact(t, donation)],
      [t('mailDate'), formatDate(new Date(), mail.community.timeZone)],
      ...whereFacts(t, mail),
      [t('mailPayment'), paymentFact(t, donation)],
    ],
    ...recurring,
    smallPrint: [t('mailReceiptKeep')],
  });
}

/** The boleto as the provider issued it (its line, its link and its due date), once per donation. */
export function boletoMail(mail: DonationMailContext, donation: Donation): QueuedMail | undefined {
  const data = donation.gatewayData ?? {};
  if (typeof data.boleto_url !== 'string' && typeof data.boleto_barcode !== 'string') return undefined;
  const t = tr(mail);
  const community = mail.community.name;
  const due = typeof data.boleto_due_date === 'string' ? data.boleto_due_date : undefined;
  const barcode = typeof data.boleto_barcode === 'string' ? data.boleto_barcode : '';
  const url = typeof data.boleto_url === 'string' ? data.boleto_url : undefined;
  return donationMail(mail, donation, 'boleto', {
    subject: t('mailBoletoSubject', { community, amount: formatMoney(donation.amount) }),
    before: [greeting(t, donation.customer), t('mailBoletoIntro', { community })],
    facts: [
      [t('mailAmount'), amountFact(t, donation)],
      ...(due ? [[t('mailBoletoDue'), brazilianFromIso(due)] as [string, string]] : []),
      ...(barcode ? [[t('mailBoletoLine'), barcode] as [string, string]] : []),
      ...whereFacts(t, mail),
    ],
    ...(url && { link: { intro: t('mailBoletoPay'), label: t('mailBoletoOpen'), url } }),
    smallPrint: [t('mailBoletoAfter')],
  });
}
