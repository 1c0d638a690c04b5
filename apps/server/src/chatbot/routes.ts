import { botConfigurationSchema, massMessageSchema, massMessageTestSchema, policies } from '@mutirao/core';
import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findCommunityFor } from '../communities/service';
import type { AppContext } from '../context';
import { chatbotSandboxMessages, type FacebookBotConfiguration, facebookBotConfigurations } from '../db/schema';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, body, idParams, lenientInt, signedIn, typed } from '../http/typed';
import { enqueueMassMessage, testMessage } from './massMessages';
import { webhookUrl } from './webhook';

/** What the configuration answers: never a secret, only whether each is stored (and can be opened). */
function presentConfiguration(
  row: FacebookBotConfiguration,
  opened: (sealed: string) => boolean,
  config: AppContext['config'],
) {
  return {
    facebook_bot_configuration: {
      id: row.id,
      community_id: row.communityId,
      webhook_url: webhookUrl(config, row.id),
      page_access_token_set: opened(row.messengerPageAccessToken),
      app_secret_set: opened(row.messengerAppSecret),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

/** The sandbox log's page size. */
export const SANDBOX_MESSAGES_PER_PAGE = 50;

/**
 * The mass messages' write side (spec 01 §7 `POST /enqueue-mass-messages`), the test message of the wizard's second
 * step, and the sandbox driver's log. Any member of the community may send (`policies.canManageCommunity`); anyone
 * else gets the 404 a missing community gets.
 */
export function chatbotRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const member = async (request: FastifyRequest, communityId: number) => {
    const actor = actorIn(request);
    const { membership } = await findCommunityFor(ctx.db, actor, communityId);
    if (!policies.canManageCommunity(actor, membership))
      throw new AppError('forbidden', undefined, 'errors.manageCommunityOnly');
  };

  r.post(
    '/api/enqueue-mass-messages',
    { preValidation, schema: { body: body(massMessageSchema) } },
    async (request, reply) => {
      const campaign = await enqueueMassMessage(ctx.db, ctx.queue, ctx.chatbot, actorIn(request), request.body);
      return reply.status(201).send({ facebook_bot_campaign: campaign });
    },
  );

  r.post(
    '/api/communities/:id/bot/test_message',
    { preValidation, schema: { params: idParams, body: body(massMessageTestSchema) } },
    async (request) => {
      await member(request, request.params.id);
      return { results: await testMessage(ctx.db, ctx.chatbot, request.params.id, request.body, localeOf(request)) };
    },
  );

  r.get(
    '/api/communities/:id/bot/sandbox_messages',
    {
      preValidation,
      schema: {
        params: idParams,
        querystring: z.object({ campaign_id: lenientInt(1), after: lenientInt(1) }).passthrough(),
      },
    },
    async (request, reply) => {
      const communityId = request.params.id;
      await member(request, communityId);
      const { campaign_id: campaignId, after } = request.query;
      const conditions: SQL[] = [eq(chatbotSandboxMessages.communityId, communityId)];
      if (campaignId) conditions.push(eq(chatbotSandboxMessages.facebookBotCampaignId, campaignId));
      if (after) conditions.push(lt(chatbotSandboxMessages.id, after));
      const rows = await ctx.db
        .select()
        .from(chatbotSandboxMessages)
        .where(and(...conditions))
        .orderBy(desc(chatbotSandboxMessages.id))
        .limit(SANDBOX_MESSAGES_PER_PAGE + 1);
      const page = rows.slice(0, SANDBOX_MESSAGES_PER_PAGE);
      reply.header('cache-control', 'no-store');
      return {
        sandbox: ctx.chatbot.driver.name === 'sandbox',
        messages: page.map((m) => ({
          id: m.id,
          facebook_bot_campaign_id: m.facebookBotCampaignId,
          recipient: m.recipient,
          text: m.text,
          quick_reply_button_text: m.quickReplyButtonText,
          quick_reply_redirect: m.quickReplyRedirect,
          created_at: m.createdAt.toISOString(),
        })),
        next_after: rows.length > SANDBOX_MESSAGES_PER_PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  r.put(
    '/api/communities/:id/bot/configuration',
    { preValidation, schema: { params: idParams, body: body(botConfigurationSchema) } },
    async (request) => {
      const actor = actorIn(request);
      const communityId = request.params.id;
      const { membership } = await findCommunityFor(ctx.db, actor, communityId);
      if (!policies.canManageAdmins(actor, membership))
        throw new AppError('forbidden', undefined, 'massMessages.adminOnly');
      const input = request.body;
      const box = ctx.chatbot.box;
      const [existing] = await ctx.db
        .select()
        .from(facebookBotConfigurations)
        .where(eq(facebookBotConfigurations.communityId, communityId))
        .orderBy(asc(facebookBotConfigurations.id))
        .limit(1);
      const values = {
        ...(input.messenger_page_access_token
          ? { messengerPageAccessToken: box.seal(input.messenger_page_access_token) }
          : {}),
        ...(input.messenger_app_secret ? { messengerAppSecret: box.seal(input.messenger_app_secret) } : {}),
        ...(input.messenger_validation_token ? { messengerValidationToken: input.messenger_validation_token } : {}),
        updatedAt: new Date(),
      };
      let row: FacebookBotConfiguration | undefined;
      if (existing)
        [row] = await ctx.db
          .update(facebookBotConfigurations)
          .set(values)
          .where(eq(facebookBotConfigurations.id, existing.id))
          .returning();
      else {
        const missing: Record<string, string[]> = {};
        if (!input.messenger_page_access_token) missing.messenger_page_access_token = ['massMessages.required'];
        if (!input.messenger_app_secret) missing.messenger_app_secret = ['massMessages.required'];
        if (Object.keys(missing).length) throw new AppError('unprocessable', missing);
        [row] = await ctx.db
          .insert(facebookBotConfigurations)
          .values({
            communityId,
            messengerPageAccessToken: '',
            messengerAppSecret: '',
            messengerValidationToken: '',
            ...values,
          })
          .returning();
      }
      if (!row) throw new Error('bot configuration not stored');
      return presentConfiguration(row, (sealed) => box.open(sealed) !== undefined, ctx.config);
    },
  );
}
