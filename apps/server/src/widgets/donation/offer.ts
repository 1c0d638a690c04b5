import { DONATION } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { donations, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { idParams, typed } from '../../http/typed';
import { queueMails } from '../../mail/outbox';
import { limitVisitorActions } from '../../rate-limit/visitorGuards';
import { visibleWidget } from '../visitor';
import { addDays, todayIso } from './dates';
import { checkDonationKey } from './links';
import { manageLinkMail } from './mails';
import { checkCents, offeredCents } from './request';
import { startSubscription } from './settle';
import { cardOf, isPaid, isScheduledCharge } from './states';

const presentOffer = (s: { id: number; amount: number; period: number; processAt: string | null }) => ({
  subscription: { id: s.id, amount: s.amount, period: s.period, process_at: s.processAt },
});

/**
 * `POST /api/donations/:id/recurring {key, amount}`: the post-donation offer (spec 02 §4 "Post-donation"). A paid
 * one-off card donation becomes the origin of a monthly subscription on the same card, first charged
 * DONATION.offerDelayDays later. The key is the capability the donation's answer carried; a wrong one is the 404 an
 * unknown donation gets. Once per donation: asking again answers the subscription already made.
 */
export function offerRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).post(
    '/api/donations/:id/recurring',
    {
      bodyLimit: 4 * 1024,
      preValidation: async (request) => limitVisitorActions(ctx, request.ip),
      schema: { params: idParams },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!checkDonationKey(ctx.config, request.params.id, body.key))
        throw new AppError('not_found', undefined, 'kinds.donation.offerKeyInvalid');
      const [donation] = await ctx.db.select().from(donations).where(eq(donations.id, request.params.id));
      if (!donation) throw new AppError('not_found', undefined, 'kinds.donation.offerKeyInvalid');
      const card = cardOf(donation);
      if (
        !isPaid(donation.status) ||
        donation.paymentMethod !== 'credit_card' ||
        donation.period !== null ||
        isScheduledCharge(donation) ||
        !card
      )
        throw new AppError('unprocessable', { base: ['kinds.donation.offerNotAllowed'] });
      // Taken already: the same answer, whatever amount this call names.
      const [taken] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.originDonationId, donation.id));
      if (taken) return reply.status(201).send(presentOffer(taken));
      const amountError = checkCents(body.amount);
      if (amountError) throw new AppError('unprocessable', { amount: [amountError] });
      // The offer's dropdown lists the widget's values as visitors see them (its published version); a widget since
      // removed from the page leaves only the sanity bound.
      const widget = donation.widgetId ? await visibleWidget(ctx.db, donation.widgetId) : undefined;
      const offered = widget ? offeredCents(widget.settings, false) : [];
      if (offered.length && !offered.includes(body.amount as number))
        throw new AppError('unprocessable', { amount: ['kinds.donation.amountNotOffered'] });

      const { subscription, outboxId } = await ctx.db.transaction(async (tx) => {
        // Two clicks at once: the origin's unique index lets one in; the other answers it.
        await tx.select({ id: donations.id }).from(donations).where(eq(donations.id, donation.id)).for('update');
        const [again] = await tx.select().from(subscriptions).where(eq(subscriptions.originDonationId, donation.id));
        if (again) return { subscription: again, outboxId: undefined };
        const created = await startSubscription(tx, donation, {
          amount: body.amount as number,
          period: DONATION.defaultRecurringPeriod,
          processAt: addDays(todayIso(), DONATION.offerDelayDays),
          card,
        });
        const [outboxId] = await queueMails(tx, [await manageLinkMail(tx, ctx, created, 'created', 'created')]);
        return { subscription: created, outboxId };
      });
      await ctx.mailer.dispatch(outboxId).catch((error: unknown) => {
        console.error('[donation] e-mails left to the sweep:', error);
      });
      return reply.status(201).send(presentOffer(subscription));
    },
  );
}
