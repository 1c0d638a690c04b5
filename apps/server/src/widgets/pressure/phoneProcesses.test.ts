import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFormPage } from '../../../test/formPage';
import { collect, connectSocket } from '../../../test/graphqlSocket';
import {
  Client,
  eventually,
  listenConnections,
  signIn,
  startSecondProcess,
  startTestServer,
  type TestServer,
} from '../../../test/harness';
import { startTwilioDouble, type TwilioDouble } from '../../../test/twilio';
import { STATUS_WAIT_MS } from '../../endpoints/twilio';
import { callTopics } from '../../telephony/calls';
import { twilioSignature } from '../../telephony/signature';

const SID = `AC${'ab'.repeat(16)}`;
const TOKEN = 'c7'.repeat(16);
const NUMBER = '+5511944440000';
const PUBLIC = 'https://mutirao.example.org';
const PHONE = '+5581977776666';

const WATCH = `subscription W($w: Int!, $from: String!) {
  watchTwilioCallTransitions(call: {widgetId: $w, from: $from}) { twilioCallId twilioCallTransitionStatus }
}`;

/**
 * Two processes on one PostgreSQL, as `WEB_PROCESSES=2` or two machines run them behind a balancer: Twilio's status
 * callback may land on either, and the visitor's long poll and the organiser's subscription may wait on the other.
 */
describe.skipIf(inject('engine') !== 'postgres')('call states across two processes on one PostgreSQL', () => {
  let twilio: TwilioDouble;
  let a: TestServer;
  let b: TestServer;
  let socket: ReturnType<typeof connectSocket> | undefined;
  beforeAll(async () => {
    twilio = await startTwilioDouble([{ sid: SID, token: TOKEN, numbers: [NUMBER] }]);
    a = await startTestServer({
      env: {
        ACTION_MAX_PER_IP: '100000',
        TELEPHONY_DRIVER: 'twilio',
        TWILIO_API_URL: twilio.url,
        TWILIO_WEBHOOK_URL: PUBLIC,
        // Every cache that listens for NOTIFY, beside the event bus.
        SESSION_CACHE: 'true',
        PUBLIC_LOOKUP_CACHE: 'true',
      },
    });
    b = await startSecondProcess(a);
  });
  afterAll(async () => {
    await socket?.dispose();
    await b?.close();
    await a?.close();
    await twilio?.close();
  });

  it("brings a callback taken by one process to the other's waiting long poll and subscription", async () => {
    const {
      form: widget,
      organiserEmail,
      communityId,
    } = await createFormPage(a.ctx.db, {
      kind: 'pressure-phone',
      settings: { targets: ['Vereadora Ana <+5581999990000>'], finish_message_type: 'share' },
    });
    const organiser = await signIn(a, organiserEmail);
    const saved = await organiser.put(`/api/communities/${communityId}/twilio`, {
      twilio_configuration: { twilio_account_sid: SID, twilio_auth_token: TOKEN, twilio_number: NUMBER },
    });
    expect(saved.status).toBe(200);
    const placed = await new Client(a.url).post(`/api/widgets/${widget.id}/call`, {
      call: {
        activist: { first_name: 'Iara', last_name: 'Lima', email: 'iara.lima@example.org', phone_number: PHONE },
        target: '+5581999990000',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, key, status } = placed.body.twilio_call;
    expect(status).toBe('initiated');

    // The organiser watches on B; the visitor's island waits on B for the call to leave `initiated`.
    socket = connectSocket(b, { token: organiser.cookie('session') });
    const watch = collect(socket, WATCH, { w: widget.id, from: PHONE });
    await watch.next(1);
    expect(watch.events[0]).toEqual({
      data: { watchTwilioCallTransitions: [{ twilioCallId: id, twilioCallTransitionStatus: null }] },
    });
    const poll = new Client(b.url).get(`/api/twilio/calls/${id}?key=${key}&after=initiated`);
    await eventually(async () => b.ctx.events.waiting(callTopics.call(id)) === 1);

    // Twilio calls back on A.
    const params = {
      AccountSid: SID,
      CallSid: twilio.calls.at(-1)?.sid as string,
      CallStatus: 'ringing',
      From: NUMBER,
      To: PHONE,
    };
    const sent = performance.now();
    const res = await new Client(a.url).request(
      'POST',
      `/api/twilio/calls/${id}/status`,
      new URLSearchParams(params).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC}/api/twilio/calls/${id}/status`, params),
      },
    );
    expect(res.status).toBe(204);
    const answer = await poll;
    // The event ended the wait, not its 20 s bound (it takes milliseconds; the margin is for a loaded machine).
    expect(performance.now() - sent).toBeLessThan(STATUS_WAIT_MS / 4);
    expect(answer.body.twilio_call).toEqual({ id, status: 'ringing', duration: null });
    await watch.next(2);
    expect(watch.events[1]).toEqual({
      data: { watchTwilioCallTransitions: [{ twilioCallId: id, twilioCallTransitionStatus: 'ringing' }] },
    });
    watch.stop();
  });

  it('opens one LISTEN connection per process for every channel it hears', async () => {
    // Each of A and B hears mutirao_access, mutirao_lists, mutirao_pages and mutirao_events.
    expect(await listenConnections(a.ctx.database)).toBe(2);
  });
});
