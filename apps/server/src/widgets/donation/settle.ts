import { eq } from 'drizzle-orm';
import { actionMoved } from '../../actions/standing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { type Donation, donationPostbacks, donations, type Subscription, subscriptions } from '../../db/schema';
import { addDays, todayIso } from './dates';
import { donationMailContext } from './mailContext';
import { queueDonationThankYou, queueManageLinkMail } from './mails';
import { queueBoletoMail, queueReceiptMail } from './receipts';
import { canMove, cardOf, type DonationStatus, gatewayDataOf, isPaid, isScheduledCharge, type Outcome } from './states';

/** After a refused scheduled charge, the next tries come these many days later; past the last, 'unpaid'. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

/**
 * Records what became of a donation's charge, in one transaction under the row's lock, with everything that follows
 * from it: the donation's new state (only the moves `canMove` allows; anything else changes nothing), the
 * subscription it starts or advances, and the e-mails. Whoever learns the outcome calls this: the checkout, the
 * reconciliation job, the charging job, a postback (each of its moves once: `firstPostbackOfMove`). Answers the row
 * as stored afterwards.
 */
export async function settleDonation(ctx: AppContext, donationId: number, outcome: Outcome) {
  const { donation, outboxIds, mailchimp } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(donations).where(eq(donations.id, donationId)).for('update');
    if (!row) throw new Error(`donation ${donationId} vanished`);
    const unchanged = { donation: row, outboxIds: [] as (number | undefined)[], mailchimp: false };
    if (row.status === outcome.status || !canMove(row.status, outcome.status)) return unchanged;
    if (outcome.postback && !(await firstPostbackOfMove(tx, row, outcome.status, outcome.postback))) return unchanged;
    const [updated] = await tx
      .update(donations)
      .set({
        status: outcome.status,
        transactionId: outcome.charge?.id ?? row.transactionId,
        gatewayData: gatewayDataOf(outcome, row.gatewayData),
        updatedAt: new Date(),
      })
      .where(eq(donations.id, row.id))
      .returning();
    if (!updated) throw new Error(`donation ${donationId} not updated`);
    // Paid makes it a donation (the person's count, the mailing list); a refund takes it back.
    const mailchimp = await actionMoved(tx, { kind: 'donation', ...updated }, row.status, updated.status);
    const settled = isScheduledCharge(updated)
      ? { donation: updated, outboxIds: await scheduledChargeSettled(tx, ctx, row.status, updated, outcome) }
      : await visitorDonationSettled(tx, ctx, row.status, updated);
    return { ...settled, mailchimp };
  });
  if (mailchimp) await ctx.mailing.nudge(donation.communityId);
  for (const id of outboxIds)
    if (id !== undefined)
      await ctx.mailer.dispatch(id).catch((error: unknown) => {
        console.error('[donation] e-mails left to the sweep:', error);
      });
  return donation;
}

/**
 * Records the move a postback makes (`donation_postbacks`), once: a transaction's move from one state to another
 * happens once, so a replay of it (the same postback again, or an older one arriving after the donation came back
 * to that state, as paid → pending_refund → paid) conflicts on the unique index and moves nothing. The row lock
 * already orders two postbacks of one donation; the index holds even so.
 */
async function firstPostbackOfMove(tx: Tx, row: Donation, status: string, postback: Record<string, unknown>) {
  const [added] = await tx
    .insert(donationPostbacks)
    .values({
      donationId: row.id,
      transactionId: row.transactionId ?? String(postback.id),
      fromStatus: row.status,
      status,
    })
    .onConflictDoNothing({
      target: [donationPostbacks.transactionId, donationPostbacks.fromStatus, donationPostbacks.status],
    })
    .returning({ id: donationPostbacks.id });
  return added !== undefined;
}

/**
 * A visitor's donation: once accepted (paid or authorized, or a boleto issued) the organiser's thank-you e-mail; a
 * boleto issued, its e-mail; once paid (at once for a card, later for a boleto or a charge left pending), the receipt,
 * and for a recurring donation the subscription (its first charge is this one), whose next charge and manage link the
 * receipt carries. A refused or failed try mails nothing. Answers the row as it now is (linked to its subscription)
 * and the e-mails queued.
 */
