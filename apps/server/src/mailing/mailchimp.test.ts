import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipient, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage, entryBody, pressureSettings } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { type MailchimpDouble, startMailchimpDouble } from '../../test/mailchimp';
import { activists, communities, formEntries, mailchimpQueue, widgets } from '../db/schema';
import { subscriberHash } from './marketingApi';

const KEY = `${'a1'.repeat(16)}-us21`;
const NEW_KEY = `${'b2'.repeat(16)}-us21`;
const LIST = 'ab12cd34ef';

let mailchimp: MailchimpDouble;
let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  mailchimp = await startMailchimpDouble({ [LIST]: 'Coletivo Teste' }, [KEY]);
  server = await startTestServer({
    env: {
      ACTION_MAX_PER_IP: '100000',
      MAILING_DRIVER: 'mailchimp',
      MAILCHIMP_API_URL: mailchimp.url,
      MAILCHIMP_MAX_RETRY_AFTER_SECONDS: '5',
    },
  });
  visitor = new Client(server.url);
});
afterAll(async () => {
  await server.close();
  await mailchimp.close();
});

const member = (email: string) => mailchimp.members.get(LIST)?.get(subscriberHash(email));
const putsFor = (email: string) =>
  mailchimp.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/members/${subscriberHash(email)}`)).length;
const queueOf = async (communityId: number) =>
  Number(
    (
      await server.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailchimpQueue)
        .where(eq(mailchimpQueue.communityId, communityId))
    )[0]?.n,
  );

/** A community with a form page and its organiser signed in, with Mailchimp set (unless `configure` is false). */
async function setUp(configure = true) {
  const setup = await createFormPage(server.ctx.db);
  const organiser = await signIn(server, setup.organiserEmail);
  if (configure) {
    const res = await organiser.put(`/api/communities/${setup.communityId}/mailchimp`, {
      mailchimp: { mailchimp_api_key: KEY, mailchimp_list_id: LIST },
    });
    expect(res.status).toBe(200);
  }
  return { ...setup, organiser };
}

const sign = (pageId: number, widgetId: number, email: string, name = 'Maria da Conceição') =>
  visitor.post(
    `/api/mobilizations/${pageId}/form_entries`,
    entryBody(widgetId, {
      'f-nome': name,
      'f-email': email,
      'f-fone': '(81) 99999-0000',
      'f-bairro': '',
      'f-idade': '',
    }),
  );

describe('the Mailchimp settings', () => {
  it('validates with field-named messages, stores the key sealed and never sends it back', async () => {
    const { communityId, organiser } = await setUp(false);
    const path = `/api/communities/${communityId}/mailchimp`;
    const bad = await organiser.put(
      path,
      { mailchimp: { mailchimp_api_key: 'nope', mailchimp_list_id: '' } },
      {
        'accept-language': 'en',
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.mailchimp_api_key).toEqual([
      'Enter the API key: 32 letters and digits, a dash and the data centre (e.g. -us21)',
    ]);
    expect(bad.body.errors.mailchimp_list_id).toEqual(['Enter the list ID']);
    const keyless = await organiser.put(path, { mailchimp: { mailchimp_list_id: LIST } });
    expect(keyless.status).toBe(422);
    expect(keyless.body.errors.mailchimp_api_key).toEqual(['Informe a chave da API']);

    const saved = await organiser.put(path, { mailchimp: { mailchimp_api_key: KEY, mailchimp_list_id: LIST } });
    expect(saved.status).toBe(200);
    expect(saved.body.mailchimp).toMatchObject({ api_key_set: true, configured: true, mailchimp_list_id: LIST });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    const [row] = await server.ctx.db.select().from(communities).where(eq(communities.id, communityId));
    expect(row?.mailchimpApiKey).toMatch(/^v1\./);
    expect(row?.mailchimpApiKey).not.toContain(KEY.slice(0, 12));
    // Blank keeps the stored key.
    expect((await organiser.put(path, { mailchimp: { mailchimp_list_id: LIST, mailchimp_api_key: '' } })).status).toBe(
      200,
    );
    const rest = await organiser.get(`/api/communities`);
    expect(JSON.stringify(rest.body)).not.toContain(KEY.slice(0, 12));
    const gql = await organiser.graphql(
      `{ communities(where: {id: {_eq: ${communityId}}}) { mailchimp_api_key mailchimp_list_id } }`,
    );
    expect(gql.body.data.communities).toEqual([{ mailchimp_api_key: null, mailchimp_list_id: LIST }]);
  });

  it("tests the connection and reports the list's name or Mailchimp's refusal", async () => {
    const { communityId, organiser } = await setUp();
    const ok = await organiser.post(`/api/communities/${communityId}/mailchimp/test`, {});
    expect(ok.body).toEqual({ ok: true, list: { id: LIST, name: 'Coletivo Teste', member_count: expect.any(Number) } });
    const refused = await organiser.post(`/api/communities/${communityId}/mailchimp/test`, {
      mailchimp: { mailchimp_api_key: NEW_KEY },
    });
    expect(refused.body).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });
    expect(refused.body.error.message).toContain('API Key Invalid');
    const missing = await organiser.post(`/api/communities/${communityId}/mailchimp/test`, {
      mailchimp: { mailchimp_list_id: 'nolist' },
    });
    expect(missing.body).toMatchObject({ ok: false, error: { kind: 'not_found', status: 404 } });
  });

  it('refuses a field the test does not read with a 400 that names it, beside the wrapper or in it', async () => {
    const { communityId, organiser } = await setUp();
    const path = `/api/communities/${communityId}/mailchimp/test`;
    const inner = await organiser.post(path, { mailchimp: { mailchimp_list_id: LIST, list_name: 'Outra' } });
    expect(inner.status).toBe(400);
    expect(inner.body.errors).toEqual({ list_name: ['O campo list_name não existe aqui; nada foi salvo'] });
    // A key sent without the wrapper would otherwise be dropped, and the stored one tested in its place.
    const flat = await organiser.post(path, { mailchimp_api_key: NEW_KEY }, { 'accept-language': 'en' });
    expect(flat.status).toBe(400);
    expect(flat.body.errors).toEqual({
      mailchimp_api_key: ['There is no field mailchimp_api_key here; nothing was saved'],
    });
  });

  it("answers another community's member with a 404 on every endpoint", async () => {
    const { communityId } = await setUp();
    const stranger = (await setUp(false)).organiser;
    const base = `/api/communities/${communityId}`;
    expect((await stranger.get(`${base}/mailchimp`)).status).toBe(404);
    expect((await stranger.get(`${base}/mailchimp/calls`)).status).toBe(404);
    expect((await stranger.put(`${base}/mailchimp`, { mailchimp: { mailchimp_list_id: 'x' } })).status).toBe(404);
    expect((await stranger.post(`${base}/mailchimp/test`, {})).status).toBe(404);
    expect((await stranger.post(`${base}/resync_mailchimp.json`, {})).status).toBe(404);
    expect((await new Client(server.url).get(`${base}/mailchimp`)).status).toBe(401);
  });
});

describe('the sync of activist actions', () => {
  it('sends a form entry with its merge fields, in segment M{id}F made when missing, and marks it synced', async () => {
    const { page, form, communityId } = await setUp();
    expect((await sign(page.id, form.id, 'maria@example.org')).status).toBe(201);
    await eventually(async () => (await queueOf(communityId)) === 0 && member('maria@example.org'));
    const sent = member('maria@example.org');
    expect(sent?.merge_fields).toEqual({ FNAME: 'Maria', LNAME: 'da Conceição', PHONE: '(81) 99999-0000' });
    expect(sent?.status).toBe('subscribed');
    expect([...(sent?.tags ?? [])]).toEqual([`M${page.id}F`]);
    const put = mailchimp.requests.find(
      (r) => r.method === 'PUT' && r.path.endsWith(subscriberHash('maria@example.org')),
    );
    expect(put?.body).toEqual({
      email_address: 'maria@example.org',
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'Maria', LNAME: 'da Conceição', PHONE: '(81) 99999-0000' },
    });
    expect(put?.authorization).toBe(`Basic ${Buffer.from(`mutirao:${KEY}`).toString('base64')}`);
    const segment = mailchimp.segments.get(LIST)?.find((s) => s.name === `M${page.id}F`);
    expect(segment).toBeDefined();
    const created = mailchimp.requests.find((r) => r.method === 'POST' && r.path === `/lists/${LIST}/segments`);
    expect(created?.body).toEqual({ name: `M${page.id}F`, static_segment: [] });
    const [widget] = await server.ctx.db.select().from(widgets).where(eq(widgets.id, form.id));
    expect(widget?.mailchimpSegmentId).toBe(String(segment?.id));
    const [entry] = await server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, form.id));
    expect(entry?.mailchimpSyncedAt).toBeInstanceOf(Date);
  });

  it('tags a pressure M{id}P with the city, and a community without Mailchimp queues nothing', async () => {
    const { communityId, organiser } = await setUp();
    const pressure = await createFormPage(server.ctx.db, {
      kind: 'pressure',
      communityId,
      settings: pressureSettings(),
    });
    const res = await visitor.post(`/api/widgets/${pressure.form.id}/fill`, {
      fill: {
        activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org', city: 'Recife' },
        mail: { subject: 'Tarifa zero', body: 'Aprovem.' },
      },
    });
    expect(res.status).toBe(201);
    await eventually(async () => member('iara@example.org')?.tags.has(`M${pressure.page.id}P`));
    expect(member('iara@example.org')?.merge_fields).toEqual({ FNAME: 'Iara', LNAME: 'Monteiro', CITY: 'Recife' });
    const status = await organiser.get(`/api/communities/${communityId}/mailchimp`);
    expect(status.body.mailchimp).toMatchObject({ paused: false, queue_size: 0 });
    expect(status.body.mailchimp.last_synced_at).not.toBeNull();

    const plain = await setUp(false);
    expect((await sign(plain.page.id, plain.form.id, 'nobody-list@example.org')).status).toBe(201);
    expect(await queueOf(plain.communityId)).toBe(0);
  });

  it("tags a donation M{id}D with the donor's name, city and phone", async () => {
    const { communityId } = await setUp();
    await addRecipient(server.ctx.db, communityId);
    const donation = await createFormPage(server.ctx.db, {
      kind: 'donation',
      communityId,
      settings: donationSettings(),
    });
    const res = await visitor.post(`/api/mobilizations/${donation.page.id}/donations`, donationBody(donation.form.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await eventually(async () => member('iara@example.org')?.tags.has(`M${donation.page.id}D`));
    expect(member('iara@example.org')?.merge_fields).toMatchObject({ CITY: 'Recife', PHONE: '81988887777' });
  });

  it('sends once when the job runs twice', async () => {
    const { page, form, communityId } = await setUp();
    await sign(page.id, form.id, 'twice@example.org');
    await eventually(async () => (await queueOf(communityId)) === 0 && member('twice@example.org'));
    await Promise.all([server.ctx.mailing.syncCommunity(communityId), server.ctx.mailing.syncCommunity(communityId)]);
    // The same action queued again (a crash between the calls and the delete) is dropped without a call.
    const [entry] = await server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, form.id));
    const [activist] = await server.ctx.db.select().from(activists).where(eq(activists.email, 'twice@example.org'));
    await server.ctx.db.insert(mailchimpQueue).values({
      communityId,
      kind: 'form',
      actionId: entry?.id ?? 0,
      activistId: activist?.id ?? 0,
      widgetId: form.id,
      mobilizationId: page.id,
    });
    await server.ctx.mailing.syncCommunity(communityId);
    expect(await queueOf(communityId)).toBe(0);
    expect(putsFor('twice@example.org')).toBe(1);
  });

  it('waits out a 429 as Retry-After asks, then succeeds', async () => {
    const { page, form, communityId } = await setUp();
    const before = mailchimp.requests.length;
    mailchimp.throttleNext(2, 1);
    const started = Date.now();
    await sign(page.id, form.id, 'throttled@example.org');
    await eventually(async () => (await queueOf(communityId)) === 0 && member('throttled@example.org'), 20_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(mailchimp.requests.length - before).toBeGreaterThanOrEqual(5);
    expect(member('throttled@example.org')?.tags.has(`M${page.id}F`)).toBe(true);
  });

  it('pauses on a refused key, keeps the queue, and resumes with a new key', async () => {
    const { page, form, communityId, organiser } = await setUp();
    mailchimp.keys.delete(KEY);
    try {
      await sign(page.id, form.id, 'paused1@example.org');
      const path = `/api/communities/${communityId}/mailchimp`;
      const paused = await eventually(async () => {
        const res = await organiser.get(path);
        return res.body.mailchimp.paused && res.body;
      });
      expect(paused.mailchimp).toMatchObject({ paused_reason: 'invalid_key', queue_size: 1 });
      expect(paused.mailchimp.last_error).toContain('API Key Invalid');
      await sign(page.id, form.id, 'paused2@example.org');
      await new Promise((r) => setTimeout(r, 1500));
      expect((await organiser.get(path)).body.mailchimp.queue_size).toBe(2);
      expect(member('paused1@example.org')).toBeUndefined();

      mailchimp.keys.add(NEW_KEY);
      const resumed = await organiser.put(path, { mailchimp: { mailchimp_api_key: NEW_KEY, mailchimp_list_id: LIST } });
      expect(resumed.body.mailchimp.paused).toBe(false);
      await eventually(async () => (await queueOf(communityId)) === 0);
      expect(member('paused1@example.org')?.tags.has(`M${page.id}F`)).toBe(true);
      expect(member('paused2@example.org')).toBeDefined();
    } finally {
      mailchimp.keys.add(KEY);
    }
  });
});

describe('POST /api/communities/:id/resync_mailchimp.json', () => {
  it('re-sends every activist page by page, shows progress, and resumes from its cursor after a failure', async () => {
    const { page, form, communityId, organiser } = await setUp(false);
    const emails = Array.from({ length: 24 }, (_, i) => `resync${String(i).padStart(2, '0')}@example.org`);
    for (const email of emails.slice(0, 3)) expect((await sign(page.id, form.id, email)).status).toBe(201);
    await server.ctx.db
      .insert(activists)
      .values(emails.slice(3).map((email) => ({ communityId, email, firstName: 'Ana', city: 'Olinda' })));
    // Configured after the actions: nothing was queued, only a resync sends them.
    await organiser.put(`/api/communities/${communityId}/mailchimp`, {
      mailchimp: { mailchimp_api_key: KEY, mailchimp_list_id: LIST },
    });
    expect(await queueOf(communityId)).toBe(0);
    server.ctx.mailing.resyncPageSize = 10;
    const stuck = subscriberHash(emails[15] as string);
    mailchimp.failWhen((r) => r.method === 'PUT' && r.path.endsWith(stuck));
    const peakBefore = mailchimp.peakConcurrency();
    try {
      const started = await organiser.post(`/api/communities/${communityId}/resync_mailchimp.json`, {});
      expect(started.status).toBe(202);
      expect(started.body.mailchimp.resync).toMatchObject({ status: 'running', total: 24 });
      const halted = await eventually(async () => {
        const res = await organiser.get(`/api/communities/${communityId}/mailchimp`);
        return res.body.mailchimp.last_error && res.body.mailchimp;
      });
      expect(halted.resync).toMatchObject({ status: 'running', done: 10, total: 24 });
      expect(halted.last_error).toContain('Service Unavailable');
    } finally {
      mailchimp.failWhen(undefined);
    }
    // The job's retry (as after a crash) continues from the persisted cursor: the first page is not sent again.
    await server.ctx.mailing.resyncCommunity(communityId);
    const done = (await organiser.get(`/api/communities/${communityId}/mailchimp`)).body.mailchimp;
    expect(done.resync).toMatchObject({ status: 'done', done: 24, total: 24 });
    expect(putsFor(emails[3] as string)).toBe(1);
    for (const email of emails) expect(member(email)).toBeDefined();
    expect(member(emails[20] as string)?.merge_fields).toEqual({ FNAME: 'Ana', CITY: 'Olinda' });
    const segment = mailchimp.segments.get(LIST)?.find((s) => s.name === `M${page.id}F`);
    expect([...(segment?.members ?? [])].sort()).toEqual(emails.slice(0, 3));
    const batch = mailchimp.requests.find(
      (r) => r.method === 'POST' && r.path === `/lists/${LIST}/segments/${segment?.id}`,
    );
    expect(batch?.body).toEqual({ members_to_add: emails.slice(0, 3) });
    // Mailchimp's limit of 10 simultaneous connections holds.
    expect(Math.max(peakBefore, mailchimp.peakConcurrency())).toBeLessThanOrEqual(10);
    expect(mailchimp.peakConcurrency()).toBeGreaterThan(1);
  });
});
