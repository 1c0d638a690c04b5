import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';

/** The development mailbox: only while the sandbox driver is active and outside production. */
export function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dev/mailbox', async () => {
    if (ctx.mailer.driverName !== 'sandbox' || ctx.config.production) throw notFound();
    const messages = await ctx.mailer.mailbox();
    return { messages: messages.map((m) => ({ ...m, sent_at: m.sent_at?.toISOString() ?? null })) };
  });
}
