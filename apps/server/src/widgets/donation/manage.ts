import { validateChargeDate } from '@mutirao/core';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { timeZoneOf } from '../../communities/timeZone';
import type { AppContext } from '../../context';
import { communities, mobilizations, type Subscription, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import { PaymentError } from '../../payments/driver';
import { limitVisitorActions } from '../../rate-limit/visitorGuards';
import { chargeSubscription } from './charging';
import { isoFromBrazilian, todayIso } from './dates';
import { manageTokenHash } from './links';

const tokenParams = z.object({ token: z.string().max(200) });
const invalidLink = () => new AppError('not_found', undefined, 'kinds.donation.manageLinkInvalid');

/** The subscription a manage token opens: right hash, not expired (a newer link replaced the hash: revoked). */
async function subscriptionOf(ctx: AppContext, token: string): Promise<Subscription> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalidLink();
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.manageTokenHash, manageTokenHash(token)),
        gt(subscriptions.manageTokenExpiresAt, new Date()),
      ),
    );
  if (!row) throw invalidLink();
  return row;
}

/** What the donor's page shows: never the card id, the customer's document or address, or the token. */
async function present(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ s: subscriptions, page: mobilizations.name, community: communities.name, timeZone: communities.timeZone })
    .from(subscriptions)
    .innerJoin(communities, eq(communities.id, subscriptions.communityId))
    .leftJoin(mobilizations, eq(mobilizations.id, subscriptions.mobilizationId))
    .where(eq(subscriptions.id, id));
  if (!row) throw invalidLink();
  const { s } = row;
  return {
    subscription: {
      amount: s.amount,
      period: s.period,
      status: s.status,
      process_at: s.processAt,
      card: { brand: s.cardData?.brand ?? null, last_digits: s.cardData?.last_digits ?? null },
      mobilization: { name: row.page },
      // The zone the page shows its dates in (the community's; `timeZoneOf`).
      community: { name: row.community, time_zone: timeZoneOf(row) },
      canceled_at: s.canceledAt?.toISOString() ?? null,
    },
    /** How the page turns a new card into a token: the sandbox's form, or the provider's checkout window. */
    checkout: ctx.payments.driver.browserCheckout(),
  };
}

/** A canceled subscription can be seen, not changed: cancelling is for good (a new donation starts a new one). */
function refuseCanceled(subscription: Subscription) {
  if (subscription.status === 'canceled')
    throw new AppError('unprocessable', { base: ['kinds.donation.subscriptionCanceled'] });
}

/**
 * The donor's own subscription, opened by the private link e-mailed to them (`{APP_URL}/donations/manage/{token}`):
 * see it, change the card, move the next charge, cancel. No account: the token is the capability. Each call counts
 * against the visitor's per-IP action limit, which also bounds guessing.
 */
export function manageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const options = {
    bodyLimit: 8 * 1024,
    preValidation: async (request: { ip: string }) => limitVisitorActions(ctx, request.ip),
    schema: { params: tokenParams },
  };

  r.get('/api/subscriptions/manage/:token', options, async (request, reply) => {
    const subscription = await subscriptionOf(ctx, request.params.token);
    reply.header('cache-control', 'no-store');
    return present(ctx, subscription.id);
  });

  // A new card from the browser's token; an 'unpaid' subscription becomes active and is charged at once.
  r.put('/api/subscriptions/manage/:token/card', options, async (request) => {
    const subscription = await subscriptionOf(ctx, request.params.token);
    refuseCanceled(subscription);
    const token = (request.body as Record<string, unknown> | undefined)?.card_hash;
    if (typeof token !== 'string' || !token.trim() || token.length > 4096)
      throw new AppError('unprocessable', { card_hash: ['kinds.donation.cardHashRequired'] });
    const card = await ctx.payments.driver.saveCard(token.trim()).catch((error: unknown) => {
      if (!(error instanceof PaymentError)) throw error;
      const key = error.status >= 400 && error.status < 500 ? 'cardNotAccepted' : 'providerFailed';
      throw new AppError('unprocessable', { card_hash: [`kinds.donation.${key}`] });
    });
    if (!card.valid) throw new AppError('unprocessable', { card_hash: ['kinds.donation.cardNotAccepted'] });
    const today = todayIso();
    const unpaid = subscription.status === 'unpaid';
    await ctx.db
      .update(subscriptions)
      .set({
        cardData: { card_id: card.id, brand: card.brand, last_digits: card.last_digits },
        ...(unpaid && { status: 'active' as const, retryAt: null, processAt: today }),
        updatedAt: new Date(),
      })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, subscription.status)));
    if (unpaid) await chargeSubscription(ctx, subscription.id, today, { fromManagePage: true });
    return present(ctx, subscription.id);
  });

  // The next charge date, DD/MM/YYYY, today or later; pending retries give way to it.
  r.put('/api/subscriptions/manage/:token/process_at', options, async (request) => {
    const subscription = await subscriptionOf(ctx, request.params.token);
    refuseCanceled(subscription);
    const raw = (request.body as Record<string, unknown> | undefined)?.process_at;
    const error = validateChargeDate(raw);
    if (error) throw new AppError('unprocessable', { process_at: [error] });
    await ctx.db
      .update(subscriptions)
      .set({ processAt: isoFromBrazilian(String(raw)), retryAt: null, chargeAttempts: 0, updatedAt: new Date() })
      .where(eq(subscriptions.id, subscription.id));
    return present(ctx, subscription.id);
  });

  // For good: the charging job re-checks the status under the row lock, so no charge follows a committed cancel.
  r.post('/api/subscriptions/manage/:token/cancel', options, async (request) => {
    const subscription = await subscriptionOf(ctx, request.params.token);
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
        .for('update');
      if (!locked || locked.status === 'canceled') return;
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: new Date(), retryAt: null, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscription.id));
    });
    return present(ctx, subscription.id);
  });
}
