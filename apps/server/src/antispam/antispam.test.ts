import { translate } from '@mutirao/core';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipient, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage, entryBody, pressureSettings } from '../../test/formPage';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { antispamSpent, donations, formEntries, mobilizations, twilioCalls } from '../db/schema';
import { rateLimitSweepJob } from '../rate-limit/rate-limit';
import { createPageChallenge, sweepSpent } from './challenge';
import { networkOf, readChallengeState } from './state';

/*
 * The anti-spam challenge on the action routes (issue 35), on both engines: off, nothing changes; on (the page's
 * switch, or by itself after a burst from one network), an action needs a valid, unspent solution in `x-altcha`.
 * The challenge is made easy here (ALTCHA_COST=1, ALTCHA_MAX_COUNTER=20) so the tests solve it in Node at once.
 */

const BURST = 6;
const METRICS_TOKEN = 'antispam-metrics-token-1234';
let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      ACTION_MAX_PER_IP: '100000',
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '20',
      ANTISPAM_BURST_ACTIONS: String(BURST),
      METRICS_TOKEN,
    },
  });
  visitor = new Client(server.url);
});
afterAll(() => server.close());

const VALID = { 'f-nome': 'Maria', 'f-email': 'maria@example.org', 'f-fone': '', 'f-bairro': '', 'f-idade': '' };
const REQUIRED = translate('pt-BR', 'antispam.required');

/** What the browser's altcha widget sends: base64 of `{challenge, solution}`. */
async function solved(challenge: { parameters: unknown; signature?: string }) {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A challenge from the route, as the widget gets one, solved. */
async function solutionFor(widgetId: number) {
  const res = await visitor.get(`/api/widgets/${widgetId}/challenge`);
  expect(res.status).toBe(200);
  const { altcha: _assets, ...challenge } = res.body;
  return solved(challenge);
}

async function entriesOf(widgetId: number) {
  const [row] = await server.ctx.db.select({ n: count() }).from(formEntries).where(eq(formEntries.widgetId, widgetId));
  return Number(row?.n);
}

/** A form page, its organiser signed in, and its switch set as the settings screen sets it. */
async function formPage(challenge: boolean) {
  const made = await createFormPage(server.ctx.db);
  const organiser = await signIn(server, made.organiserEmail);
  if (challenge) {
    const res = await organiser.put(`/api/mobilizations/${made.page.id}`, {
      mobilization: { antispam_challenge: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.antispam_challenge).toBe(true);
  }
  return { ...made, organiser };
}

const postEntry = (pageId: number, widgetId: number, headers: Record<string, string> = {}) =>
  visitor.post(`/api/mobilizations/${pageId}/form_entries`, entryBody(widgetId, VALID), headers);

function expectRefused(res: { status: number; body: unknown }, locale: 'pt-BR' | 'es' = 'pt-BR') {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ errors: [translate(locale, 'antispam.required')], code: 'challenge_required' });
}

describe('the anti-spam challenge, off (the default)', () => {
  it('changes nothing: an action without a solution is taken, whatever header it sends', async () => {
    const { page, form } = await formPage(false);
    expect((await postEntry(page.id, form.id)).status).toBe(201);
    expect((await postEntry(page.id, form.id, { 'x-altcha': 'not a solution' })).status).toBe(201);
    expect(await entriesOf(form.id)).toBe(2);
  });
});

describe('GET /api/widgets/:id/challenge', () => {
  it('answers a signed challenge for the widget’s page, never cached, with where the solver is', async () => {
    const { page, form } = await formPage(false);
    const res = await visitor.get(`/api/widgets/${form.id}/challenge`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      data: { page: String(page.id) },
    });
    expect(res.body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 500);
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.altcha.script).toMatch(/^\/_mz\/altcha\/[\w-]+\/altcha\.js$/);
    // The solver comes from our own origin, cached for good under its hash; nothing else is served there.
    const script = await visitor.get(res.body.altcha.script);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(String(script.body)).toContain('altcha-widget');
    expect((await visitor.get(res.body.altcha.worker)).status).toBe(200);
    expect((await visitor.get('/_mz/altcha/nope/altcha.js')).status).toBe(404);
  });

  it('is the 404 an action gets for a widget that does not exist or whose page is not published', async () => {
    const archived = await createFormPage(server.ctx.db, { status: 'archived' });
    expect((await visitor.get(`/api/widgets/${archived.form.id}/challenge`)).status).toBe(404);
    expect((await visitor.get('/api/widgets/999999999/challenge')).status).toBe(404);
  });
});

