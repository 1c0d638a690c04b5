import { activistFilterSchema } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfiguration, people } from '../../test/chatbot';
import { communityWithMembers } from '../../test/community';
import { type Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import type { Db } from '../db/client';
import {
  activistSegments,
  chatbotSandboxMessages,
  facebookBotCampaigns,
  facebookBotConfigurations,
} from '../db/schema';
import { Chatbot } from '../messaging/chatbot';
import type { BotMessage, BotPage, ChatbotDriver } from '../messaging/driver';
import { SandboxChatbotDriver } from '../messaging/sandbox';
import { storeCampaign } from './massMessages';

const perRecipient = async (db: Db, campaignId: number) => {
  const rows = await db
    .select({ recipient: chatbotSandboxMessages.recipient, n: sql<number>`count(*)::int` })
    .from(chatbotSandboxMessages)
    .where(eq(chatbotSandboxMessages.facebookBotCampaignId, campaignId))
    .groupBy(chatbotSandboxMessages.recipient);
  return new Map(rows.map((r) => [r.recipient, Number(r.n)]));
};

describe('mass messages: the enqueue, the fan-out and the test message', () => {
  let server: TestServer;
  let admin: Client;
  let mobilizer: Client;
  let outsider: Client;
  let communityId: number;
  let otherCommunityId: number;
  let configurationId: number;
  let segmentId: number;
  let foreignSegmentId: number;
  const message = (extra: Record<string, unknown> = {}) => ({
    community_id: communityId,
    name: 'Ato sábado',
    text: 'Nos vemos no sábado às 10h!',
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const a = await communityWithMembers(db, 'bot', { name: 'Bot', blocks: [] });
    const b = await communityWithMembers(db, 'bot2', { name: 'Outra', blocks: [] });
    communityId = a.community.id;
    otherCommunityId = b.community.id;
    configurationId = (await botConfiguration(db, server.ctx.chatbot, communityId)).id;
    await botConfiguration(db, server.ctx.chatbot, otherCommunityId);
    // Ana, Bruno and Carla talk to the bot; Davi and Eva do not (skipped); Carla is unreachable (0551).
    await people(db, communityId, configurationId, [
      { name: 'Ana', tags: ['voluntaria'], psid: 'psid-ana' },
      { name: 'Bruno', psid: 'psid-bruno' },
      { name: 'Carla', tags: ['voluntaria'], psid: 'psid-carla-0551' },
      { name: 'Davi', tags: ['voluntaria'] },
      { name: 'Eva' },
    ]);
    const [segment] = await db
      .insert(activistSegments)
      .values({ communityId, name: 'Voluntárias', filter: { tags: ['voluntaria'] } })
      .returning();
    segmentId = segment?.id ?? 0;
    const [foreign] = await db
      .insert(activistSegments)
      .values({ communityId: otherCommunityId, name: 'Deles', filter: {} })
      .returning();
    foreignSegmentId = foreign?.id ?? 0;
    admin = await signIn(server, a.admin.email);
    mobilizer = await signIn(server, a.mobilizer.email);
    outsider = await signIn(server, a.outsider.email);
  });
  afterAll(async () => server?.close());

  it('checks the message’s rules in the caller’s language, naming each field', async () => {
    const empty = await admin.post('/api/enqueue-mass-messages', { community_id: communityId, name: ' ', text: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ name: ['Obrigatório'], text: ['Obrigatório'] });
    const half = await admin.post('/api/enqueue-mass-messages', message({ quick_reply_redirect: 'https://x.org' }));
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual({ quick_reply_button_text: ['Preencha'] });
    const es = await admin.post('/api/enqueue-mass-messages', message({ text: '' }), { 'accept-language': 'es' });
    expect(es.body.errors).toEqual({ text: ['Obligatorio'] });
    const en = await admin.post('/api/enqueue-mass-messages', message({ quick_reply_button_text: 'Vou!' }), {
      'accept-language': 'en',
    });
    expect(en.body.errors).toEqual({ quick_reply_redirect: ['Fill this in'] });
    const noCommunity = await admin.post('/api/enqueue-mass-messages', { name: 'x', text: 'y' });
    expect(noCommunity.status).toBe(422);
    expect(noCommunity.body.errors).toEqual({ community_id: ['Obrigatório'] });
  });

  it('takes the spec’s camelCase names, and refuses a field it does not know, naming it', async () => {
    // spec 01 §4: quickReplyRedirect, quickReplyButtonText; the camelCase rules are checked as the snake_case ones.
    const half = await admin.post('/api/enqueue-mass-messages', message({ quickReplyRedirect: 'https://x.org' }));
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual({ quick_reply_button_text: ['Preencha'] });
    const unknown = await admin.post('/api/enqueue-mass-messages', message({ quickReply: 'Vou!' }), {
      'accept-language': 'en',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ quickReply: ['There is no field quickReply here; nothing was saved'] });
    const nested = await admin.post('/api/enqueue-mass-messages', message({ segmentation: { segmentId: 1 } }));
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual({
      'segmentation.segmentId': ['O campo segmentation.segmentId não existe aqui; nada foi salvo'],
    });
    const count = await server.ctx.db.$count(facebookBotCampaigns, eq(facebookBotCampaigns.communityId, communityId));
    expect(count).toBe(0);
  });

  it('answers 401 signed out, and the 404 of a missing community for another community', async () => {
    const anonymous = await new (admin.constructor as typeof Client)(server.url).post(
      '/api/enqueue-mass-messages',
      message(),
    );
    expect(anonymous.status).toBe(401);
    const missing = await admin.post('/api/enqueue-mass-messages', message({ community_id: 999_999 }));
    const foreign = await admin.post('/api/enqueue-mass-messages', message({ community_id: otherCommunityId }));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await outsider.post('/api/enqueue-mass-messages', message())).status).toBe(404);
    const count = await server.ctx.db.$count(facebookBotCampaigns, eq(facebookBotCampaigns.communityId, communityId));
    expect(count).toBe(0);
  });

  it('names a community without a bot, and a segment that is not the community’s', async () => {
    const third = await communityWithMembers(server.ctx.db, 'bot3', { name: 'Sem bot', blocks: [] });
    const owner = await signIn(server, third.admin.email);
    const none = await owner.post('/api/enqueue-mass-messages', message({ community_id: third.community.id }));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      facebook_bot_configuration_id: ['Esta comunidade não tem o chat-bot configurado'],
    });
    const foreign = await admin.post(
      '/api/enqueue-mass-messages',
      message({ segmentation: { segment_id: foreignSegmentId } }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ 'segmentation.segment_id': ['Segmento não encontrado'] });
  });

  it('enqueues a filter’s audience, counts the skipped, and sends each recipient once', async () => {
    const res = await mobilizer.post(
      '/api/enqueue-mass-messages',
      message({
        quick_reply_redirect: 'https://example.org/ato',
        quick_reply_button_text: 'Eu vou',
        segmentation: { filter: activistFilterSchema.parse({ tags: ['voluntaria'] }) },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const campaign = res.body.facebook_bot_campaign;
    // Ana and Carla talk to the bot; Davi matches but gave no opt-in.
    expect(campaign).toMatchObject({
      community_id: communityId,
      facebook_bot_configuration_id: configurationId,
      total_impacted_activists: 2,
      skipped_count: 1,
      counts: { pending: 2, sent: 0, failed: 0, skipped: 1 },
    });
    const done = await eventually(async () => {
      const [row] = await server.ctx.db
        .select()
        .from(facebookBotCampaigns)
        .where(eq(facebookBotCampaigns.id, campaign.id));
      return row?.status === 'sent' && row;
    });
    expect(await server.ctx.chatbot.countsOf(done)).toEqual({ pending: 0, sending: 0, sent: 1, failed: 1, skipped: 1 });
    expect(Object.fromEntries(await perRecipient(server.ctx.db, campaign.id))).toEqual({ 'psid-ana': 1 });
    const log = await admin.get(`/api/communities/${communityId}/bot/sandbox_messages?campaign_id=${campaign.id}`);
    expect(log.status).toBe(200);
    expect(log.body.messages).toEqual([
      expect.objectContaining({
        recipient: 'psid-ana',
        text: 'Nos vemos no sábado às 10h!',
        quick_reply_button_text: 'Eu vou',
        quick_reply_redirect: 'https://example.org/ato',
      }),
    ]);
  });

  it('takes a saved segment, and everyone when no segmentation is given', async () => {
    const saved = await admin.post('/api/enqueue-mass-messages', message({ segmentation: { segment_id: segmentId } }));
    expect(saved.body.facebook_bot_campaign).toMatchObject({ total_impacted_activists: 2, skipped_count: 1 });
    const all = await admin.post('/api/enqueue-mass-messages', message());
    expect(all.body.facebook_bot_campaign).toMatchObject({ total_impacted_activists: 3, skipped_count: 2 });
    const none = await admin.post(
      '/api/enqueue-mass-messages',
      message({ segmentation: { filter: activistFilterSchema.parse({ q: 'ninguém-assim' }) } }),
    );
    expect(none.body.facebook_bot_campaign).toMatchObject({ total_impacted_activists: 0, skipped_count: 0 });
    await eventually(async () => {
      const [row] = await server.ctx.db
        .select()
        .from(facebookBotCampaigns)
        .where(eq(facebookBotCampaigns.id, none.body.facebook_bot_campaign.id));
      return row?.status === 'sent';
    });
  });

  it('sends each recipient exactly once across a worker that dies mid-call: what it never called is sent later, what it called never again', async () => {
    const db = server.ctx.db;
    const [configuration] = await db
      .select()
      .from(facebookBotConfigurations)
      .where(eq(facebookBotConfigurations.id, configurationId));
    if (!configuration) throw new Error('no configuration');
    const many = Array.from({ length: 60 }, (_, i) => ({ name: `Pessoa${i}`, tags: ['massa'], psid: `psid-m${i}` }));
    await people(db, communityId, configurationId, many);
    const filter = activistFilterSchema.parse({ tags: ['massa'] });
    const { campaign } = await storeCampaign(
      db,
      communityId,
      configuration,
      { name: 'Massa', text: 'Olá!', segmentation: { filter } },
      filter,
    );
    // The first worker claims batches of ten; in its third batch it delivers the 26th message, then hangs forever
    // inside that call: it died after the provider took the message and before it could record it.
    const sandbox = new SandboxChatbotDriver(db);
    let calls = 0;
    const dying: ChatbotDriver = {
      name: 'sandbox',
      async send(page: BotPage, m: BotMessage) {
        calls += 1;
        const id = await sandbox.send(page, m);
        if (calls >= 26) await new Promise(() => {});
        return id;
      },
    };
    const options = { maxPerSecond: 0, sendingTimeoutSeconds: 600, secret: server.ctx.config.sessionSecret };
    const first = new Chatbot(db, dying, server.ctx.queue, options);
    first.batchSize = 10;
    first.concurrency = 1;
    void first.runCampaign(campaign.id);
    await eventually(async () => calls >= 26);
    expect(await first.countsOf(campaign)).toMatchObject({ pending: 30, sending: 10, sent: 20 });
    // A new worker takes over: it sends the pending rows and never the ten its predecessor left `sending`.
    const second = new Chatbot(db, sandbox, server.ctx.queue, options);
    second.batchSize = 10;
    await second.runCampaign(campaign.id);
    expect(await second.countsOf(campaign)).toMatchObject({ pending: 0, sending: 10, sent: 50 });
    // Once the claim is older than the timeout, the sweep takes it apart: the four rows the dead worker never called
    // go back to pending and are sent; the six it called (five delivered but unrecorded, one in flight) are failed
    // as 'interrupted', never sent again.
    await second.sweep(600);
    expect((await second.countsOf(campaign)).sending).toBe(10);
    await second.sweep(0);
    expect(await second.countsOf(campaign)).toMatchObject({ pending: 4, sending: 0, sent: 50, failed: 6 });
    await second.runCampaign(campaign.id);
    await eventually(async () => (await second.countsOf(campaign)).pending === 0);
    await eventually(async () => {
      const [row] = await db.select().from(facebookBotCampaigns).where(eq(facebookBotCampaigns.id, campaign.id));
      if (row?.status === 'sent') return true;
      await second.sweep(600);
      return false;
    });
    expect(await second.countsOf(campaign)).toMatchObject({ pending: 0, sending: 0, sent: 54, failed: 6 });
    // Everyone got exactly one message: the crash cost no one theirs and gave no one two.
    const counts = await perRecipient(db, campaign.id);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const failed = await db.execute(sql`select distinct last_error from facebook_bot_campaign_activists
      where facebook_bot_campaign_id = ${campaign.id} and status = 'failed'`);
    expect((failed as unknown as { rows: unknown[] }).rows).toEqual([{ last_error: 'interrupted' }]);
  });

  it('sends a test message to each target, with a result per target', async () => {
    const res = await mobilizer.post(`/api/communities/${communityId}/bot/test_message`, {
      text: 'Teste',
      targets: [
        `Ana <ana-${communityId}@example.org>`,
        `Davi <davi-${communityId}@example.org>`,
        `Carla <carla-${communityId}@example.org>`,
        '+5511987654321',
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'sent',
      'not_subscribed',
      'failed',
      'sent',
    ]);
    expect(res.body.results[1].message).toBe('Esta pessoa não conversa com o chat-bot da comunidade');
    expect(res.body.results[2].message).toBe('Não foi possível alcançar esta pessoa no Messenger');
    const log = await admin.get(`/api/communities/${communityId}/bot/sandbox_messages`);
    expect(log.body.messages.slice(0, 2).map((m: { recipient: string }) => m.recipient)).toEqual([
      '+5511987654321',
      'psid-ana',
    ]);
    const bad = await admin.post(
      `/api/communities/${communityId}/bot/test_message`,
      { text: 'Teste', targets: ['Ana <ana@example.org>', 'ana@example.org'] },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'targets.1': ['Use Name <email@example.org> or a phone number with + and 12 or 13 digits'],
    });
    expect(
      (
        await outsider.post(`/api/communities/${communityId}/bot/test_message`, {
          text: 'x',
          targets: ['+5511987654321'],
        })
      ).status,
    ).toBe(404);
  });

  it('sets the bot page’s secrets write-only, sealed at rest, for the community’s admins only', async () => {
    const db = server.ctx.db;
    const fresh = await communityWithMembers(db, 'botcfg', { name: 'Config', blocks: [] });
    const owner = await signIn(server, fresh.admin.email);
    const url = `/api/communities/${fresh.community.id}/bot/configuration`;
    const missing = await owner.put(url, { messenger_validation_token: 'v' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      messenger_page_access_token: ['Obrigatório'],
      messenger_app_secret: ['Obrigatório'],
    });
    const res = await owner.put(url, { messenger_page_access_token: 'EAAG-token', messenger_app_secret: 's3cret' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.facebook_bot_configuration).toMatchObject({ page_access_token_set: true, app_secret_set: true });
    expect(JSON.stringify(res.body)).not.toMatch(/EAAG-token|s3cret/);
    const [row] = await db
      .select()
      .from(facebookBotConfigurations)
      .where(eq(facebookBotConfigurations.communityId, fresh.community.id));
    expect(row?.messengerPageAccessToken).not.toContain('EAAG-token');
    expect(server.ctx.chatbot.box.open(row?.messengerPageAccessToken ?? '')).toBe('EAAG-token');
    // A blank secret keeps the stored one.
    await owner.put(url, { messenger_app_secret: '' });
    expect(server.ctx.chatbot.pageOf(row as never).appSecret).toBe('s3cret');
    const mob = await signIn(server, fresh.mobilizer.email);
    const refused = await mob.put(url, { messenger_page_access_token: 'x' }, { 'accept-language': 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['Only the community’s admins set up the chat bot']);
    expect((await outsider.put(url, { messenger_page_access_token: 'x' })).status).toBe(404);
    expect((await admin.put(url, { messenger_page_access_token: 'x' })).status).toBe(404);
  });

  it('pages the sandbox log newest first, for members only', async () => {
    const db = server.ctx.db;
    await db
      .insert(chatbotSandboxMessages)
      .values(Array.from({ length: 55 }, (_, i) => ({ communityId, recipient: `p${i}`, text: `n${i}` })));
    const first = await admin.get(`/api/communities/${communityId}/bot/sandbox_messages`);
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages[0].text).toBe('n54');
    const second = await admin.get(
      `/api/communities/${communityId}/bot/sandbox_messages?after=${first.body.next_after}`,
    );
    expect(second.body.messages[0].id).toBeLessThan(first.body.next_after);
    expect((await outsider.get(`/api/communities/${communityId}/bot/sandbox_messages`)).status).toBe(404);
    const stranger = await admin.get(`/api/communities/${otherCommunityId}/bot/sandbox_messages`);
    expect(stranger.status).toBe(404);
  });
});
