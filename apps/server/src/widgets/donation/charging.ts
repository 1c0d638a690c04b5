import { and, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { donations, subscriptions } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import { requestCharge, scheduleReconcile } from './charge';
import { todayIso } from './dates';
import { settleDonation } from './settle';
import { chargeReference } from './states';

/** Due: active, and its retry date (after a refusal) or else its charge date is today or past. */
const dueOn = (today: string) =>
  and(
    eq(subscriptions.status, 'active'),
    or(
      and(isNotNull(subscriptions.retryAt), lte(subscriptions.retryAt, today)),
      and(isNull(subscriptions.retryAt), lte(subscriptions.processAt, today)),
    ),
  );

/**
 * Charges one subscription if it is still due, never twice for one cycle. Under the subscription's row lock (taken
 * with `skip locked`: another worker charging it already wins) the status and date are checked again, so a
 * subscription canceled after it was listed is not charged; a charge still unsettled (a crash after its row was
 * committed, or a provider that did not answer) blocks a new one; otherwise a new `processing` charge row is committed
 * before the provider is asked (reference from its id). The row carries the subscription, not the widget: a later
 * charge is not a new act on the widget, so the widget's count does not move (the counting triggers skip rows
 * without a widget). Answers the charge row as settled, or undefined when nothing was due.
 */
export async function chargeSubscription(
  ctx: AppContext,
  subscriptionId: number,
  today = todayIso(),
  { fromManagePage = false } = {},
) {
  const claimed = await ctx.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), dueOn(today)))
      .for('update', { skipLocked: true });
    if (!subscription?.processAt) return undefined;
    const [unsettled] = await tx
      .select()
      .from(donations)
      .where(
        and(
          eq(donations.subscriptionId, subscription.id),
          sql`${donations.attemptKey} like 's%'`,
          inArray(donations.status, ['processing', 'pending']),
        ),
      )
      .limit(1);
    if (unsettled) return { subscription, row: unsettled, fresh: false };
    const [made] = await tx.select({ n: count() }).from(donations).where(eq(donations.subscriptionId, subscription.id));
    const [row] = await tx
      .insert(donations)
      .values({
        widgetId: null,
        mobilizationId: subscription.mobilizationId,
        activistId: subscription.activistId,
        communityId: subscription.communityId,
        amount: subscription.amount,
        paymentMethod: 'credit_card',
        status: 'processing',
        customer: subscription.customer,
        subscriptionId: subscription.id,
        period: subscription.period,
        attemptKey: `s${subscription.id}:${subscription.processAt}:${Number(made?.n ?? 0)}`,
      })
      .returning();
    if (!row) throw new Error('charge insert returned nothing');
    return { subscription, row, fresh: true };
  });
  if (!claimed) return undefined;
  const { subscription, row } = claimed;
  if (!claimed.fresh) {
    // An earlier run committed this charge; the provider knows it by its reference, or it never left.
    const known = await ctx.payments.driver.findCharge(chargeReference(row.id));
    if (known) return settleDonation(ctx, row.id, { status: known.status, charge: known });
    if (row.status === 'pending') return row;
  }
  const cardId = subscription.cardData?.card_id;
  const outcome = cardId
    ? await requestCharge(ctx, row, { cardId })
    : { status: 'failed' as const, error: { message: 'no card' } };
  const settled = await settleDonation(ctx, row.id, { ...outcome, fromManagePage });
  if (settled.status === 'pending') await scheduleReconcile(ctx, settled.id);
  return settled;
}

/** Charges every subscription due today, one at a time; answers how many charges were made or resolved. */
export async function chargeDueSubscriptions(ctx: AppContext, today = todayIso()): Promise<number> {
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(dueOn(today))
    .orderBy(subscriptions.id);
  let charged = 0;
  for (const { id } of due) {
    try {
      if (await chargeSubscription(ctx, id, today)) charged += 1;
    } catch (error) {
      // One subscription's trouble does not hold the others back; the next run tries it again.
      console.error(`[donation] subscription ${id} not charged:`, error);
    }
  }
  return charged;
}

/** The daily charging run (06:00 in Brasília), and once when a worker starts, so a day missed while down is caught. */
export function subscriptionChargesJob(ctx: AppContext) {
  return defineJob({
    name: 'subscription-charges',
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 300,
    cron: '0 9 * * *',
    runOnStart: true,
    handle: async () => {
      await chargeDueSubscriptions(ctx);
    },
  });
}
