import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, connectSocket } from '../../test/graphqlSocket';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { adminBaseUrl } from '../config';
import { twilioCallTransitions } from '../db/schema';
import { createCommunity, createMobilization, createPhoneCall, createUser } from '../seed/factories';
import { callTopics } from '../telephony/calls';

/*
 * GraphQL over WebSocket (graphql-ws): who may connect, and a subscription that pushes a call's transitions as they
 * are recorded, with no polling.
 */

let server: TestServer;
let alice: Client;
let bob: Client;
let widgetId: number;
let callId: number;
const FROM = '+5581911110000';

const WATCH = `subscription W($w: Int!, $from: String!) {
  watchTwilioCallTransitions(call: {widgetId: $w, from: $from}) { twilioCallId twilioCallTransitionStatus twilioCallTransitionCallDuration }
}`;

async function addTransition(status: 'ringing' | 'in-progress' | 'completed', duration?: number) {
  await server.ctx.db.insert(twilioCallTransitions).values({
    twilioCallId: callId,
    twilioCallSid: 'CA1',
    status,
    callDuration: duration ?? null,
  });
  await server.ctx.events.publish(callTopics.widget(widgetId));
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'ws-alice@example.org' });
  const b = await createUser(db, { email: 'ws-bob@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id });
  await createCommunity(db, { name: 'Beta', ownerId: b.id });
  const page = await createMobilization(db, {
    communityId: alpha.id,
    name: 'Ligue',
    blocks: [{ name: 'Pressão', widgets: [{ kind: 'pressure-phone', settings: {} }] }],
  });
  widgetId = page.widgets[0]?.id as number;
  callId = (await createPhoneCall(db, { communityId: alpha.id, widgetId })).id;
  alice = await signIn(server, 'ws-alice@example.org');
  bob = await signIn(server, 'ws-bob@example.org');
});
afterAll(() => server.close());

describe('GraphQL over WebSocket', () => {
  it('pushes a call’s transitions as they are recorded', async () => {
    const client = connectSocket(server, { token: alice.cookie('session') });
    const watch = collect(client, WATCH, { w: widgetId, from: FROM });
    await watch.next(1);
    expect(watch.events[0]).toEqual({
      data: {
        watchTwilioCallTransitions: [
          { twilioCallId: callId, twilioCallTransitionStatus: null, twilioCallTransitionCallDuration: null },
        ],
      },
    });
    await addTransition('ringing');
    await watch.next(2);
    await addTransition('completed', 42);
    await watch.next(3);
    expect(watch.events.slice(1)).toEqual([
      { data: { watchTwilioCallTransitions: [expect.objectContaining({ twilioCallTransitionStatus: 'ringing' })] } },
      {
        data: {
          watchTwilioCallTransitions: [
            expect.objectContaining({ twilioCallTransitionStatus: 'completed', twilioCallTransitionCallDuration: 42 }),
            expect.objectContaining({ twilioCallTransitionStatus: 'ringing' }),
          ],
        },
      },
    ]);
    watch.stop();
    await client.dispose();
  });

  it('shows a user of another community nothing of the call', async () => {
    const client = connectSocket(server, { token: bob.cookie('session') });
    const watch = collect(client, WATCH, { w: widgetId, from: FROM });
    await watch.next(1);
    expect(watch.events[0]).toEqual({ data: { watchTwilioCallTransitions: [] } });
    watch.stop();
    await client.dispose();
  });

  it('signs a socket in by the session cookie from the admin app’s origin only', async () => {
    const cookie = `session=${alice.cookie('session')}`;
    const own = connectSocket(server, { cookie, origin: new URL(adminBaseUrl(server.ctx.config)).origin });
    const ok = collect(own, WATCH, { w: widgetId, from: FROM });
    await ok.next(1);
    expect(ok.failure()).toBeUndefined();
    ok.stop();
    await own.dispose();
    const foreign = connectSocket(server, { cookie, origin: 'https://evil.example' });
    const refused = collect(foreign, WATCH, { w: widgetId, from: FROM });
    await refused.next(1).catch(() => undefined);
    expect(refused.events).toEqual([]);
    expect((refused.failure() as { code?: number })?.code).toBe(4403);
    await foreign.dispose();
  });

  it('refuses mutations (they run on HTTP, in one transaction) and documents that do not validate', async () => {
    const client = connectSocket(server, { token: alice.cookie('session') });
    const mutation = collect(client, 'mutation { delete_blocks(where: {}) { affected_rows } }', {});
    await mutation.next(1).catch(() => undefined);
    expect(mutation.failure()).toEqual([
      expect.objectContaining({
        message: 'Envie mutações por HTTP (POST /v1/graphql), onde cada documento roda numa transação.',
      }),
    ]);
    const bad = collect(client, 'subscription { nothing_here }', {});
    await bad.next(1).catch(() => undefined);
    expect(bad.failure()).toEqual([expect.objectContaining({ message: expect.stringContaining('nothing_here') })]);
    await client.dispose();
  });
});
