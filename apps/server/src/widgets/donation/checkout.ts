import { eq } from 'drizzle-orm';
import type { ConsentShown } from '../../activists/consent';
import type { AppContext } from '../../context';
import { type Donation, donations, subscriptions, type Widget } from '../../db/schema';
import { AppError } from '../../http/errors';
import { actionCount } from '../counters';
import { requestCharge, scheduleReconcile } from './charge';
import { type Claimed, claimRow, claimWriter } from './claim';
import { donationKey } from './links';
import type { DonationRequest } from './request';
import { settleWriter } from './settle';
import { publicStatus } from './states';

export interface DonationTarget {
  widget: Widget;
  mobilizationId: number;
  /** The page version the request was checked at: a page that moved on since stops the donation (`isStalePage`). */
  pageVersion: number;
  communityId: number;
  /** What the donor's statement shows (the page's name). */
  description: string;
  /** The consent notice the page showed, stored with the donation. */
  consent: ConsentShown;
  /** The embedding site's origin when the widget is embedded on another site (`embeds/cors.ts`). */
  origin?: string;
}

/** A row left `processing` this long ago is taken for a crash between the commit and the provider's answer. */
const STALE_PROCESSING_MS = 2 * 60_000;

/**
 * A visitor's donation, end to end (spec 02 §7 "donation create"). The activist and the donation row (`processing`)
 * are written and committed first, keyed by the client's attempt, in one statement with the donations that arrived
 * with it (`claimWriter`), so a retry of the same attempt finds this row and is answered with it instead of charging
 * again. Then the provider is asked, under the row's own reference and outside any transaction, and its outcome is
 * stored with the outcomes that came back with it (`settleWriter`) before the visitor is answered: paid, authorized,
 * a boleto waiting, refused, failed, or pending when the provider did not answer in time (a job reconciles it).
 */
export async function createDonation(ctx: AppContext, target: DonationTarget, request: DonationRequest) {
  const row = claimRow(target, request);
  const claimed =
    (await claimWriter(ctx.database, ctx.config.formEntryWriters).write(row)) ??
    (await attemptRow(ctx, row.attempt_key));
  if ('noRecipient' in claimed) throw new AppError('unprocessable', { widget_id: ['kinds.donation.noRecipient'] });
  if (!claimed.fresh) {
    const [found] = await ctx.db.select().from(donations).where(eq(donations.id, claimed.id));
    if (!found) throw new Error(`donation ${claimed.id} vanished`);
    if (found.status === 'processing' && Date.now() - found.createdAt.getTime() > STALE_PROCESSING_MS)
      await scheduleReconcile(ctx, found.id);
    return presentDonation(ctx, found);
  }
  const outcome = await requestCharge(
    ctx,
    {
      id: claimed.id,
      amount: request.amount,
      paymentMethod: request.paymentMethod,
      customer: request.customer as unknown as Record<string, unknown>,
      communityId: target.communityId,
      mobilizationId: target.mobilizationId,
    },
    { cardToken: request.cardHash },
    { recipientId: claimed.recipientId, description: target.description },
  );
  const { donation, count } = await settleWriter(ctx).write({ id: claimed.id, outcome });
  if (donation.status === 'pending') await scheduleReconcile(ctx, donation.id);
  return presentDonation(ctx, donation, count);
}

/** The row of an attempt another batch stored while this one's claim waited on it: a retry's answer. */
async function attemptRow(ctx: AppContext, attemptKey: string): Promise<Claimed> {
  const [other] = await ctx.db.select({ id: donations.id }).from(donations).where(eq(donations.attemptKey, attemptKey));
  if (!other) throw new Error('donation attempt vanished');
  return { id: other.id, fresh: false };
}

/**
 * The answer about a donation (the contract's shape): its state, the boleto when there is one, the subscription it
 * started, the key for the post-donation offer, and the widget's count.
 */
export async function presentDonation(ctx: AppContext, donation: Donation, count?: number) {
  const data = donation.gatewayData ?? {};
  const [subscription] = donation.subscriptionId
    ? await ctx.db
        .select({ id: subscriptions.id, period: subscriptions.period, processAt: subscriptions.processAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, donation.subscriptionId))
    : [];
  return {
    donation: {
      id: donation.id,
      status: publicStatus(donation.status),
      payment_method: donation.paymentMethod,
      amount: donation.amount,
      ...(typeof data.boleto_url === 'string' && { boleto_url: data.boleto_url }),
      ...(typeof data.boleto_barcode === 'string' && { boleto_barcode: data.boleto_barcode }),
      ...(typeof data.boleto_due_date === 'string' && { boleto_due_date: data.boleto_due_date }),
      ...(subscription && {
        subscription: { id: subscription.id, period: subscription.period, process_at: subscription.processAt },
      }),
      key: donationKey(ctx.config, donation.id),
    },
    count: count ?? (donation.widgetId === null ? 0 : await actionCount(ctx.db, donation.widgetId)),
  };
}