async function visitorDonationSettled(tx: Tx, ctx: AppContext, from: string, donation: Donation) {
  const accepted = isPaid(donation.status) || donation.status === 'waiting_payment';
  const wasAccepted = isPaid(from) || from === 'waiting_payment';
  const paidNow = isPaid(donation.status) && !isPaid(from);
  if (!paidNow && (!accepted || wasAccepted)) return { donation, outboxIds: [] };
  const ids: (number | undefined)[] = [];
  let settled = donation;
  const mail = await donationMailContext(tx, ctx, donation);
  if (accepted && !wasAccepted) ids.push(await queueDonationThankYou(tx, ctx, mail, donation));
  if (donation.status === 'waiting_payment') ids.push(await queueBoletoMail(tx, mail, donation));
  const card = cardOf(donation);
  let subscription: Subscription | undefined;
  if (isPaid(donation.status) && donation.period && !donation.subscriptionId && card) {
    subscription = await startSubscription(tx, donation, {
      amount: donation.amount,
      period: donation.period,
      processAt: addDays(todayIso(), donation.period),
      card,
    });
    const [linked] = await tx
      .update(donations)
      .set({ subscriptionId: subscription.id })
      .where(eq(donations.id, donation.id))
      .returning();
    settled = linked ?? { ...donation, subscriptionId: subscription.id };
  }
  if (paidNow) ids.push(await queueReceiptMail(tx, ctx, mail, settled, subscription));
  return { donation: settled, outboxIds: ids };
}

/**
 * A subscription from a paid card donation: the provider's card id, brand and last digits (never the number), the
 * donor as given at checkout and the first date the job charges it. Unique per origin donation.
 */
export async function startSubscription(
  tx: Tx,
  donation: Donation,
  terms: {
    amount: number;
    period: number;
    processAt: string;
    card: { id: string; brand: string; last_digits: string };
  },
) {
  const customer = donation.gatewayData?.customer as Record<string, unknown> | undefined;
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      communityId: donation.communityId,
      widgetId: donation.widgetId,
      mobilizationId: donation.mobilizationId,
      activistId: donation.activistId,
      amount: terms.amount,
      period: terms.period,
      status: 'active',
      cardData: { card_id: terms.card.id, brand: terms.card.brand, last_digits: terms.card.last_digits },
      gatewayCustomerId: customer?.id === undefined ? null : String(customer.id),
      customer: donation.customer,
      processAt: terms.processAt,
      originDonationId: donation.id,
    })
    .returning();
  if (!subscription) throw new Error('subscription insert returned nothing');
  return subscription;
}

/**
 * A charge of the subscription job: paid moves the subscription to its next cycle (from the cycle's own date, so
 * retries do not shift the calendar) and clears the retries; refused or failed schedules the next try after
 * RETRY_AFTER_DAYS, and after the last one the subscription is 'unpaid' and the donor gets a link to change the card.
 * A canceled subscription stays canceled whatever its last charge did.
 */
async function scheduledChargeSettled(tx: Tx, ctx: AppContext, from: string, donation: Donation, outcome: Outcome) {
  if (!donation.subscriptionId) return [];
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, donation.subscriptionId))
    .for('update');
  if (!subscription || subscription.status === 'canceled') return [];
  const status = donation.status as DonationStatus;
  const cycle = donation.attemptKey?.split(':')[1];
  // Only the outcome of the current cycle's charge moves the subscription (a late postback of an older one does not).
  if (!cycle || cycle !== subscription.processAt) return [];
  if (isPaid(status) && !isPaid(from)) {
    const [advanced] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        processAt: addDays(cycle, subscription.period),
        retryAt: null,
        chargeAttempts: 0,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    // Each month's charge gets its receipt, with the next date and a fresh manage link.
    const mail = await donationMailContext(tx, ctx, { ...donation, widgetId: subscription.widgetId });
    const newLink = !outcome.fromManagePage;
    return [await queueReceiptMail(tx, ctx, mail, donation, advanced ?? subscription, { newLink })];
  }
  if (status !== 'refused' && status !== 'failed') return [];
  const attempts = subscription.chargeAttempts + 1;
  const retryIn = RETRY_AFTER_DAYS[attempts - 1];
  const [updated] = await tx
    .update(subscriptions)
    .set({
      chargeAttempts: attempts,
      retryAt: retryIn === undefined ? null : addDays(todayIso(), retryIn),
      ...(retryIn === undefined && { status: 'unpaid' as const }),
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  if (retryIn !== undefined || !updated) return [];
  return [await queueManageLinkMail(tx, ctx, updated, 'unpaid', `unpaid-${cycle}-${attempts}`)];
}