describe('the anti-spam challenge, on (the page’s switch)', () => {
  it('refuses an action without a solution with a clear message and a code, and stores nothing', async () => {
    const { page, form } = await formPage(true);
    expectRefused(await postEntry(page.id, form.id));
    expectRefused(await postEntry(page.id, form.id, { 'accept-language': 'es' }), 'es');
    expect(REQUIRED).toContain('pessoa');
    expect(await entriesOf(form.id)).toBe(0);
  });

  it('refuses an invalid solution: garbage, a wrong answer, a forged challenge, another page’s', async () => {
    const { page, form } = await formPage(true);
    const other = await formPage(true);
    expectRefused(await postEntry(page.id, form.id, { 'x-altcha': 'bm90IGpzb24=' }));
    const res = await visitor.get(`/api/widgets/${form.id}/challenge`);
    const { altcha: _assets, ...challenge } = res.body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const send = (payload: unknown) =>
      postEntry(page.id, form.id, { 'x-altcha': Buffer.from(JSON.stringify(payload)).toString('base64') });
    expectRefused(await send({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }));
    const forged = { ...challenge, parameters: { ...challenge.parameters, data: { page: String(other.page.id) } } };
    expectRefused(await send({ challenge: forged, solution }));
    // A real solution for the other page's widget is no good here.
    expectRefused(await postEntry(page.id, form.id, { 'x-altcha': await solutionFor(other.form.id) }));
    expect(await entriesOf(form.id)).toBe(0);
  });

  it('takes a valid solution once: the same solution again is refused as spent', async () => {
    const { page, form } = await formPage(true);
    const payload = await solutionFor(form.id);
    expect((await postEntry(page.id, form.id, { 'x-altcha': payload })).status).toBe(201);
    expectRefused(await postEntry(page.id, form.id, { 'x-altcha': payload }));
    expect(await entriesOf(form.id)).toBe(1);
    // A new solution passes.
    expect((await postEntry(page.id, form.id, { 'x-altcha': await solutionFor(form.id) })).status).toBe(201);
    expect(await entriesOf(form.id)).toBe(2);
  });

  it('refuses the solution of an expired challenge', async () => {
    const { page, form } = await formPage(true);
    const config = server.ctx.config.antispam;
    const old = await createPageChallenge(config, page.id, Date.now() - (config.expireSeconds + 60) * 1000);
    expectRefused(await postEntry(page.id, form.id, { 'x-altcha': await solved(old) }));
    expect(await entriesOf(form.id)).toBe(0);
  });

  it('guards the widget routes too: an e-mail pressure needs a solution', async () => {
    const { page, form, organiser } = await (async () => {
      const made = await createFormPage(server.ctx.db, { kind: 'pressure', settings: pressureSettings() });
      return { ...made, organiser: await signIn(server, made.organiserEmail) };
    })();
    await organiser.put(`/api/mobilizations/${page.id}`, { mobilization: { antispam_challenge: true } });
    const fill = {
      fill: {
        activist: { firstname: 'Ana', lastname: 'Lima', email: 'ana@example.org', city: 'Recife' },
        mail: { subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' },
      },
    };
    expectRefused(await visitor.post(`/api/widgets/${form.id}/fill`, fill));
    const res = await visitor.post(`/api/widgets/${form.id}/fill`, fill, { 'x-altcha': await solutionFor(form.id) });
    expect(res.status).toBe(201);
  });

  it('keeps spent solutions until their challenge expires, then the sweep removes them', async () => {
    const { page, form } = await formPage(true);
    const payload = await solutionFor(form.id);
    expect((await postEntry(page.id, form.id, { 'x-altcha': payload })).status).toBe(201);
    const nonce = JSON.parse(Buffer.from(payload, 'base64').toString()).challenge.parameters.nonce;
    const spent = () => server.ctx.db.select().from(antispamSpent).where(eq(antispamSpent.id, nonce));
    expect(await spent()).toHaveLength(1);
    await rateLimitSweepJob(server.ctx.db, 60, [sweepSpent]).handle({});
    expect(await spent()).toHaveLength(1);
    await server.ctx.db
      .update(antispamSpent)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(antispamSpent.id, nonce));
    await rateLimitSweepJob(server.ctx.db, 60, [sweepSpent]).handle({});
    expect(await spent()).toHaveLength(0);
  });
});

