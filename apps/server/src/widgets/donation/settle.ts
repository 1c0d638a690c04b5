import { asc, eq, inArray, sql } from 'drizzle-orm';
import { actionsMoved } from '../../actions/standing';
import type { AppContext } from '../../context';
import { anyInt } from '../../db/arrays';
import type { Tx } from '../../db/client';
import { GroupWriter } from '../../db/groupWriter';
import { type Donation, donationPostbacks, donations, type Subscription, subscriptions } from '../../db/schema';
import { type QueuedMail, queueMails } from '../../mail/outbox';
import { actionCounts } from '../counters';
import { addDays, todayIso } from './dates';
import { type DonationMailContext, donationMailContext } from './mailContext';
import { donationThankYouMail, manageLinkMail } from './mails';
import { boletoMail, receiptMail } from './receipts';
import { canMove, cardOf, type DonationStatus, gatewayDataOf, isPaid, isScheduledCharge, type Outcome } from './states';

/** After a refused scheduled charge, the next tries come these many days later; past the last, 'unpaid'. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

/** What became of one donation's charge, as `settleDonations` records it. */
export interface Settlement {
  id: number;
  outcome: Outcome;
}

/**
 * Records what became of donations' charges, in one transaction under the rows' locks, with everything that follows
 * from each: the donation's new state (only the moves `canMove` allows; anything else changes nothing), the
 * subscription it starts or advances, and the e-mails. Whoever learns an outcome calls this: the checkout (a batch of
 * the donations that arrived together, `settleWriter`), the reconciliation job, the charging job, a postback (each
 * of its moves once: `firstPostbackOfMove`). The states, the people's counts, the mailing list and the e-mails are
 * each written by one statement for the whole batch, so a crowd's settlements cost a few statements and one commit
 * (and one `pg_notify` of the list triggers), not a transaction each. Answers the rows as stored afterwards, in order,
 * and the count of each of their widgets after the commit.
 */
export async function settleDonations(ctx: AppContext, settlements: Settlement[]) {
  const { settled, outboxIds, mailchimp, counts } = await ctx.db.transaction(async (tx) => {
    const ids = settlements.map((s) => s.id);
    const locked = await tx
      .select()
      .from(donations)
      .where(inArray(donations.id, ids))
      .orderBy(asc(donations.id))
      .for('update');
    const rows = new Map(locked.map((row) => [row.id, row]));
    const moves: { from: Donation; to: Donation; outcome: Outcome }[] = [];
    const updatedAt = new Date();
    for (const { id, outcome } of settlements) {
      const row = rows.get(id);
      if (!row) throw new Error(`donation ${id} vanished`);
      if (row.status === outcome.status || !canMove(row.status, outcome.status)) continue;
      if (outcome.postback && !(await firstPostbackOfMove(tx, row, outcome.status, outcome.postback))) continue;
      const to: Donation = {
        ...row,
        status: outcome.status,
        transactionId: outcome.charge?.id ?? row.transactionId,
        gatewayData: gatewayDataOf(outcome, row.gatewayData),
        updatedAt,
      };
      rows.set(id, to);
      moves.push({ from: row, to, outcome });
    }
    if (!moves.length)
      return { settled: rows, outboxIds: [] as number[], mailchimp: [] as number[], counts: undefined };
    await updateStates(
      tx,
      moves.map((m) => m.to),
    );
    // Paid makes it a donation (the person's count, the mailing list); a refund takes it back.
    const mailchimp = await actionsMoved(
      tx,
      moves.map(({ from, to }) => ({ action: { kind: 'donation', ...to }, from: from.status, to: to.status })),
    );
    const contexts = new Map<string, Promise<DonationMailContext>>();
    const mailOf = (d: Donation) => {
      const key = `${d.communityId}:${d.mobilizationId}:${d.widgetId}`;
      let context = contexts.get(key);
      if (!context) {
        context = donationMailContext(tx, ctx, d);
        contexts.set(key, context);
      }
      return context;
    };
    const mails: (QueuedMail | undefined)[] = [];
    for (const { from, to, outcome } of moves) {
      const after = isScheduledCharge(to)
        ? await scheduledChargeSettled(tx, ctx, from.status, to, outcome, mails)
        : await visitorDonationSettled(tx, ctx, from.status, to, await mailOf(to), mails);
      rows.set(to.id, after);
    }
    const outboxIds = await queueMails(tx, mails);
    const widgetIds = moves.flatMap((m) => (m.to.widgetId === null ? [] : [m.to.widgetId]));
    return { settled: rows, outboxIds, mailchimp, counts: await actionCounts(tx, [...new Set(widgetIds)]) };
  });
  for (const communityId of mailchimp) await ctx.mailing.nudge(communityId);
  if (outboxIds.length)
    await ctx.mailer.dispatch(outboxIds[0]).catch((error: unknown) => {
      console.error('[donation] e-mails left to the sweep:', error);
    });
  return settlements.map(({ id }) => {
    const donation = settled.get(id) as Donation;
    const count = donation.widgetId === null ? undefined : counts?.get(donation.widgetId);
    return { donation, count };
  });
}

