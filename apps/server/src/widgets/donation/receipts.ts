import { cardBrandName, DONATION, formatDate, formatMoney, periodLabelKey, translate } from '@mutirao/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Donation, Subscription } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import { brazilianFromIso } from './dates';
import { issueManageLink } from './links';
import { type FactualMail, factualMailBody } from './mailBody';
import type { DonationMailContext } from './mailContext';
import { emailOf } from './mails';
import { cardOf } from './states';

/*
 * The two e-mails that carry a donation's facts, apart from the organiser's own thank-you (the widget's Mensagem
 * agradecimento, which still goes as written): the receipt when the money is in, and the boleto when one is issued.
 * The organiser's message is theirs to word and may be missing; the facts a donor keeps must always arrive, the same
 * in every community.
 */

type T = (key: string, params?: Record<string, string>) => string;
const tr =
  (mail: DonationMailContext): T =>
  (key, params) =>
    translate(mail.locale, `kinds.donation.${key}`, params);

const firstName = (customer: Record<string, unknown> | null) =>
  String(customer?.name ?? '')
    .trim()
    .split(/\s+/)[0] ?? '';

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

function paymentFact(t: T, donation: Donation): string {
  if (donation.paymentMethod === 'boleto') return t('mailPaidBoleto');
  const card = cardOf(donation);
  return card?.last_digits
    ? t('mailPaidCard', { brand: cardBrandName(card.brand), digits: card.last_digits })
    : t('mailPaidCardUnknown');
}

/** The lines every donation e-mail shows about where the money goes. */
function whereFacts(t: T, mail: DonationMailContext): [string, string][] {
  return [
    [t('mailCommunity'), mail.community.name],
    ...(mail.page ? [[t('mailPage'), `${mail.page.name} (${mail.page.url})`] as [string, string]] : []),
  ];
}

function queueFactualMail(
  tx: Tx,
  mail: DonationMailContext,
  donation: Donation,
  key: string,
  body: Omit<FactualMail, 'locale'>,
) {
  const to = emailOf(donation.customer);
  if (!to) return undefined;
  const t = tr(mail);
  const smallPrint = [...(body.smallPrint ?? []), ...(mail.sandbox ? [t('mailSandbox')] : [])];
  return queueMail(tx, {
    idempotencyKey: `donation-${donation.id}-${key}`,
    kind: `donation-${key}`,
    to,
    from: mail.from,
    replyTo: mail.replyTo,
    subject: body.subject,
    ...factualMailBody({ ...body, smallPrint, locale: mail.locale }),
    communityId: donation.communityId,
    widgetId: donation.widgetId ?? undefined,
  });
}

/**
 * The receipt of a paid donation, once per donation (queued by `settleDonation` in the transaction that records it
 * paid, whoever learnt it: the checkout, reconciliation, a postback, the subscription job). It says the amount, the day
 * in the community's time zone, who received it, on which page, and how it was paid. With the subscription it started
 * or charged, it also says when the next charge comes and carries a new manage link (revoking the previous one), so
 * a monthly donor always holds a working link; not when the donor is on the manage page (`newLink: false`).
 */
export async function queueReceiptMail(
  tx: Tx,
  ctx: AppContext,
  mail: DonationMailContext,
  donation: Donation,
  subscription?: Subscription,
  { newLink = true } = {},
) {
  if (!emailOf(donation.customer)) return undefined;
  const t = tr(mail);
  const community = mail.community.name;
  const amount = formatMoney(donation.amount);
  let recurring: Pick<FactualMail, 'after' | 'link'> = {};
  if (subscription) {
    const manage = newLink ? await issueManageLink(tx, ctx.config, subscription.id) : undefined;
    recurring = {
      after: [
        t('mailReceiptRecurring', {
          period: translate(mail.locale, periodLabelKey(subscription.period)),
          amount: formatMoney(subscription.amount),
          date: subscription.processAt ? brazilianFromIso(subscription.processAt) : '',
        }),
      ],
      ...(manage && {
        link: {
          intro: t('mailManageText', { expires: formatDate(manage.expiresAt, mail.community.timeZone) }),
          label: t('mailManageButton'),
          url: manage.url,
        },
      }),
    };
  }
  return queueFactualMail(tx, mail, donation, 'receipt', {
    subject: t('mailReceiptSubject', { community }),
    before: [t('mailGreeting', { name: firstName(donation.customer) }), t('mailReceiptIntro', { amount, community })],
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
export function queueBoletoMail(tx: Tx, mail: DonationMailContext, donation: Donation) {
  const data = donation.gatewayData ?? {};
  if (typeof data.boleto_url !== 'string' && typeof data.boleto_barcode !== 'string') return undefined;
  const t = tr(mail);
  const community = mail.community.name;
  const due = typeof data.boleto_due_date === 'string' ? data.boleto_due_date : undefined;
  const barcode = typeof data.boleto_barcode === 'string' ? data.boleto_barcode : '';
  const url = typeof data.boleto_url === 'string' ? data.boleto_url : undefined;
  return queueFactualMail(tx, mail, donation, 'boleto', {
    subject: t('mailBoletoSubject', { community, amount: formatMoney(donation.amount) }),
    before: [t('mailGreeting', { name: firstName(donation.customer) }), t('mailBoletoIntro', { community })],
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
