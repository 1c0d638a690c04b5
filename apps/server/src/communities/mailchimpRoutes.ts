import { type Actor, mailchimpSettingsSchema, policies } from '@mutirao/core';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { communities, mailchimpQueue, mailingListCalls } from '../db/schema';
import { AppError } from '../http/errors';
import { actorIn, idParams, lenientInt, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { type MailingAccount, MailingError } from '../mailing/driver';
import { presentCall, presentMailchimp } from '../mailing/presenter';
import { findCommunityFor } from './service';

const CALLS_SHOWN = 20;
const CALLS_MAX = 100;
const callsQuery = z.object({ before: lenientInt(1), limit: lenientInt(1) });

/** The test's optional values: what the form holds now, before it is saved (blank uses the stored ones). */
const testInput = z
  .object({
    mailchimp_api_key: mailchimpSettingsSchema.shape.mailchimp_api_key,
    mailchimp_list_id: z.string().trim().optional(),
    mailchimp_group_id: z.string().trim().nullish(),
  })
  .partial();
/**
 * The test's body: `{mailchimp: {...}}` or nothing. A field it does not read, beside the wrapper or in it, is a 400
 * that names it (a key sent flat would otherwise be dropped and the stored one tested instead).
 */
const testBody = z.object({ mailchimp: z.unknown().optional() });

/**
 * The community's Mailchimp tab (spec 01 §2 `/community/mailchimp`) and its resync (§7). Members read the status;
 * only those who manage the community change the settings, test the connection or start a resync; anyone else
 * gets the same 404 as for a missing community. The API key is write-only: stored sealed, never sent back.
 */
export function mailchimpRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const sandbox = ctx.mailing.driver.name === 'sandbox';

  const manage = async (actor: Actor, communityId: number) => {
    const found = await findCommunityFor(ctx.db, actor, communityId);
    if (!policies.canManageCommunity(actor, found.membership))
      throw new AppError('forbidden', undefined, 'mailchimp.readOnly');
    return found.community;
  };

  const status = async (communityId: number) => {
    const [community] = await ctx.db.select().from(communities).where(eq(communities.id, communityId));
    if (!community) throw new AppError('not_found');
    const [queued] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailchimpQueue)
      .where(eq(mailchimpQueue.communityId, communityId));
    const calls = sandbox
      ? await ctx.db
          .select()
          .from(mailingListCalls)
          .where(eq(mailingListCalls.communityId, communityId))
          .orderBy(desc(mailingListCalls.id))
          .limit(CALLS_SHOWN)
      : [];
    return presentMailchimp({
      community,
      sync: await ctx.mailing.state(communityId),
      queueSize: Number(queued?.n ?? 0),
      sandbox,
      calls,
    });
  };

  r.get('/api/communities/:id/mailchimp', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    reply.header('cache-control', 'no-store');
    return status(request.params.id);
  });

  r.put('/api/communities/:id/mailchimp', { preValidation, schema: { params: idParams } }, async (request) => {
    const community = await manage(actorIn(request), request.params.id);
    const input = parseBody(mailchimpSettingsSchema, unwrap(request.body, 'mailchimp'), 'unprocessable');
    if (!community.mailchimpApiKey && !input.mailchimp_api_key)
      throw new AppError('unprocessable', { mailchimp_api_key: ['mailchimp.apiKeyRequired'] });
    await ctx.db
      .update(communities)
      .set({
        mailchimpListId: input.mailchimp_list_id,
        mailchimpGroupId: input.mailchimp_group_id,
        ...(input.mailchimp_api_key ? { mailchimpApiKey: ctx.mailing.box.seal(input.mailchimp_api_key) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(communities.id, community.id));
    await ctx.mailing.settingsSaved(community.id, community.mailchimpListId !== input.mailchimp_list_id);
    return status(community.id);
  });

  /** 'Testar conexão': asks Mailchimp for the list, and reports its name or what Mailchimp said. */
  r.post('/api/communities/:id/mailchimp/test', { preValidation, schema: { params: idParams } }, async (request) => {
    const community = await manage(actorIn(request), request.params.id);
    const { mailchimp } = parseBody(testBody, request.body ?? {});
    const given = parseBody(testInput, mailchimp ?? {}, 'unprocessable');
    const stored = await ctx.mailing.accountOf(community.id);
    const account: MailingAccount = {
      communityId: community.id,
      apiKey: given.mailchimp_api_key ?? stored?.apiKey ?? '',
      listId: given.mailchimp_list_id || stored?.listId || '',
      groupId: null,
    };
    if (!account.apiKey) throw new AppError('unprocessable', { mailchimp_api_key: ['mailchimp.apiKeyRequired'] });
    if (!account.listId) throw new AppError('unprocessable', { mailchimp_list_id: ['mailchimp.listIdRequired'] });
    try {
      const list = await ctx.mailing.driver.listInfo(account);
      return { ok: true, list: { id: list.id, name: list.name, member_count: list.memberCount } };
    } catch (error) {
      if (!(error instanceof MailingError)) throw error;
      return { ok: false, error: { kind: error.kind, status: error.status, message: error.message } };
    }
  });

  r.post(
    '/api/communities/:id/resync_mailchimp.json',
    { preValidation, schema: { params: idParams } },
    async (request, reply) => {
      const community = await manage(actorIn(request), request.params.id);
      if (!(await ctx.mailing.accountOf(community.id)))
        throw new AppError('unprocessable', { mailchimp_list_id: ['mailchimp.notConfigured'] });
      await ctx.mailing.startResync(community.id);
      reply.code(202);
      return status(community.id);
    },
  );

  /** The sandbox's recorded calls, newest first, a page at a time (`before` the last id shown). */
  r.get(
    '/api/communities/:id/mailchimp/calls',
    { preValidation, schema: { params: idParams, querystring: callsQuery } },
    async (request) => {
      await findCommunityFor(ctx.db, actorIn(request), request.params.id);
      const { before, limit } = request.query;
      const rows = await ctx.db
        .select()
        .from(mailingListCalls)
        .where(
          and(
            eq(mailingListCalls.communityId, request.params.id),
            before ? lt(mailingListCalls.id, before) : undefined,
          ),
        )
        .orderBy(desc(mailingListCalls.id))
        .limit(Math.min(limit ?? CALLS_SHOWN, CALLS_MAX));
      return { calls: rows.map(presentCall) };
    },
  );
}
