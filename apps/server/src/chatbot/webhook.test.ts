import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfiguration, people } from '../../test/chatbot';
import { communityWithMembers } from '../../test/community';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import {
  chatbotSandboxMessages,
  facebookBotActivists,
  facebookBotCampaigns,
  facebookBotConfigurations,
} from '../db/schema';
import { WEBHOOK_BODY_LIMIT } from './webhook';

/** Meta's signature: `sha256=` and the hex HMAC-SHA256 of the exact body bytes under the app secret. */
const sign = (body: string, secret = 'app-secret') =>
  `sha256=${createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex')}`;

const PAGE = '106000000000001';

/** A delivery as Meta sends it: one entry per page, its `messaging` events. */
const delivery = (...messaging: unknown[]) =>
  JSON.stringify({ object: 'page', entry: [{ id: PAGE, time: 1764336000000, messaging }] });

const message = (psid: string, mid: string, timestamp: number, text: string, extra: Record<string, unknown> = {}) => ({
  sender: { id: psid },
  recipient: { id: PAGE },
  timestamp,
  message: { mid, text, ...extra },
});

describe('the Messenger webhook: verification, signed deliveries, subscribers', () => {
  let server: TestServer;
  let anonymous: Client;
  let communityId: number;
  let configurationId: number;
  let otherConfigurationId: number;
  const url = (id = configurationId) => `/api/messenger/webhook/${id}`;
  const deliver = (body: string, signature: string | null = sign(body), id = configurationId) =>
    anonymous.request('POST', url(id), body, {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    });
  const subscriber = async (psid: string, id = configurationId) => {
    const rows = await server.ctx.db
      .select()
      .from(facebookBotActivists)
      .where(
        and(
          eq(facebookBotActivists.facebookBotConfigurationId, id),
          eq(facebookBotActivists.fbContextRecipientId, psid),
        ),
      );
    return rows;
  };

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const a = await communityWithMembers(db, 'hook', { name: 'Hook', blocks: [] });
    const b = await communityWithMembers(db, 'hook2', { name: 'Outra', blocks: [] });
    communityId = a.community.id;
    configurationId = (await botConfiguration(db, server.ctx.chatbot, communityId)).id;
    const [other] = await db
      .insert(facebookBotConfigurations)
      .values({
        communityId: b.community.id,
        messengerAppSecret: server.ctx.chatbot.box.seal('outro-segredo'),
        messengerValidationToken: 'outro-token',
        messengerPageAccessToken: server.ctx.chatbot.box.seal('outra-pagina'),
      })
      .returning();
    otherConfigurationId = other?.id ?? 0;
    await people(db, communityId, configurationId, [{ name: 'Ana', psid: 'psid-ana' }]);
    anonymous = new Client(server.url);
  });
  afterAll(async () => server?.close());

  it('answers Meta’s verification with the challenge for the configuration’s token, 403 otherwise', async () => {
    const ok = await anonymous.get(`${url()}?hub.mode=subscribe&hub.verify_token=validation&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(ok.body).toBe(1158201444);
    const wrong = await anonymous.get(`${url()}?hub.mode=subscribe&hub.verify_token=outro-token&hub.challenge=1`);
    expect(wrong.status).toBe(403);
    const mode = await anonymous.get(`${url()}?hub.mode=unsubscribe&hub.verify_token=validation&hub.challenge=1`);
    expect(mode.status).toBe(403);
    const missing = await anonymous.get(`${url(999_999)}?hub.mode=subscribe&hub.verify_token=&hub.challenge=1`);
    expect(missing.status).toBe(403);
    const other = await anonymous.get(
      `${url(otherConfigurationId)}?hub.mode=subscribe&hub.verify_token=outro-token&hub.challenge=abc`,
    );
    expect(other.status).toBe(200);
    expect(other.body).toBe('abc');
  });

  it('refuses a missing or wrong signature with 403 and stores nothing', async () => {
    const body = delivery(message('psid-forjado', 'm_forjado', 1764336000000, 'oi'));
    expect((await deliver(body, null)).status).toBe(403);
    expect((await deliver(body, sign(body, 'outro-segredo'))).status).toBe(403);
    expect((await deliver(body, 'sha256=')).status).toBe(403);
    expect((await deliver(body, sign(`${body} `))).status).toBe(403);
    // Signed for this configuration, sent to another community's: refused there too.
    expect((await deliver(body, sign(body), otherConfigurationId)).status).toBe(403);
    expect(await subscriber('psid-forjado')).toEqual([]);
    expect(await subscriber('psid-forjado', otherConfigurationId)).toEqual([]);
  });

  it('checks the signature over the raw bytes: escaped unicode as Meta sends it, and UTF-8 accents', async () => {
    // Meta escapes non-ASCII characters in the JSON it signs; re-serialising the parsed body would change the bytes.
    const escaped = delivery(message('psid-jose', 'm_jose_1', 1764336000000, 'Olá, José!')).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(escaped).toContain('Ol\\u00e1, Jos\\u00e9!');
    const reserialised = JSON.stringify(JSON.parse(escaped));
    expect((await deliver(escaped, sign(reserialised))).status).toBe(403);
    const res = await deliver(escaped);
    expect(res.status).toBe(200);
    expect(res.body).toBe('EVENT_RECEIVED');
    const [jose] = await subscriber('psid-jose');
    expect(jose).toMatchObject({
      communityId,
      fbContextSenderId: PAGE,
      activistId: null,
      messages: 'Olá, José!',
      lastInteractionAt: new Date(1764336000000),
    });
    const raw = delivery(message('psid-conceicao', 'm_conceicao_1', 1764336100000, 'Conceição, ação já'));
    expect((await deliver(raw)).status).toBe(200);
    const [conceicao] = await subscriber('psid-conceicao');
    expect(conceicao?.messages).toBe('Conceição, ação já');
  });

  it('ignores the page’s own echoes and events that are not a message or a button', async () => {
    const body = delivery(
      message('psid-eco', 'm_eco', 1764336000000, 'Resposta da página', { is_echo: true, app_id: 1517 }),
      { sender: { id: 'psid-lido' }, recipient: { id: PAGE }, timestamp: 1764336000000, read: { watermark: 1 } },
    );
    expect((await deliver(body)).status).toBe(200);
    expect(await subscriber('psid-eco')).toEqual([]);
    expect(await subscriber('psid-lido')).toEqual([]);
  });

  it('takes a button press (postback) and a quick reply, moving the last interaction forward only', async () => {
    const press = delivery({
      sender: { id: 'psid-ana' },
      recipient: { id: PAGE },
      timestamp: 1764400000000,
      postback: { mid: 'm_ana_postback', title: 'Começar', payload: 'GET_STARTED' },
    });
    expect((await deliver(press)).status).toBe(200);
    const older = delivery(
      message('psid-ana', 'm_ana_old', 1764300000000, 'Eu vou', { quick_reply: { payload: 'ATO_SABADO' } }),
    );
    expect((await deliver(older)).status).toBe(200);
    const rows = await subscriber('psid-ana');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Ana',
      messages: 'Eu vou',
      quickReplies: ['GET_STARTED', 'ATO_SABADO'],
      lastInteractionAt: new Date(1764400000000),
    });
    expect(rows[0]?.activistId).not.toBeNull();
  });

  it('changes nothing when an event is delivered again', async () => {
    const body = delivery(message('psid-bia', 'm_bia_1', 1764336000000, 'Quero participar'));
    expect((await deliver(body)).status).toBe(200);
    const [first] = await subscriber('psid-bia');
    // Meta redelivers the same event, alone or within a later batch.
    expect((await deliver(body)).status).toBe(200);
    const batch = delivery(
      message('psid-bia', 'm_bia_1', 1764336000000, 'Quero participar'),
      message('psid-bia', 'm_bia_2', 1764336500000, 'Onde é?'),
    );
    expect((await deliver(batch)).status).toBe(200);
    expect((await deliver(batch)).status).toBe(200);
    const rows = await subscriber('psid-bia');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first?.id,
      messages: 'Quero participar\nOnde é?',
      lastInteractionAt: new Date(1764336500000),
      data: { mids: ['m_bia_1', 'm_bia_2'] },
    });
  });

  it('keeps one row and one message when the same event arrives twice at once', async () => {
    const body = delivery(message('psid-caio', 'm_caio_1', 1764336000000, 'Oi!'));
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await subscriber('psid-caio');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messages: 'Oi!', data: { mids: ['m_caio_1'] } });
  });

  it('answers 400 without a trace for a signed body that is not JSON, 413 for an oversized one', async () => {
    const broken = '{"object":"page","entry":[';
    const res = await deliver(broken);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at |stack|SyntaxError/);
    expect(res.body).toEqual({ errors: [expect.any(String)] });
    const notADelivery = '{"entry":"x"}';
    expect((await deliver(notADelivery)).status).toBe(400);
    const huge = delivery(message('psid-grande', 'm_grande', 1764336000000, 'x'.repeat(WEBHOOK_BODY_LIMIT)));
    expect((await deliver(huge)).status).toBe(413);
    expect(await subscriber('psid-grande')).toEqual([]);
  });

  it('puts the new subscriber in the audience, and a mass message reaches them through the sandbox', async () => {
    const body = delivery(message('psid-davi', 'm_davi_1', 1764336000000, 'Me avisem das próximas ações'));
    expect((await deliver(body)).status).toBe(200);
    const admin = await signIn(server, 'hook-admin@example.org');
    const audience = await admin.get(`/api/communities/${communityId}/bot/audience`);
    expect(audience.status).toBe(200);
    const ids = (await subscriber('psid-davi')).map((s) => s.id);
    expect(audience.body.recipients.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(ids));
    // Ana (an activist), and the people who wrote to the page: José, Conceição, Bia, Caio, Davi.
    expect(audience.body.total).toBe(6);
    const sent = await admin.post('/api/enqueue-mass-messages', {
      community_id: communityId,
      name: 'Chamado',
      text: 'Assembleia sábado às 10h',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const campaignId = sent.body.facebook_bot_campaign.id;
    expect(sent.body.facebook_bot_campaign.total_impacted_activists).toBe(6);
    await eventually(async () => {
      const [row] = await server.ctx.db
        .select()
        .from(facebookBotCampaigns)
        .where(eq(facebookBotCampaigns.id, campaignId));
      return row?.status === 'sent';
    });
    const log = await server.ctx.db
      .select({ recipient: chatbotSandboxMessages.recipient, text: chatbotSandboxMessages.text })
      .from(chatbotSandboxMessages)
      .where(eq(chatbotSandboxMessages.facebookBotCampaignId, campaignId));
    expect(log).toContainEqual({ recipient: 'psid-davi', text: 'Assembleia sábado às 10h' });
    expect(log).toHaveLength(6);
  });

  it('shows organisers the callback address from APP_URL, not from the request', async () => {
    const admin = await signIn(server, 'hook-admin@example.org');
    const res = await admin.put(
      `/api/communities/${communityId}/bot/configuration`,
      { messenger_validation_token: 'validation' },
      { 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.facebook_bot_configuration.webhook_url).toBe(
      `${server.ctx.config.appUrl ?? `http://localhost:${server.ctx.config.port}`}/api/messenger/webhook/${configurationId}`,
    );
    expect(res.body.facebook_bot_configuration.webhook_url).not.toContain('evil.example');
  });
});
