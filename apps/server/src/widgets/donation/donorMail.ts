import { cardBrandName, formatDate, translate } from '@mutirao/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { QueuedMail } from '../../mail/outbox';
import { issueManageLink } from './links';
import { type Fact, type FactualMail, factualMailBody } from './mailBody';
import type { DonationMailContext } from './mailContext';

/*
 * The parts the donor's factual e-mails share (the receipt, the boleto, the subscription's): their words in the page's
 * language, the facts about where the money goes and how it is paid, and the queueing with the sender and the
 * sandbox's notice.
 */

export type T = (key: string, params?: Record<string, string>) => string;

/** The `kinds.donation` catalogue in the e-mail's language. */
export const tr =
  (mail: DonationMailContext): T =>
  (key, params) =>
    translate(mail.locale, `kinds.donation.${key}`, params);

export const emailOf = (customer: Record<string, unknown> | null) => String(customer?.email ?? '').trim();

/** 'Olá, Iara!': the first name the donor gave at checkout. */
export const greeting = (t: T, customer: Record<string, unknown> | null) =>
  t('mailGreeting', {
    name:
      String(customer?.name ?? '')
        .trim()
        .split(/\s+/)[0] ?? '',
  });

/** A card as the donor knows it: 'Cartão Visa terminado em 1111' (a generic name when the provider gave no digits). */
export function cardFact(t: T, card: { brand?: string; last_digits?: string } | undefined | null): string {
  return card?.last_digits
    ? t('mailPaidCard', { brand: cardBrandName(card.brand ?? ''), digits: card.last_digits })
    : t('mailPaidCardUnknown');
}

/** The lines every donation e-mail shows about where the money goes. */
export function whereFacts(t: T, mail: DonationMailContext): Fact[] {
  return [
    [t('mailCommunity'), mail.community.name],
    ...(mail.page ? [[t('mailPage'), mail.page.name, mail.page.url] as Fact] : []),
  ];
}

/**
 * One of the donor's e-mails, from the donation's sender, with the sandbox's notice when no money really moved, ready
 * for the outbox: `key` is the idempotency key, `kind` what the mailbox and the delivery view call it. None without an
 * address.
 */
export function donorMail(
  mail: DonationMailContext,
  message: { key: string; kind: string; to: string; communityId: number; widgetId?: number | null },
  body: Omit<FactualMail, 'locale'>,
): QueuedMail | undefined {
  if (!message.to) return undefined;
  const smallPrint = [...(body.smallPrint ?? []), ...(mail.sandbox ? [tr(mail)('mailSandbox')] : [])];
  return {
    idempotencyKey: message.key,
    kind: message.kind,
    to: message.to,
    from: mail.from,
    replyTo: mail.replyTo,
    subject: body.subject,
    ...factualMailBody({ ...body, smallPrint, locale: mail.locale }),
    communityId: message.communityId,
    widgetId: message.widgetId ?? undefined,
  };
}

/**
 * A new manage link for the e-mail (which revokes the previous one), with its words: `intro` says what it is for and
 * until when it works, in the community's time zone.
 */
export async function manageLinkPart(
  tx: Tx,
  ctx: AppContext,
  mail: DonationMailContext,
  subscriptionId: number,
  intro: 'mailManageText' | 'mailChargeFailedManage',
): Promise<NonNullable<FactualMail['link']>> {
  const t = tr(mail);
  const link = await issueManageLink(tx, ctx.config, subscriptionId);
  return {
    intro: t(intro, { expires: formatDate(link.expiresAt, mail.community.timeZone) }),
    label: t(intro === 'mailManageText' ? 'mailManageButton' : 'manageChangeCard'),
    url: link.url,
  };
}