/** Records what became of one donation's charge (`settleDonations`); answers the row as stored afterwards. */
export async function settleDonation(ctx: AppContext, donationId: number, outcome: Outcome) {
  const [one] = await settleDonations(ctx, [{ id: donationId, outcome }]);
  if (!one) throw new Error(`donation ${donationId} not settled`);
  return one.donation;
}

/** The new states of a batch's donations, in one statement. */
async function updateStates(tx: Tx, moved: Donation[]) {
  const values = JSON.stringify(
    moved.map((d) => ({
      id: d.id,
      status: d.status,
      transaction_id: d.transactionId,
      gateway_data: d.gatewayData,
      updated_at: d.updatedAt.toISOString(),
    })),
  );
  await tx.execute(sql`
    update donations d set status = v.status, transaction_id = v.transaction_id, gateway_data = v.gateway_data,
      updated_at = v.updated_at
    from jsonb_to_recordset(${values}::jsonb)
      as v(id int, status text, transaction_id text, gateway_data jsonb, updated_at timestamptz)
    where d.id = v.id and d.id = ${anyInt(moved.map((d) => d.id))}`);
}

const settleWriters = new WeakMap<AppContext, GroupWriter<Settlement, Settled>>();
type Settled = Awaited<ReturnType<typeof settleDonations>>[number];

/**
 * This process's group-commit writer of the checkout's settlements (`GroupWriter`): the outcomes of the charges
 * that came back together are recorded together (`settleDonations`). One donation at most once per batch.
 */
export function settleWriter(ctx: AppContext) {
  let writer = settleWriters.get(ctx);
  if (!writer) {
    writer = new GroupWriter((batch) => settleDonations(ctx, batch), {
      kind: 'donation-settle',
      writers: ctx.database.kind === 'pglite' ? 1 : ctx.config.formEntryWriters,
      maxBatch: 100,
      person: (s) => `d${s.id}`,
    });
    settleWriters.set(ctx, writer);
  }
  return writer;
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
 * receipt carries. A refused or failed try mails nothing. Adds its e-mails to `mails` and answers the row as it now is
 * (linked to its subscription).
 */
async function visitorDonationSettled(
  tx: Tx,
  ctx: AppContext,
  from: string,
  donation: Donation,
  mail: DonationMailContext,
  mails: (QueuedMail | undefined)[],
) {
  const accepted = isPaid(donation.status) || donation.status === 'waiting_payment';
  const wasAccepted = isPaid(from) || from === 'waiting_payment';
  const paidNow = isPaid(donation.status) && !isPaid(from);
  if (!paidNow && (!accepted || wasAccepted)) return donation;
  let settled = donation;
  if (accepted && !wasAccepted) mails.push(donationThankYouMail(ctx, mail, donation));
  if (donation.status === 'waiting_payment') mails.push(boletoMail(mail, donation));
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
  if (paidNow) mails.push(await receiptMail(tx, ctx, mail, settled, subscription));
  return settled;
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
 * A canceled subscription stays canceled whatever its last charge did. Adds its e-mails to `mails`.
 */
async function scheduledChargeSettled(
  tx: Tx,
  ctx: AppContext,
  from: string,
  donation: Donation,
  outcome: Outcome,
  mails: (QueuedMail | undefined)[],
) {
  if (!donation.subscriptionId) return donation;
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, donation.subscriptionId))
    .for('update');
  if (!subscription || subscription.status === 'canceled') return donation;
  const status = donation.status as DonationStatus;
  const cycle = donation.attemptKey?.split(':')[1];
  // Only the outcome of the current cycle's charge moves the subscription (a late postback of an older one does not).
  if (!cycle || cycle !== subscription.processAt) return donation;
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
    mails.push(await receiptMail(tx, ctx, mail, donation, advanced ?? subscription, { newLink }));
    return donation;
  }
  if (status !== 'refused' && status !== 'failed') return donation;
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
  if (retryIn !== undefined || !updated) return donation;
  mails.push(await manageLinkMail(tx, ctx, updated, 'unpaid', `unpaid-${cycle}-${attempts}`));
  return donation;
}
