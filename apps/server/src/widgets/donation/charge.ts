import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { type Donation, donations, mobilizations, recipients } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import { type ChargeRequest, type PaymentCustomer, PaymentError, PaymentTimeout } from '../../payments/driver';
import { boletoDueDate } from './dates';
import { settleDonation } from './settle';
import { chargeReference, type Outcome } from './states';

/** The community's recipient id at the provider, or undefined when it has none (it cannot take donations). */
export async function recipientOf(db: Db | Tx, communityId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: recipients.pagarmeRecipientId })
    .from(recipients)
    .where(eq(recipients.communityId, communityId))
    .limit(1);
  return row?.id ?? undefined;
}

/** What the provider is asked to charge for a committed donation row: its own fields, or the checkout's. */
type ChargedDonation = Pick<
  Donation,
  'id' | 'amount' | 'paymentMethod' | 'customer' | 'communityId' | 'mobilizationId'
>;

/** What the donor's statement shows: the page's name. */
async function descriptionOf(db: Db, donation: ChargedDonation): Promise<string> {
  if (donation.mobilizationId === null) return 'Mutirão';
  const [row] = await db
    .select({ name: mobilizations.name })
    .from(mobilizations)
    .where(eq(mobilizations.id, donation.mobilizationId));
  return row?.name ?? 'Mutirão';
}

/**
 * Asks the provider for one charge of a committed donation row, under the row's own reference, and says what became
 * of it: the charge (paid, authorized, refused, a boleto waiting), `pending` when the provider did not answer in time
 * (or anything unexpected happened after the request left: the outcome is unknown, so reconciliation decides), or
 * `failed` when the provider refused the request itself. Never throws. The checkout, which has just read the
 * community's recipient and the page's name, gives them (`known`); the jobs let them be read here.
 */
export async function requestCharge(
  ctx: AppContext,
  donation: ChargedDonation,
  source: { cardToken?: string; cardId?: string },
  known?: { recipientId: string; description: string },
): Promise<Outcome> {
  const recipientId = known?.recipientId ?? (await recipientOf(ctx.db, donation.communityId));
  if (!recipientId) return { status: 'failed', error: { message: 'no recipient' } };
  const request: ChargeRequest = {
    reference: chargeReference(donation.id),
    amount: donation.amount,
    method: donation.paymentMethod,
    ...source,
    ...(donation.paymentMethod === 'boleto' && { boletoDueDate: boletoDueDate() }),
    customer: donation.customer as unknown as PaymentCustomer,
    recipientId,
    postbackUrl: ctx.payments.postbackUrl(),
    description: known?.description ?? (await descriptionOf(ctx.db, donation)),
  };
  try {
    const charge = await ctx.payments.driver.charge(request);
    return { status: charge.status, charge };
  } catch (error) {
    if (error instanceof PaymentError)
      return { status: 'failed', error: { status: error.status, message: error.message, errors: error.errors } };
    if (!(error instanceof PaymentTimeout)) console.error('[donation] charge outcome unknown:', error);
    return { status: 'pending' };
  }
}

/**
 * Seconds before each reconciliation try of a pending donation (about 14 hours in all); after the last one a charge
 * the provider still does not know is `failed`.
 */
export const RECONCILE_DELAYS_SECONDS = [2, 30, 120, 600, 3600, 3 * 3600, 10 * 3600] as const;

/**
 * Settles a donation whose charge got no answer: asks the provider for the charge under the row's reference and
 * records it; not there yet, it asks again later (the job sends itself with the next delay); still not there after
 * the last try, the donation is `failed` (nothing was charged).
 */
export function reconcileJob(ctx: AppContext) {
  return defineJob({
    name: 'donation-reconcile',
    payload: z.object({ donationId: z.number().int(), attempt: z.number().int().min(0).default(0) }),
    retryLimit: 5,
    retryDelaySeconds: 60,
    handle: async ({ donationId, attempt }) => {
      const [row] = await ctx.db.select().from(donations).where(eq(donations.id, donationId));
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      const charge = await ctx.payments.driver.findCharge(chargeReference(row.id));
      if (charge && charge.status !== 'processing') {
        await settleDonation(ctx, row.id, { status: charge.status, charge });
        return;
      }
      const next = attempt + 1;
      if (next < RECONCILE_DELAYS_SECONDS.length) {
        await scheduleReconcile(ctx, row.id, next);
        return;
      }
      if (!charge) await settleDonation(ctx, row.id, { status: 'failed', error: { message: 'not found at provider' } });
    },
  });
}

export async function scheduleReconcile(ctx: AppContext, donationId: number, attempt = 0) {
  await ctx.queue.send(
    reconcileJob(ctx),
    { donationId, attempt },
    {
      startAfterSeconds: RECONCILE_DELAYS_SECONDS[attempt],
      singletonKey: `donation-reconcile-${donationId}-${attempt}`,
    },
  );
}

/** A row still `processing` after this long lost its request: the process died between the commit and the answer. */
const STRANDED_MINUTES = 5;

/**
 * The safety net for a crash mid-charge: every ten minutes, donations left `processing` (their row committed, the
 * provider asked or not, the outcome never stored) are handed to reconciliation, which asks the provider under their
 * reference: a charge it made is recorded, one it never saw becomes `failed` after the last try. Nothing is charged
 * here, so a donor is never charged twice for a stranded row.
 */
export function strandedDonationsJob(ctx: AppContext) {
  return defineJob({
    name: 'donation-stranded-sweep',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '*/10 * * * *',
    handle: async () => {
      const stranded = await ctx.db
        .select({ id: donations.id })
        .from(donations)
        .where(
          and(
            eq(donations.status, 'processing'),
            sql`${donations.createdAt} < now() - make_interval(mins => ${STRANDED_MINUTES})`,
          ),
        )
        .limit(500);
      for (const row of stranded) await scheduleReconcile(ctx, row.id);
    },
  });
}
