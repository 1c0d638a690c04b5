import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { requireUser } from '../http/session';

/**
 * The development mailbox: only while the sandbox driver is active and outside production. A signed-in user sees
 * only mail addressed to them: the sandbox holds visitors' mail and other users' recovery links, which nobody
 * else may read. `SANDBOX_MAILBOX=open` (browser journeys, never production) shows every message.
 */
export function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dev/mailbox', async (request) => {
    if (ctx.mailer.driverName !== 'sandbox' || ctx.config.production) throw notFound();
    const to = ctx.config.sandboxMailboxOpen ? undefined : (await requireUser(ctx, request)).email;
    const messages = await ctx.mailer.mailbox(to);
    return { messages: messages.map((m) => ({ ...m, sent_at: m.sent_at?.toISOString() ?? null })) };
  });
}
