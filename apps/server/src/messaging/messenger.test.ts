import { createHmac } from 'node:crypto';
import { activistFilterSchema } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfiguration, people } from '../../test/chatbot';
import { communityWithMembers } from '../../test/community';
import { secondHandle, startTestServer, type TestServer } from '../../test/harness';
import { type MessengerDouble, startMessengerDouble } from '../../test/messenger';
import { storeCampaign } from '../chatbot/massMessages';
import { type FacebookBotConfiguration, facebookBotCampaigns } from '../db/schema';
import { Chatbot } from './chatbot';
import { ChatbotError } from './driver';
import { MessengerDriver } from './messenger';

describe('the Messenger driver against a double of the Send API', () => {
  let server: TestServer;
  let double: MessengerDouble;
  let driver: MessengerDriver;
  let chatbot: Chatbot;
  let communityId: number;
  let good: FacebookBotConfiguration;
  let revoked: FacebookBotConfiguration;

  beforeAll(async () => {
    server = await startTestServer();
    double = await startMessengerDouble([{ token: 'page-token', appSecret: 'app-secret' }]);
    driver = new MessengerDriver({ apiUrl: double.url, tag: 'CONFIRMED_EVENT_UPDATE', backoffMs: 10, retries: 3 });
    chatbot = new Chatbot(server.ctx.db, driver, server.ctx.queue, {
      maxPerSecond: 0,
      sendingTimeoutSeconds: 600,
      secret: server.ctx.config.sessionSecret,
    });
    chatbot.batchSize = 5;
    const a = await communityWithMembers(server.ctx.db, 'fb', { name: 'FB', blocks: [] });
    communityId = a.community.id;
    good = await botConfiguration(server.ctx.db, chatbot, communityId);
    revoked = await botConfiguration(server.ctx.db, chatbot, communityId, 'revoked-token');
    await people(
      server.ctx.db,
      communityId,
      good.id,
      Array.from({ length: 12 }, (_, i) => ({ name: `Gente${i}`, tags: ['fb'], psid: `ps${i}` })),
    );
    await people(server.ctx.db, communityId, revoked.id, [
      { name: 'Revogada1', tags: ['rev'], psid: 'r1' },
      { name: 'Revogada2', tags: ['rev'], psid: 'r2' },
    ]);
  });
  afterAll(async () => {
    await double?.close();
    await server?.close();
  });

  const campaignFor = async (configuration: FacebookBotConfiguration, tag: string) => {
    const filter = activistFilterSchema.parse({ tags: [tag] });
    const { campaign } = await storeCampaign(
      server.ctx.db,
      communityId,
      configuration,
      {
        name: 'Ato',
        text: 'Vem pro ato!',
        quick_reply_button_text: 'Eu vou',
        quick_reply_redirect: 'ATO_SIM',
        segmentation: { filter },
      },
      filter,
    );
    return campaign;
  };
  const statusOf = async (id: number) =>
    (await server.ctx.db.select().from(facebookBotCampaigns).where(eq(facebookBotCampaigns.id, id)))[0];

  it('sends the Send API’s request: token and proof, recipient, a message tag, text and a quick reply', async () => {
    const id = await driver.send(chatbot.pageOf(good), {
      recipient: { id: 'ps-shape' },
      text: 'Olá',
      quickReply: { title: 'Eu vou', payload: 'ATO_SIM' },
    });
    expect(id).toMatch(/^m_/);
    const request = double.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v19.0/me/messages');
    expect(request?.contentType).toBe('application/json');
    expect(request?.query.get('access_token')).toBe('page-token');
    expect(request?.query.get('appsecret_proof')).toBe(
      createHmac('sha256', 'app-secret').update('page-token').digest('hex'),
    );
    expect(request?.body).toEqual({
      recipient: { id: 'ps-shape' },
      messaging_type: 'MESSAGE_TAG',
      tag: 'CONFIRMED_EVENT_UPDATE',
      message: { text: 'Olá', quick_replies: [{ content_type: 'text', title: 'Eu vou', payload: 'ATO_SIM' }] },
    });
    await driver.send(chatbot.pageOf(good), { recipient: { phone: '+5511987654321' }, text: 'Teste' });
    expect(double.requests.at(-1)?.body?.recipient).toEqual({ phone_number: '+5511987654321' });
  });

  it('classifies the refusals: rate limit after its retries, bad token, unreachable', async () => {
    double.throttleNext(10, 32);
    let before = double.requests.length;
    const throttled = await driver.send(chatbot.pageOf(good), { recipient: { id: 'x' }, text: 'a' }).catch((e) => e);
    expect(throttled).toBeInstanceOf(ChatbotError);
    expect(throttled).toMatchObject({ kind: 'rate_limited', code: 32 });
    // The first try and its three retries, then the refusal.
    expect(double.requests.length - before).toBe(4);
    double.throttleNext(0);
    before = double.requests.length;
    const bad = await driver.send(chatbot.pageOf(revoked), { recipient: { id: 'x' }, text: 'a' }).catch((e) => e);
    expect(bad).toMatchObject({ kind: 'bad_token', code: 190 });
    // Any other refusal is not tried again.
    expect(double.requests.length - before).toBe(1);
    double.unreachable.add('gone');
    const gone = await driver.send(chatbot.pageOf(good), { recipient: { id: 'gone' }, text: 'a' }).catch((e) => e);
    expect(gone).toMatchObject({ kind: 'unreachable', code: 551 });
  });

  it('retries rate-limit answers with backoff, fails an unreachable recipient’s row only, and sends the rest once', async () => {
    const campaign = await campaignFor(good, 'fb');
    double.unreachable.add('ps3');
    const before = double.delivered.length;
    const requestsBefore = double.requests.length;
    // Two throttled answers (613) are absorbed by the driver's retries.
    double.throttleNext(2, 613);
    await chatbot.runCampaign(campaign.id);
    expect((await statusOf(campaign.id))?.status).toBe('sent');
    expect(await chatbot.countsOf(campaign)).toMatchObject({ pending: 0, sending: 0, sent: 11, failed: 1 });
    const delivered = double.delivered.slice(before).map((d) => d.recipient);
    expect(delivered).toHaveLength(11);
    expect(new Set(delivered).size).toBe(11);
    expect(delivered).not.toContain('ps3');
    // Twelve recipients, and the two throttled answers asked again.
    expect(double.requests.length - requestsBefore).toBe(14);
  });

  it('puts throttled rows back and takes the campaign up later when the limit outlasts the retries', async () => {
    const campaign = await campaignFor(good, 'fb');
    double.unreachable.clear();
    double.throttleNext(100, 4);
    chatbot.throttledPauseSeconds = 3600;
    await chatbot.runCampaign(campaign.id);
    const counts = await chatbot.countsOf(campaign);
    // Nothing went out and nothing was lost: every row is pending again, the campaign still sending.
    expect(counts).toMatchObject({ pending: 12, sending: 0, sent: 0, failed: 0 });
    expect((await statusOf(campaign.id))?.status).toBe('sending');
    double.throttleNext(0);
    await chatbot.runCampaign(campaign.id);
    expect(await chatbot.countsOf(campaign)).toMatchObject({ pending: 0, sent: 12 });
  });

  it('keeps a page to MESSENGER_MAX_PER_SECOND when two processes send its campaigns at once', async () => {
    const options = { maxPerSecond: 20, sendingTimeoutSeconds: 600, secret: server.ctx.config.sessionSecret };
    const other = await secondHandle(server.ctx.database, server.ctx.config.databaseUrl);
    const first = new Chatbot(server.ctx.db, driver, server.ctx.queue, options);
    const second = new Chatbot(other.db, driver, server.ctx.queue, options);
    const paced = await botConfiguration(server.ctx.db, chatbot, communityId);
    await people(
      server.ctx.db,
      communityId,
      paced.id,
      Array.from({ length: 40 }, (_, i) => ({
        name: `Ritmo${i}`,
        tags: [i % 2 ? 'ritmo-a' : 'ritmo-b'],
        psid: `rt${i}`,
      })),
    );
    const [a, b] = [await campaignFor(paced, 'ritmo-a'), await campaignFor(paced, 'ritmo-b')];
    const started = Date.now();
    await Promise.all([first.runCampaign(a.id), second.runCampaign(b.id)]);
    await other.close();
    const times = double.delivered
      .filter((d) => d.recipient.startsWith('rt'))
      .map((d) => d.at)
      .sort((x, y) => x - y);
    expect(times).toHaveLength(40);
    // 20 a second for the page: the k-th message reaches Messenger no sooner than k × 50 ms after the start (a busy
    // machine makes sends late, never early), so the 40 take at least 1.95 s between them.
    for (const [k, t] of times.entries()) expect(t - started).toBeGreaterThanOrEqual(k * 50 - 10);
    expect((times.at(-1) ?? 0) - started).toBeGreaterThanOrEqual(1900);
  });

  it('fails the campaign with a clear reason when the page’s token is refused', async () => {
    const campaign = await campaignFor(revoked, 'rev');
    const before = double.delivered.length;
    await chatbot.runCampaign(campaign.id);
    const row = await statusOf(campaign.id);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toMatch(/Invalid OAuth access token/);
    expect(await chatbot.countsOf(campaign)).toMatchObject({ pending: 0, sending: 0, sent: 0, failed: 2 });
    expect(double.delivered.length).toBe(before);
  });
});
