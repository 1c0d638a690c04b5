import { ROLES, translate } from '@mutirao/core';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage } from '../../../test/formPage';
import { collect, connectSocket } from '../../../test/graphqlSocket';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../../test/harness';
import {
  activistConsents,
  activistPressures,
  activists,
  communityUsers,
  twilioCalls,
  twilioCallTransitions,
  twilioConfigurations,
} from '../../db/schema';
import { createCommunity, createUser } from '../../seed/factories';

export const PHONE_TARGETS = ['Vereadora Ana <+5581999990000>', 'Vereador Beto <+5581999991111>'];
export const SID = `AC${'ab'.repeat(16)}`;
export const TOKEN = 'c3'.repeat(16);
export const CALL = {
  activist: { first_name: 'Iara', last_name: 'Monteiro', email: 'iara@example.org', phone_number: '5581988887777' },
  target: '+5581999990000',
};

let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000', TELEPHONY_SANDBOX_STEP_MS: '5' } });
  visitor = new Client(server.url);
});
afterAll(() => server.close());

const phonePage = (extra: Record<string, unknown> = {}) =>
  createFormPage(server.ctx.db, {
    kind: 'pressure-phone',
    settings: { call_to_action: 'Ligue para a Câmara', targets: PHONE_TARGETS, finish_message_type: 'share', ...extra },
  });
const configure = (client: Client, communityId: number, body: Record<string, unknown>) =>
  client.put(`/api/communities/${communityId}/twilio`, { twilio_configuration: body });
