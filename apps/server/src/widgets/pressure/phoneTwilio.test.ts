import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFormPage } from '../../../test/formPage';
import { Client, signIn, startSecondProcess, startTestServer, type TestServer } from '../../../test/harness';
import { startTwilioDouble, type TwilioDouble } from '../../../test/twilio';
import { twilioCalls, twilioCallTransitions, widgetCounters } from '../../db/schema';
import { twilioSignature } from '../../telephony/signature';

const SID = `AC${'cd'.repeat(16)}`;
const TOKEN = 'e4'.repeat(16);
const NUMBER = '+5511933330000';
const PUBLIC = 'https://mutirao.example.org';
const CALL = {
  activist: { first_name: 'Iara', last_name: 'Monteiro', email: 'iara@example.org', phone_number: '+5581988887777' },
  target: '+5581999990000',
};

let twilio: TwilioDouble;
let server: TestServer;
let visitor: Client;
const env = () => ({
  ACTION_MAX_PER_IP: '100000',
  TELEPHONY_DRIVER: 'twilio',
  TWILIO_API_URL: twilio.url,
  TWILIO_WEBHOOK_URL: PUBLIC,
});
beforeAll(async () => {
  twilio = await startTwilioDouble([{ sid: SID, token: TOKEN, numbers: [NUMBER] }]);
  server = await startTestServer({ env: env() });
  visitor = new Client(server.url);
});
afterAll(async () => {
  await server.close();
  await twilio.close();
});

/** A phone pressure whose community's Twilio tab holds `token` (the real one unless a test wants it wrong). */
async function phonePage(token = TOKEN) {
  const page = await createFormPage(server.ctx.db, {
    kind: 'pressure-phone',
    settings: { targets: ['Vereadora Ana <+5581999990000>'], finish_message_type: 'share' },
  });
  const admin = await signIn(server, page.organiserEmail);
  const saved = await admin.put(`/api/communities/${page.communityId}/twilio`, {
    twilio_configuration: { twilio_account_sid: SID, twilio_auth_token: token, twilio_number: NUMBER },
  });
  expect(saved.status).toBe(200);
  return { ...page, admin };
}

/** Posts a status callback as Twilio does: form-encoded, signed over `signedUrl` with `token`. */
function callback(
  id: number,
  params: Record<string, string>,
  options: { token?: string; signedUrl?: string; host?: string; through?: string } = {},
) {
  const url = options.signedUrl ?? `${PUBLIC}/api/twilio/calls/${id}/status`;
  return (options.through ? new Client(options.through) : visitor).request(
    'POST',
    `/api/twilio/calls/${id}/status`,
    new URLSearchParams(params).toString(),
    {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(options.token ?? TOKEN, url, params),
      ...(options.host ? { host: options.host } : {}),
    },
  );
}
const transitionsOf = (id: number) =>
  server.ctx.db
    .select()
    .from(twilioCallTransitions)
    .where(eq(twilioCallTransitions.twilioCallId, id))
    .orderBy(asc(twilioCallTransitions.id));

