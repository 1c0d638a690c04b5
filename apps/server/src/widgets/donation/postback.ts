import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { donations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { settleDonation } from './settle';

/** A transaction postback is a few dozen short fields. */
const POSTBACK_BODY_LIMIT = 64 * 1024;

/**
 * `POST /api/payments/postback`: the provider's word on a charge's later life (a boleto paid, a refund, a chargeback),
 * form-encoded and signed over the exact raw body (`X-Hub-Signature`). The route has its own scope so its parser,
 * which keeps the raw text for the signature, touches no other route. Unsigned → 401, a signature that does not match
 * → 403, and nothing changes. A verified postback about a transaction we do not know, or not about a transaction,
 * is acknowledged (200) and ignored, so the provider stops retrying it. A known one moves the donation only along the
 * allowed transitions (`canMove`), with what follows from it (`settleDonation`): a scheduled charge's outcome moves
 * its subscription.
 */
export function postbackRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { raw: String(body) });
    });
    scope.post('/api/payments/postback', { bodyLimit: POSTBACK_BODY_LIMIT }, async (request, reply) => {
      const raw = (request.body as { raw?: unknown } | undefined)?.raw;
      const header = request.headers['x-hub-signature'];
      const signature = typeof header === 'string' && header.trim() ? header.trim() : undefined;
      if (typeof raw !== 'string' || !signature) throw new AppError('unauthorized');
      if (!ctx.payments.driver.verifyPostback(raw, signature))
        throw new AppError('forbidden', undefined, 'errors.forbidden');
      const body = Object.fromEntries(new URLSearchParams(raw));
      const update = await ctx.payments.driver.parsePostback(body);
      if (!update) return reply.status(200).send({ ok: true, ignored: true });
      const [donation] = await ctx.db
        .select({ id: donations.id })
        .from(donations)
        .where(eq(donations.transactionId, update.id));
      if (!donation) return reply.status(200).send({ ok: true, ignored: true });
      const settled = await settleDonation(ctx, donation.id, { status: update.status, postback: update.raw });
      return reply.status(200).send({ ok: true, status: settled.status });
    });
  });
}
