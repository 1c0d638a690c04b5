import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminBaseUrl, type Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { type FacebookBotConfiguration, facebookBotConfigurations } from '../db/schema';
import { AppError } from '../http/errors';
import { idParams, typed } from '../http/typed';

/** A Messenger delivery batches at most a few hundred short events. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Message ids remembered per subscriber (newest last): a redelivery of any of them changes nothing. */
export const REMEMBERED_MIDS = 50;
/** Messenger's own limit on a message's text; longer text is cut before it is kept for the segmentation. */
const TEXT_LIMIT = 2000;

/** The address each community gives Meta as its page's callback URL: from APP_URL, never from a request. */
export const webhookUrl = (config: Config, configurationId: number) =>
  `${adminBaseUrl(config)}/api/messenger/webhook/${configurationId}`;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Meta's `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body bytes under the app secret. */
export function validSignature(raw: Buffer, header: string | undefined, appSecret: string | undefined): boolean {
  if (!header || !appSecret) return false;
  const expected = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  return sameText(header.trim().toLowerCase(), expected);
}

const idObject = z.object({ id: z.coerce.string().min(1).max(100) });
const messagingEvent = z.object({
  sender: idObject,
  recipient: idObject,
  timestamp: z.number().int().nonnegative(),
  message: z
    .object({
      mid: z.string().max(300).optional(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      quick_reply: z.object({ payload: z.string() }).passthrough().optional(),
    })
    .passthrough()
    .optional(),
  postback: z
    .object({ mid: z.string().max(300).optional(), payload: z.string().optional() })
    .passthrough()
    .optional(),
});
type MessagingEvent = z.infer<typeof messagingEvent>;
const delivery = z.object({
  object: z.string().optional(),
  entry: z.array(z.object({ messaging: z.array(z.unknown()).optional() }).passthrough()).default([]),
});

/**
 * Upserts the person who wrote (the configuration's subscriber, by page-scoped id) from one event: the unique index
 * on (configuration, PSID) makes two concurrent first messages one row, and the update's guard (the message id not
 * among the remembered ones) makes a redelivery change nothing. `last_interaction_at` only moves forward.
 */
async function recordEvent(db: Db, configuration: FacebookBotConfiguration, event: MessagingEvent) {
  const { message, postback } = event;
  const mid = message?.mid ?? postback?.mid ?? `${event.sender.id}:${event.timestamp}`;
  const text = (message?.text ?? '').slice(0, TEXT_LIMIT);
  const payload = message?.quick_reply?.payload ?? postback?.payload;
  const at = new Date(event.timestamp);
  const mids = sql`coalesce(f.data->'mids', '[]'::jsonb)`;
  await db.execute(sql`
    insert into facebook_bot_activists as f (facebook_bot_configuration_id, community_id, fb_context_recipient_id,
      fb_context_sender_id, messages, quick_replies, data, last_interaction_at)
    values (${configuration.id}, ${configuration.communityId}, ${event.sender.id}, ${event.recipient.id}, ${text},
      ${payload === undefined ? sql`'{}'::text[]` : sql`array[${payload}]::text[]`},
      jsonb_build_object('mids', jsonb_build_array(${mid}::text)), ${at.toISOString()}::timestamptz)
    on conflict (facebook_bot_configuration_id, fb_context_recipient_id) do update set
      last_interaction_at = greatest(f.last_interaction_at, excluded.last_interaction_at),
      messages = case when excluded.messages = '' then f.messages when f.messages = '' then excluded.messages
        else f.messages || E'\n' || excluded.messages end,
      quick_replies = f.quick_replies || excluded.quick_replies,
      data = jsonb_set(f.data, '{mids}', (
        select jsonb_agg(e.m order by e.n)
        from jsonb_array_elements(${mids} || jsonb_build_array(${mid}::text)) with ordinality e(m, n)
        where e.n > jsonb_array_length(${mids}) + 1 - ${REMEMBERED_MIDS})),
      updated_at = now()
    where not (${mids} @> jsonb_build_array(${mid}::text))`);
}

/**
 * Messenger's webhook, one address per bot configuration (`/api/messenger/webhook/:id`): Meta's verification
 * request (`GET`, the configuration's validation token) and its event deliveries (`POST`, signed with the app secret
 * over the raw body, checked before anything is read). Every refusal is the same 403, so an address reveals nothing.
 * Each person who writes to the page (a message that is not the page's own echo, or a button press) becomes, or stays,
 * a subscriber of the configuration; the mass messages then reach them.
 */
export function messengerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const configurationOf = async (id: number) => {
    const [row] = await ctx.db.select().from(facebookBotConfigurations).where(eq(facebookBotConfigurations.id, id));
    return row;
  };

  app.register(async (scope) => {
    // The raw bytes, for the signature; JSON is parsed only once it is verified.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, { raw: body });
    });
    const r = typed(scope);

    r.get(
      '/api/messenger/webhook/:id',
      {
        schema: {
          params: idParams,
          querystring: z
            .object({
              'hub.mode': z.string().max(100).optional(),
              'hub.verify_token': z.string().max(1000).optional(),
              'hub.challenge': z.string().max(1000).optional(),
            })
            .passthrough(),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const configuration = await configurationOf(request.params.id);
        const token = configuration?.messengerValidationToken ?? '';
        if (
          q['hub.mode'] !== 'subscribe' ||
          !token ||
          !sameText(q['hub.verify_token'] ?? '', token) ||
          q['hub.challenge'] === undefined
        )
          throw new AppError('forbidden', undefined, 'errors.forbidden');
        return reply.status(200).type('text/plain; charset=utf-8').send(q['hub.challenge']);
      },
    );

    r.post(
      '/api/messenger/webhook/:id',
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params: idParams } },
      async (request, reply) => {
        const raw = (request.body as { raw?: unknown } | undefined)?.raw;
        const configuration = await configurationOf(request.params.id);
        const header = request.headers['x-hub-signature-256'];
        const secret = configuration ? ctx.chatbot.box.open(configuration.messengerAppSecret) : undefined;
        if (!configuration || !Buffer.isBuffer(raw) || !validSignature(raw, [header].flat()[0], secret))
          throw new AppError('forbidden', undefined, 'errors.forbidden');
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('bad_request', undefined, 'errors.invalidJson');
        }
        const body = delivery.safeParse(parsed);
        if (!body.success) throw new AppError('bad_request', undefined, 'errors.invalidBody');
        for (const entry of body.data.entry)
          for (const item of entry.messaging ?? []) {
            const event = messagingEvent.safeParse(item);
            // Reads, deliveries, reactions and the page's own echoes say nothing about who wants to hear from it.
            if (!event.success || (!event.data.message && !event.data.postback) || event.data.message?.is_echo)
              continue;
            await recordEvent(ctx.db, configuration, event.data);
          }
        return reply.status(200).type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
      },
    );
  });
}