describe('a phone pressure through the Twilio driver', () => {
  it('asks Twilio for the call with the public callback URL, then follows its signed callbacks', async () => {
    const { form: widget, page, admin } = await phonePage();
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, key } = res.body.twilio_call;
    const placed = twilio.calls.at(-1);
    expect(placed).toMatchObject({
      to: '+5581988887777',
      from: NUMBER,
      statusCallback: `${PUBLIC}/api/twilio/calls/${id}/status`,
    });
    expect(placed?.twiml).toContain('<Number statusCallbackEvent="initiated ringing answered completed"');
    expect(placed?.twiml).toContain('+5581999990000</Number>');
    const [row] = await server.ctx.db.select().from(twilioCalls).where(eq(twilioCalls.id, id));
    expect(row?.twilioCallSid).toBe(placed?.sid);

    const parent = placed?.sid as string;
    const child = `CA${'9'.repeat(32)}`;
    const leg = (sid: string, status: string, extra: Record<string, string> = {}) => ({
      AccountSid: SID,
      CallSid: sid,
      CallStatus: status,
      From: NUMBER,
      To: sid === parent ? '+5581988887777' : '+5581999990000',
      ...(sid === child ? { ParentCallSid: parent } : {}),
      ...extra,
    });
    const status = async () => (await visitor.get(`/api/twilio/calls/${id}?key=${key}`)).body.twilio_call;
    expect((await callback(id, leg(parent, 'ringing'))).status).toBe(204);
    expect(await status()).toMatchObject({ status: 'ringing' });
    expect((await callback(id, leg(parent, 'in-progress'))).status).toBe(204);
    expect((await callback(id, leg(child, 'ringing'))).status).toBe(204);
    expect((await callback(id, leg(child, 'in-progress'))).status).toBe(204);
    expect(await status()).toMatchObject({ status: 'in-progress', duration: null });
    // A waiting status request answers as soon as the next callback lands.
    const waiting = visitor.get(`/api/twilio/calls/${id}?key=${key}&after=in-progress`);
    expect((await callback(id, leg(child, 'completed', { CallDuration: '42' }))).status).toBe(204);
    expect((await waiting).body.twilio_call).toEqual({ id, status: 'completed', duration: 42 });
    expect((await transitionsOf(id)).map((t) => [t.status, t.callDuration])).toEqual([
      ['ringing', null],
      ['in-progress', null],
      ['ringing', null],
      ['in-progress', null],
      ['completed', 42],
    ]);

    const deliveries = await admin.get(`/api/mobilizations/${page.id}/widgets/${widget.id}/deliveries`);
    expect(deliveries.body).toEqual([
      {
        target: 'Vereadora Ana <+5581999990000>',
        name: 'Vereadora Ana',
        address: '+5581999990000',
        completed: 1,
        busy: 0,
        no_answer: 0,
        failed: 0,
        active: 0,
        duration: 42,
      },
    ]);
  });

  it('refuses forged callbacks: wrong token, URL taken from a forged Host, another call, and records nothing', async () => {
    const { form: widget } = await phonePage();
    const { id } = (await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL })).body.twilio_call;
    const sid = twilio.calls.at(-1)?.sid as string;
    const params = { AccountSid: SID, CallSid: sid, CallStatus: 'busy', From: NUMBER, To: '+5581988887777' };
    expect((await callback(id, params, { token: 'f'.repeat(32) })).status).toBe(403);
    // Signed over the address the request claims to be for: only the configured public URL counts.
    const forged = await callback(id, params, {
      host: 'evil.example',
      signedUrl: `http://evil.example/api/twilio/calls/${id}/status`,
    });
    expect(forged.status).toBe(403);
    // Correctly signed, but naming a call that is not this one.
    expect((await callback(id, { ...params, CallSid: `CA${'0'.repeat(32)}` })).status).toBe(403);
    // Signed for another call id.
    expect((await callback(id, params, { signedUrl: `${PUBLIC}/api/twilio/calls/${id + 1}/status` })).status).toBe(403);
    expect(await transitionsOf(id)).toEqual([]);
    expect((await callback(id, params)).status).toBe(204);
    expect(await transitionsOf(id)).toHaveLength(1);
    // Twilio's own 'canceled' reads as a failure the visitor may retry; an unknown status is refused.
    expect((await callback(id, { ...params, CallStatus: 'canceled' })).status).toBe(204);
    expect((await callback(id, { ...params, CallStatus: 'exploded' })).status).toBe(403);
    expect((await transitionsOf(id)).map((t) => t.status)).toEqual(['busy', 'failed']);
  });

  it('records a replayed callback once, even sent at once to every process, and counts the call once', async () => {
    const { form: widget } = await phonePage();
    const { id } = (await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL })).body.twilio_call;
    const sid = twilio.calls.at(-1)?.sid as string;
    const leg = (status: string, extra: Record<string, string> = {}) => ({
      AccountSid: SID,
      CallSid: sid,
      CallStatus: status,
      From: NUMBER,
      To: '+5581988887777',
      ...extra,
    });
    const counted = async () => {
      const [row] = await server.ctx.db
        .select({ actions: sql<number>`coalesce(sum(${widgetCounters.actions}), 0)::int` })
        .from(widgetCounters)
        .where(eq(widgetCounters.widgetId, widget.id));
      return row?.actions;
    };
    expect((await callback(id, leg('ringing'))).status).toBe(204);
    // A second web process on the same PostgreSQL receives half the replays.
    const peer = inject('engine') === 'postgres' ? await startSecondProcess(server) : undefined;
    try {
      const through = [server.url, peer?.url ?? server.url];
      const completed = leg('completed', { CallDuration: '30' });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => callback(id, completed, { through: through[i % 2] })),
      );
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204, 204]);
      expect((await callback(id, leg('ringing'), { through: through[1] })).status).toBe(204);
    } finally {
      await peer?.close();
    }
    expect((await transitionsOf(id)).map((t) => [t.status, t.callDuration])).toEqual([
      ['ringing', null],
      ['completed', 30],
    ]);
    const [call] = await server.ctx.db.select().from(twilioCalls).where(eq(twilioCalls.id, id));
    expect(call?.status).toBe('completed');
    expect(await counted()).toBe(1);
  });

  it("records Twilio's refusal as a failed call the visitor can retry and the organiser can see", async () => {
    const { form: widget, page, admin } = await phonePage('0'.repeat(32));
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL });
    expect(res.status).toBe(201);
    expect(res.body.twilio_call).toMatchObject({ status: 'failed', duration: 0 });
    const [failed] = await transitionsOf(res.body.twilio_call.id);
    expect(failed).toMatchObject({
      status: 'failed',
      data: { error: { status: 401, code: 20003, message: 'Authenticate' } },
    });
    const deliveries = await admin.get(`/api/mobilizations/${page.id}/widgets/${widget.id}/deliveries`);
    expect(deliveries.body).toEqual([expect.objectContaining({ address: '+5581999990000', failed: 1, completed: 0 })]);
  });
});