describe('the automatic switch-on', () => {
  it('turns the challenge on for the page after a burst from one network; other pages are untouched', async () => {
    const { page, form, organiser } = await formPage(false);
    const quiet = await formPage(false);
    for (let i = 0; i < BURST; i += 1) expect((await postEntry(page.id, form.id)).status).toBe(201);
    // One more from the same network: the page now requires the challenge, for every visitor.
    expectRefused(await postEntry(page.id, form.id));
    const state = await readChallengeState(server.ctx.db, page.id);
    expect(state).toMatchObject({ on: true, setting: false });
    const hour = server.ctx.config.antispam.autoSeconds * 1000;
    expect(state?.autoUntil?.getTime()).toBeGreaterThan(Date.now() + hour - 60_000);
    expect((await postEntry(page.id, form.id, { 'x-altcha': await solutionFor(form.id) })).status).toBe(201);
    expect((await postEntry(quiet.page.id, quiet.form.id)).status).toBe(201);
    // The organiser sees it on the Métricas tab, with the refusal.
    const metrics = await organiser.get(`/api/mobilizations/${page.id}/metrics`);
    expect(metrics.body.antispam).toMatchObject({ on: true, refused: 1, refused_recent: 1, recent_days: 30 });
    expect(new Date(metrics.body.antispam.auto_until).getTime()).toBe(state?.autoUntil?.getTime());
  });

  it('counts networks, not addresses: an IPv4 /24, an IPv6 /48', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });
});

describe('refusals in metrics', () => {
  it('counts a page’s refusals for its organiser, and by reason in Prometheus', async () => {
    const { page, form, organiser } = await formPage(true);
    expectRefused(await postEntry(page.id, form.id));
    expectRefused(await postEntry(page.id, form.id, { 'x-altcha': 'AAAA' }));
    const res = await organiser.get(`/api/mobilizations/${page.id}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body.antispam).toEqual({
      on: true,
      auto_until: null,
      refused: 2,
      refused_recent: 2,
      recent_days: 30,
      burst: { actions: BURST, window_minutes: 5, auto_minutes: 60 },
    });
    const prometheus = await visitor.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(prometheus.status).toBe(200);
    const line = (reason: string) =>
      Number(
        new RegExp(`^mutirao_antispam_refusals_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
          String(prometheus.body),
        )?.[1],
      );
    expect(line('missing')).toBeGreaterThanOrEqual(1);
    expect(line('invalid')).toBeGreaterThanOrEqual(1);
  });
});

