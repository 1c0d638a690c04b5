import { EMAIL_PATTERN, type Locale } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { timeZoneOf } from '../../communities/timeZone';
import { type Config, publicPageUrl } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { communities, mobilizations, type Widget, widgets } from '../../db/schema';
import { senderAddress } from '../autofire';

/** What every donation e-mail needs besides the donation: the widget, the page, the community and the sender. */
export interface DonationMailContext {
  /** The page's language (pt-BR unless the page is in Spanish). */
  locale: Locale;
  /** The widget, for its thank-you e-mail; undefined once removed. */
  widget?: Widget;
  community: { name: string; timeZone: string };
  /** The page given on, with its public address; undefined once removed. */
  page?: { name: string; url: string };
  from: string;
  replyTo?: string;
  /** The sandbox driver took the money: the e-mails say nothing was charged. */
  sandbox: boolean;
}

/** The address part of 'Name <address>' (MAIL_FROM, the community's sender), or the text when it is only an address. */
const addressOf = (from: string) => (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim();
const nameOf = (from: string) => /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim() ?? '';

/**
 * Who a donation e-mail is from. The display name is the one the organiser gave the widget's thank-you e-mail (its
 * sender_name), else the community's sender (Remetente dos e-mails), else the community's name: the donor sees who
 * they gave to. The address is always the platform's own (MAIL_FROM), as for pressure e-mails: a receipt must arrive,
 * and a receiving server rightly refuses mail forged from an organiser's domain. Replies go to the organiser (the
 * widget's sender_email, else the community's sender address).
 */
export function donationSender(
  config: Config,
  community: { name: string; emailTemplateFrom: string | null },
  settings: Record<string, unknown> | undefined,
) {
  const widgetEmail = String(settings?.sender_email ?? '').trim();
  const widgetName = String(settings?.sender_name ?? '').trim();
  const communityFrom = community.emailTemplateFrom?.trim() ?? '';
  const communityEmail = communityFrom ? addressOf(communityFrom) : '';
  const name = widgetName || nameOf(communityFrom) || community.name;
  const replyTo = [widgetEmail, communityEmail].find((email) => EMAIL_PATTERN.test(email));
  return { from: senderAddress(name, addressOf(config.mail.from)), replyTo };
}

/**
 * Reads, in one statement, the community, the page and the widget a donation e-mail is about (the page and the widget
 * may be gone: a scheduled charge outlives them). A charge of a subscription names its widget through the subscription.
 */
export async function donationMailContext(
  tx: Tx,
  ctx: AppContext,
  of: { communityId: number; mobilizationId: number | null; widgetId: number | null },
): Promise<DonationMailContext> {
  const [row] = await tx
    .select({
      community: {
        id: communities.id,
        name: communities.name,
        emailTemplateFrom: communities.emailTemplateFrom,
        timeZone: communities.timeZone,
      },
      page: {
        name: mobilizations.name,
        slug: mobilizations.slug,
        customDomain: mobilizations.customDomain,
        language: mobilizations.language,
      },
      widget: widgets,
    })
    .from(communities)
    .leftJoin(mobilizations, eq(mobilizations.id, of.mobilizationId ?? -1))
    .leftJoin(widgets, eq(widgets.id, of.widgetId ?? -1))
    .where(eq(communities.id, of.communityId))
    .limit(1);
  if (!row) throw new Error(`community ${of.communityId} vanished`);
  const { community, page, widget } = row;
  return {
    locale: page?.language === 'es' ? 'es' : 'pt-BR',
    widget: widget ?? undefined,
    community: { name: community.name, timeZone: timeZoneOf(community) },
    page: page ? { name: page.name, url: publicPageUrl(ctx.config, page) } : undefined,
    ...donationSender(ctx.config, community, widget?.settings),
    sandbox: ctx.payments.driver.name === 'sandbox',
  };
}
