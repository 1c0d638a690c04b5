import { eq, sql } from 'drizzle-orm';
import { type ConsentShown, recordConsent } from '../../activists/consent';
import { upsertActivist } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { type Donation, donations, subscriptions, type Widget } from '../../db/schema';
import { actionCount } from '../counters';
import { requestCharge, scheduleReconcile } from './charge';
import { donationKey } from './links';
import type { DonationRequest } from './request';
import { settleDonation } from './settle';
import { publicStatus } from './states';

export interface DonationTarget {
  widget: Widget;
  mobilizationId: number;
  /** The page version the request was checked at: a page that moved on since stops the donation (`isStalePage`). */
  pageVersion: number;
  communityId: number;
  /** The community's recipient at the provider, and what the donor's statement shows (the page's name). */
  recipientId: string;
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
 * are written and committed first, keyed by the client's attempt, so a retry of the same attempt finds this row and
 * is answered with it instead of charging again. Then the provider is asked, under the row's own reference, and its
 * outcome is stored (`settleDonation`) before the visitor is answered: paid, authorized, a boleto waiting, refused,
 * failed, or pending when the provider did not answer in time (a job reconciles it).
 */
export async function createDonation(ctx: AppContext, target: DonationTarget, request: DonationRequest) {
  const attemptKey = `w${target.widget.id}:${request.attempt}`;
  const { customer } = request;
  const claimed = await ctx.db.transaction(async (tx) => {
    // One claim per attempt at a time: a second request of the same attempt waits here for the first's commit, then
    // finds its row and touches nothing else. Without it, the second locked the person (the upsert below) and then
    // waited on the first's donation row, while the first, settling the charge, waited on the person: a deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${attemptKey}, 0))`);
    const [existing] = await tx.select().from(donations).where(eq(donations.attemptKey, attemptKey));
    if (existing) return { row: existing, fresh: false };
    // A donation is an action once paid (`actionMoved`, from settleDonation): trying is not giving.
    const activistId = await upsertActivist(
      tx,
      target.communityId,
      {
        email: customer.email,
        name: customer.name,
        phone: `${customer.phone.ddd}${customer.phone.number}`,
        city: customer.address.city,
      },
      { countsAction: false },
    );
    const [row] = await tx
      .insert(donations)
      .values({
        widgetId: target.widget.id,
        // Only while the page is as the request was checked against: else nothing is written, nothing charged.
        mobilizationId: sql`mutirao_page_at_version(${target.mobilizationId}, ${target.pageVersion})`,
        communityId: target.communityId,
        activistId,
        amount: request.amount,
        paymentMethod: request.paymentMethod,
        status: 'processing',
        customer: customer as unknown as Record<string, unknown>,
        period: request.period ?? null,
        attemptKey,
        origin: target.origin ?? null,
      })
      .onConflictDoNothing({ target: donations.attemptKey })
      .returning();
    if (row) {
      await recordConsent(tx, {
        consent: target.consent,
        communityId: target.communityId,
        mobilizationId: target.mobilizationId,
        widgetId: target.widget.id,
        source: 'donations',
        activistId,
        actionId: row.id,
      });
      return { row, fresh: true };
    }
    // The same attempt raced this one and won: its row is the answer.
    const [other] = await tx.select().from(donations).where(eq(donations.attemptKey, attemptKey));
    if (!other) throw new Error('donation attempt vanished');
    return { row: other, fresh: false };
  });
  if (!claimed.fresh) {
    const { row } = claimed;
    if (row.status === 'processing' && Date.now() - row.createdAt.getTime() > STALE_PROCESSING_MS)
      await scheduleReconcile(ctx, row.id);
    return presentDonation(ctx, row);
  }
  const outcome = await requestCharge(
    ctx,
    claimed.row,
    { cardToken: request.cardHash },
    { recipientId: target.recipientId, description: target.description },
  );
  const settled = await settleDonation(ctx, claimed.row.id, outcome);
  if (settled.status === 'pending') await scheduleReconcile(ctx, settled.id);
  return presentDonation(ctx, settled);
}

/**
 * The answer about a donation (the contract's shape): its state, the boleto when there is one, the subscription it
 * started, the key for the post-donation offer, and the widget's count.
 */
export async function presentDonation(ctx: AppContext, donation: Donation) {
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
    count: donation.widgetId === null ? 0 : await actionCount(ctx.db, donation.widgetId),
  };
}