describe('the page’s switch: who may change it', () => {
  it('another community’s organiser gets nothing, on REST or GraphQL, and the switch stays as it was', async () => {
    const { page } = await formPage(false);
    const stranger = await signIn(server, (await createFormPage(server.ctx.db)).organiserEmail);
    const put = await stranger.put(`/api/mobilizations/${page.id}`, { mobilization: { antispam_challenge: true } });
    expect(put.status).toBe(404);
    const read = await stranger.graphql(`query($id: Int!) { mobilizations_by_pk(id: $id) { id antispam_challenge } }`, {
      id: page.id,
    });
    expect(read.body.data.mobilizations_by_pk).toBeNull();
    const update = await stranger.graphql(
      `mutation($id: Int!) { update_mobilizations(where: {id: {_eq: $id}}, _set: {antispam_challenge: true}) { affected_rows } }`,
      { id: page.id },
    );
    expect(update.body.data?.update_mobilizations?.affected_rows ?? 0).toBe(0);
    expect((await stranger.get(`/api/mobilizations/${page.id}/metrics`)).status).toBe(404);
    const [row] = await server.ctx.db
      .select({ on: mobilizations.antispamChallenge })
      .from(mobilizations)
      .where(eq(mobilizations.id, page.id));
    expect(row?.on).toBe(false);
  });

  it('its organiser turns it on and off over GraphQL too, and reads it back', async () => {
    const { page, form, organiser } = await formPage(false);
    const set = (on: boolean) =>
      organiser.graphql(
        `mutation($id: Int!, $on: Boolean!) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {antispam_challenge: $on}) { id antispam_challenge } }`,
        { id: page.id, on },
      );
    expect((await set(true)).body.data.update_mobilizations_by_pk).toEqual({ id: page.id, antispam_challenge: true });
    expectRefused(await postEntry(page.id, form.id));
    expect((await set(false)).body.data.update_mobilizations_by_pk.antispam_challenge).toBe(false);
    expect((await postEntry(page.id, form.id)).status).toBe(201);
  });

  it('refuses a value that is not true or false, naming the field', async () => {
    const { page, organiser } = await formPage(false);
    const res = await organiser.put(`/api/mobilizations/${page.id}`, { mobilization: { antispam_challenge: 'sim' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['antispam_challenge']);
  });
});

describe('the anti-spam challenge on the phone call and donation routes, and with Idempotency-Key', () => {
  it('a phone call needs a solution; with one the call is placed', async () => {
    const made = await createFormPage(server.ctx.db, {
      kind: 'pressure-phone',
      settings: { call_to_action: 'Ligue', targets: ['Vereadora Ana <+5581999990000>'], finish_message_type: 'share' },
    });
    const organiser = await signIn(server, made.organiserEmail);
    const twilio = {
      twilio_account_sid: `AC${'ab'.repeat(16)}`,
      twilio_auth_token: 'c3'.repeat(16),
      twilio_number: '+55 11 93333-0000',
    };
    expect(
      (await organiser.put(`/api/communities/${made.communityId}/twilio`, { twilio_configuration: twilio })).status,
    ).toBe(200);
    await organiser.put(`/api/mobilizations/${made.page.id}`, { mobilization: { antispam_challenge: true } });
    const call = {
      call: {
        activist: {
          first_name: 'Iara',
          last_name: 'Monteiro',
          email: 'iara@example.org',
          phone_number: '5581988887777',
        },
        target: '+5581999990000',
      },
    };
    expectRefused(await visitor.post(`/api/widgets/${made.form.id}/call`, call));
    const [none] = await server.ctx.db
      .select({ n: count() })
      .from(twilioCalls)
      .where(eq(twilioCalls.widgetId, made.form.id));
    expect(Number(none?.n)).toBe(0);
    const res = await visitor.post(`/api/widgets/${made.form.id}/call`, call, {
      'x-altcha': await solutionFor(made.form.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('a donation needs a solution; its retry after a lost answer gets the first answer and one charge', async () => {
    const made = await createFormPage(server.ctx.db, { kind: 'donation', settings: donationSettings() });
    await addRecipient(server.ctx.db, made.communityId);
    const organiser = await signIn(server, made.organiserEmail);
    await organiser.put(`/api/mobilizations/${made.page.id}`, { mobilization: { antispam_challenge: true } });
    const path = `/api/mobilizations/${made.page.id}/donations`;
    const body = donationBody(made.form.id);
    const key = { 'idempotency-key': String(body.donation.attempt) };
    expectRefused(await visitor.post(path, body, key));
    const payload = await solutionFor(made.form.id);
    const first = await visitor.post(path, body, { ...key, 'x-altcha': payload });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The retry of a submission whose answer was lost carries the spent solution: refused, it solves again, and the
    // new solution gets the first answer back. One donation.
    expectRefused(await visitor.post(path, body, { ...key, 'x-altcha': payload }));
    const again = await visitor.post(path, body, { ...key, 'x-altcha': await solutionFor(made.form.id) });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await server.ctx.db
      .select({ id: donations.id })
      .from(donations)
      .where(eq(donations.widgetId, made.form.id));
    expect(rows).toEqual([{ id: first.body.donation.id }]);
  });
});