const VALID = { twilio_account_sid: SID, twilio_auth_token: TOKEN, twilio_number: '+55 11 93333-0000' };
const rowsOf = async (widgetId: number) => ({
  pressures: Number(
    (
      await server.ctx.db.select({ n: count() }).from(activistPressures).where(eq(activistPressures.widgetId, widgetId))
    )[0]?.n,
  ),
  calls: Number(
    (await server.ctx.db.select({ n: count() }).from(twilioCalls).where(eq(twilioCalls.widgetId, widgetId)))[0]?.n,
  ),
});
/** Follows the call as the island does: each answer waits until the state it names has changed. */
async function follow(id: number, key: string) {
  const seen: string[] = [];
  let after = '';
  for (let i = 0; i < 30; i++) {
    const res = await visitor.get(`/api/twilio/calls/${id}?key=${key}${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    const { status, duration } = res.body.twilio_call;
    if (seen.at(-1) !== status) seen.push(status);
    if (!['initiated', 'ringing', 'in-progress'].includes(status)) return { seen, duration };
    after = status;
  }
  throw new Error(`the call never ended: ${seen.join(' → ')}`);
}

const STATES = ['initiated', 'ringing', 'in-progress', 'completed'];

/** Every transition of a call once the sandbox walked it to the visitor's leg hanging up. */
const settled = (id: number) =>
  eventually(async () => {
    const rows = await server.ctx.db
      .select()
      .from(twilioCallTransitions)
      .where(eq(twilioCallTransitions.twilioCallId, id))
      .orderBy(asc(twilioCallTransitions.id));
    return rows.some((t) => !t.twilioParentCallSid && t.status === 'completed') && rows;
  });

describe('the Twilio tab', () => {
  it('saves the account for admins, validates each field, and never sends the token back', async () => {
    const { communityId, organiserEmail } = await phonePage();
    const admin = await signIn(server, organiserEmail);
    const path = `/api/communities/${communityId}/twilio`;
    expect((await admin.get(path)).body).toEqual({ twilio_configuration: null, sandbox: true });

    const bad = await configure(admin, communityId, {
      twilio_account_sid: 'x',
      twilio_auth_token: 'y',
      twilio_number: '123',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      twilio_account_sid: ['Informe o Account SID: AC seguido de 32 letras e números'],
      twilio_auth_token: ['O auth token tem 32 letras e números'],
      twilio_number: ['Informe o número com + e o código do país. Ex.: +5511999990000'],
    });
    const spanish = await admin.put(
      path,
      { twilio_configuration: { ...VALID, twilio_auth_token: '' } },
      { 'accept-language': 'es' },
    );
    expect(spanish.body.errors).toEqual({ twilio_auth_token: ['Indica el auth token'] });
    const english = await admin.put(
      path,
      { twilio_configuration: { ...VALID, twilio_number: 'x' } },
      { 'accept-language': 'en' },
    );
    expect(english.body.errors).toEqual({
      twilio_number: ['Enter the number with + and the country code. E.g. +5511999990000'],
    });

    const saved = await configure(admin, communityId, VALID);
    expect(saved.status).toBe(200);
    expect(saved.body.twilio_configuration).toMatchObject({
      twilio_account_sid: SID,
      twilio_number: '+5511933330000',
      auth_token_set: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    expect(JSON.stringify((await admin.get(path)).body)).not.toContain(TOKEN);
    // Stored sealed, not as typed; a blank token on a later save keeps it.
    const [row] = await server.ctx.db
      .select()
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId));
    expect(row?.twilioAuthToken).not.toContain(TOKEN);
    expect((await configure(admin, communityId, { ...VALID, twilio_auth_token: '' })).status).toBe(200);
    expect((await server.ctx.telephony.accountOf(server.ctx.db, communityId))?.authToken).toBe(TOKEN);
  });

  it('lets a mobilizer read it without the token and change it; other communities get nothing', async () => {
    const { communityId } = await phonePage();
    const mobilizer = await createUser(server.ctx.db, { email: `mob-${communityId}@example.org` });
    await server.ctx.db.insert(communityUsers).values({ communityId, userId: mobilizer.id, role: ROLES.mobilizer });
    const asMobilizer = await signIn(server, mobilizer.email);
    expect((await asMobilizer.get(`/api/communities/${communityId}/twilio`)).body.twilio_configuration).toBeNull();
    const saved = await configure(asMobilizer, communityId, VALID);
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    const other = await createUser(server.ctx.db, { email: `other-${communityId}@example.org` });
    await createCommunity(server.ctx.db, { name: 'Outra', ownerId: other.id });
    const stranger = await signIn(server, other.email);
    expect((await stranger.get(`/api/communities/${communityId}/twilio`)).status).toBe(404);
    expect((await configure(stranger, communityId, VALID)).status).toBe(404);
    expect((await configure(new Client(server.url), communityId, VALID)).status).toBe(401);
    const [n] = await server.ctx.db
      .select({ n: count() })
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId));
    expect(Number(n?.n)).toBe(1);
  });
});

describe('a phone pressure through the sandbox', () => {
  it('refuses to call before the community has telephony, and says so', async () => {
    const { form: widget } = await phonePage();
    expect((await visitor.get(`/api/widgets/${widget.id}/telephony`)).body).toEqual({
      twilio_configurations: { count: 0 },
      twilio_calls: { count: 0 },
      sandbox: true,
    });
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      'As ligações desta pressão ainda não estão disponíveis: a comunidade não configurou a telefonia.',
    ]);
    expect(await rowsOf(widget.id)).toEqual({ pressures: 0, calls: 0 });
  });

  it('answers every spec message and stores nothing', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage({ show_city: 'city-true' });
    await configure(await signIn(server, organiserEmail), communityId, VALID);
    const call = (activist: Record<string, unknown>, target = CALL.target) =>
      visitor.post(`/api/widgets/${widget.id}/call`, { call: { activist: { ...CALL.activist, ...activist }, target } });
    const empty = await call({ first_name: ' ', last_name: '', email: '', phone_number: '' }, '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      first_name: ['Informe seu nome'],
      last_name: ['Informe seu sobrenome'],
      city: ['Informe sua cidade'],
      email: ['Informe seu e-mail'],
      phone_number: ['Informe seu telefone com DDD'],
      target: ['Ops, você precisa selecionar pelo menos um alvo para poder pressionar'],
    });
    const city = { city: 'Recife' };
    expect((await call({ ...city, phone_number: '5511999' })).body.errors).toEqual({
      phone_number: ['Telefone inválido'],
    });
    expect((await call({ ...city, phone_number: '98888-7777' })).body.errors).toEqual({
      phone_number: ['Informe o código do país e o DDD com dois dígitos. Ex.: +5511'],
    });
    expect((await call({ ...city, phone_number: '(81) 99999-1111' })).body.errors).toEqual({
      phone_number: ['O telefone que você está tentando usar é de um dos alvos da mobilização.'],
    });
    expect((await call({ ...city, email: 'iara@' })).body.errors).toEqual({ email: ['E-mail inválido'] });
    expect((await call(city, '+5581000000000')).body.errors).toEqual({
      target: ['Ops, você precisa selecionar pelo menos um alvo para poder pressionar'],
    });
    expect(
      (
        await visitor.post(`/api/widgets/${widget.id}/call`, {
          call: { ...CALL, activist: { ...CALL.activist, ...city } },
          website: 'x',
        })
      ).status,
    ).toBe(422);
    expect((await visitor.post(`/api/widgets/${widget.id}/call`, { call: 'x' })).status).toBe(422);
    expect(await rowsOf(widget.id)).toEqual({ pressures: 0, calls: 0 });
    const { form: emailWidget } = await createFormPage(server.ctx.db, {
      kind: 'pressure',
      settings: { targets: ['A <a@b.org>'] },
    });
    expect((await visitor.post(`/api/widgets/${emailWidget.id}/call`, { call: CALL })).status).toBe(422);
  });

  it('takes a Brazilian number as people type it and stores it, and dials it, in E.164', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    await configure(await signIn(server, organiserEmail), communityId, VALID);
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, {
      call: { ...CALL, activist: { ...CALL.activist, email: 'lia@example.org', phone_number: '081 98888 6666' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [call] = await server.ctx.db.select().from(twilioCalls).where(eq(twilioCalls.id, res.body.twilio_call.id));
    expect(call?.from).toBe('+5581988886666');
    const [pressure] = await server.ctx.db
      .select()
      .from(activistPressures)
      .where(eq(activistPressures.id, res.body.activist_pressure.id));
    expect(pressure?.formData).toMatchObject({ phone_number: '+5581988886666' });
    const [activist] = await server.ctx.db
      .select()
      .from(activists)
      .where(eq(activists.id, call?.activistId ?? 0));
    expect(activist?.phone).toBe('+5581988886666');
    // The sandbox was asked to call that number: its first callback names it.
    const transitions = await settled(res.body.twilio_call.id);
    expect(transitions[0]?.data).toMatchObject({ To: '+5581988886666' });
  });

  it('stores the pressure, calls, walks every state to the duration, and calls the next target in the same pressure', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    await configure(await signIn(server, organiserEmail), communityId, VALID);
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Calling is not pressing yet: the call counts once it has reached its target.
    expect(res.body).toMatchObject({ twilio_call: { status: 'initiated' }, count: 0 });
    const { id, key } = res.body.twilio_call;
    // Shown in order, never stepping back (the target's leg starting used to read 'initiated' again). The sandbox
    // steps every 5 ms, so a busy machine's poll may miss a middle state; every state is in the transitions below.
    const { seen, duration } = await follow(id, key);
    expect(duration).toBe(3);
    expect(seen[0]).toBe('initiated');
    expect(seen.at(-1)).toBe('completed');
    expect(seen).toEqual(STATES.filter((s) => seen.includes(s)));
    // The visitor's leg hangs up just after the target's.
    const transitions = await settled(id);
    const [visitorLeg, targetLeg] = [
      transitions.filter((t) => !t.twilioParentCallSid),
      transitions.filter((t) => t.twilioParentCallSid),
    ];
    expect(visitorLeg.map((t) => t.status)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    expect(targetLeg.map((t) => t.status)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    const [call] = await server.ctx.db.select().from(twilioCalls).where(eq(twilioCalls.id, id));
    expect(call).toMatchObject({
      from: '+5581988887777',
      to: '+5581999990000',
      communityId,
      twilioCallSid: visitorLeg[0]?.twilioCallSid,
      status: 'completed',
    });
    const [activist] = await server.ctx.db
      .select()
      .from(activists)
      .where(eq(activists.id, call?.activistId ?? 0));
    expect(activist).toMatchObject({ email: 'iara@example.org', phone: '+5581988887777' });
    // The consent notice shown is stored with the call.
    expect(await server.ctx.db.select().from(activistConsents).where(eq(activistConsents.actionId, id))).toEqual([
      expect.objectContaining({
        source: 'twilio_calls',
        activistId: activist?.id,
        text: translate('pt-BR', 'formView.consent'),
      }),
    ]);

    // The busy target, in the same visit: same pressure, its target added, the failure offered again.
    const busy = await visitor.post(`/api/widgets/${widget.id}/call`, {
      call: { ...CALL, target: '+5581999991111', pressure: res.body.activist_pressure },
    });
    expect(busy.status).toBe(201);
    expect(busy.body.activist_pressure.id).toBe(res.body.activist_pressure.id);
    expect(await follow(busy.body.twilio_call.id, busy.body.twilio_call.key)).toMatchObject({
      seen: expect.arrayContaining(['busy']),
    });
    expect(await rowsOf(widget.id)).toEqual({ pressures: 1, calls: 2 });
    const [pressure] = await server.ctx.db
      .select()
      .from(activistPressures)
      .where(eq(activistPressures.widgetId, widget.id));
    expect(pressure?.targets).toEqual(PHONE_TARGETS);
    // A forged pressure key starts a new pressure instead of joining someone else's.
    const forged = await visitor.post(`/api/widgets/${widget.id}/call`, {
      call: { ...CALL, pressure: { id: res.body.activist_pressure.id, key: 'guess' } },
    });
    expect(forged.body.activist_pressure.id).not.toBe(res.body.activist_pressure.id);
    expect((await visitor.get(`/api/widgets/${widget.id}/telephony`)).body).toMatchObject({
      twilio_configurations: { count: 1 },
      twilio_calls: { count: 3 },
    });
    // Without the call's key its status is not found.
    expect((await visitor.get(`/api/twilio/calls/${id}?key=nope`)).status).toBe(404);
    expect((await visitor.get(`/api/twilio/calls/${id}`)).status).toBe(404);
  });

  it('refuses a callback without a valid signature and records nothing', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    await configure(await signIn(server, organiserEmail), communityId, VALID);
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: { ...CALL, target: '+5581999990000' } });
    const id = res.body.twilio_call.id as number;
    await follow(id, res.body.twilio_call.key);
    const before = (await settled(id)).length;
    const post = (headers: Record<string, string>) =>
      visitor.request('POST', `/api/twilio/calls/${id}/status`, 'CallSid=CAx&CallStatus=busy', {
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'x-twilio-signature': 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' })).status).toBe(403);
    const after = await server.ctx.db
      .select()
      .from(twilioCallTransitions)
      .where(eq(twilioCallTransitions.twilioCallId, id));
    expect(after).toHaveLength(before);
  });
});

describe('organisers watching calls', () => {
  it('get each transition pushed over the GraphQL subscription as the provider reports it', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    const organiser = await signIn(server, organiserEmail);
    await configure(organiser, communityId, VALID);
    const socket = connectSocket(server, { token: organiser.cookie('session') });
    const watch = collect(
      socket,
      `subscription W($w: Int!, $from: String!) {
        watchTwilioCallTransitions(call: {widgetId: $w, from: $from}) { twilioCallTransitionStatus }
      }`,
      { w: widget.id, from: `+${CALL.activist.phone_number}` },
    );
    await watch.next(1);
    expect(watch.events[0]).toEqual({ data: { watchTwilioCallTransitions: [] } });
    const res = await visitor.post(`/api/widgets/${widget.id}/call`, { call: CALL });
    await settled(res.body.twilio_call.id);
    type Event = { data: { watchTwilioCallTransitions: { twilioCallTransitionStatus: string }[] } };
    // Each event is the number's records, newest first; its first record is the latest state.
    const latest = (e: unknown) => (e as Event).data.watchTwilioCallTransitions[0]?.twilioCallTransitionStatus;
    await eventually(async () => watch.events.some((e) => latest(e) === 'completed'));
    const statuses = watch.events.slice(1).map(latest);
    // Pushed as they happened: more than the last state, in order, ending completed.
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.at(-1)).toBe('completed');
    watch.stop();
    await socket.dispose();
  });
});

describe('addTwilioCall (the original admin’s mutation)', () => {
  const ADD = `mutation Add($w: Int!, $from: String!, $to: String!) {
    addTwilioCall(input: {call: {widgetId: $w, from: $from, to: $to}}) { twilioCall { id widgetId from to } }
  }`;

  it('records the call in the document and places it once committed; a failed document places nothing', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    const organiser = await signIn(server, organiserEmail);
    await configure(organiser, communityId, VALID);
    const res = await organiser.graphql(ADD, { w: widget.id, from: '55 81 98888-7777', to: '+5581999990000' });
    expect(res.body.errors).toBeUndefined();
    const call = res.body.data.addTwilioCall.twilioCall;
    expect(call).toEqual({ id: expect.any(Number), widgetId: widget.id, from: '+5581988887777', to: '+5581999990000' });
    expect((await settled(call.id)).at(-1)?.status).toBe('completed');

    const failed = await organiser.graphql(
      `mutation { a: addTwilioCall(input: {call: {widgetId: ${widget.id}, from: "+5581977776666", to: "+5581999990000"}}) { twilioCall { id } }
        b: update_widgets_by_pk(pk_columns: {id: ${widget.id}}, _set: {kind: "no-such-kind"}) { id } }`,
    );
    expect(failed.body.errors).toBeDefined();
    const placed = await server.ctx.db.select().from(twilioCalls).where(eq(twilioCalls.from, '+5581977776666'));
    expect(placed).toEqual([]);
  });

  it('names a bad target or number, and another community’s widget is not found', async () => {
    const { form: widget, communityId, organiserEmail } = await phonePage();
    const organiser = await signIn(server, organiserEmail);
    await configure(organiser, communityId, VALID);
    const target = await organiser.graphql(ADD, { w: widget.id, from: '+5581988887777', to: '+5581900000000' });
    expect(target.body.errors[0].extensions.fields).toEqual({
      to: ['Ops, você precisa selecionar pelo menos um alvo para poder pressionar'],
    });
    const number = await organiser.graphql(ADD, { w: widget.id, from: '123', to: '+5581999990000' });
    expect(number.body.errors[0].extensions.fields).toEqual({ from: ['Telefone inválido'] });
    const other = await phonePage();
    const foreign = await organiser.graphql(ADD, { w: other.form.id, from: '+5581988887777', to: '+5581999990000' });
    expect(foreign.body.errors[0].extensions.code).toBe('not-found');
  });
});
