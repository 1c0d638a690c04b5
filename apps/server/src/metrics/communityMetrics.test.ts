import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { NO_FIGURES } from '../../test/metrics';
import type { Widget } from '../db/schema';
import { SIGN_UP_BLOCK } from '../seed/demoForm';
import {
  createActivist,
  createCommunity,
  createDonation,
  createFormEntries,
  createMobilization,
  createPhoneCall,
  createPressure,
  createSubscription,
  createUser,
} from '../seed/factories';

let server: TestServer;
let alice: Client; // admin (role 1) of Alpha
let mob: Client; // mobilizer (role 2) of Alpha
let root: Client; // platform admin, member of nothing
let eve: Client; // admin of Beta only
let alphaId: number;
let betaId: number;
let emptyId: number;
const page = { petition: 0, action: 0, archived: 0 };
const MISSING = 999_999;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const formOf = (widgets: Widget[]) => {
  const form = widgets.find((w) => w.kind === 'form');
  if (!form) throw new Error('no form widget');
  return form;
};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'alice@example.org' });
  const m = await createUser(db, { email: 'mob@example.org' });
  const e = await createUser(db, { email: 'eve@example.org' });
  await createUser(db, { email: 'root@example.org', isAdmin: true });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: e.id })).id;
  emptyId = (await createCommunity(db, { name: 'Vazia', ownerId: a.id })).id;

  // Petition: four sign-ups spread over 200 days (200, 150, 100 and 50 days ago), so one is recent.
  const petition = await createMobilization(db, {
    communityId: alphaId,
    name: 'Abaixo-assinado',
    updatedAt: daysAgo(1),
    blocks: [SIGN_UP_BLOCK],
  });
  page.petition = petition.id;
  const petitionForm = formOf(petition.widgets);
  await createFormEntries(db, {
    communityId: alphaId,
    mobilizationId: petition.id,
    widget: petitionForm,
    count: 4,
    days: 200,
  });

  // An archived page still counts for the community: three sign-ups 60, 40 and 20 days ago.
  const archived = await createMobilization(db, {
    communityId: alphaId,
    name: 'Campanha antiga',
    status: 'archived',
    updatedAt: daysAgo(3),
    blocks: [SIGN_UP_BLOCK],
  });
  page.archived = archived.id;
  const archivedForm = formOf(archived.widgets);
  await createFormEntries(db, {
    communityId: alphaId,
    mobilizationId: archived.id,
    widget: archivedForm,
    count: 3,
    days: 60,
    tag: 'old-',
  });

  // Pressure, donation and phone widgets on one page, acted on by two people.
  const action = await createMobilization(db, {
    communityId: alphaId,
    name: 'Pressão e doação',
    updatedAt: daysAgo(2),
    blocks: [{ widgets: [{ kind: 'pressure' }, { kind: 'donation' }, { kind: 'pressure-phone' }] }],
  });
  page.action = action.id;
  const [pressure, donation, phone] = action.widgets as [Widget, Widget, Widget];
  const a1 = (await createActivist(db, { communityId: alphaId, email: 'a1@example.org' })).id;
  const a2 = (await createActivist(db, { communityId: alphaId, email: 'a2@example.org' })).id;
  await createPressure(db, {
    widgetId: pressure.id,
    mobilizationId: action.id,
    activistId: a1,
    createdAt: daysAgo(10),
  });
  await createPressure(db, {
    widgetId: pressure.id,
    mobilizationId: action.id,
    activistId: a2,
    createdAt: daysAgo(120),
  });
  const gift = { communityId: alphaId, widgetId: donation.id, mobilizationId: action.id };
  await createDonation(db, { ...gift, activistId: a1, amount: 10_000, createdAt: daysAgo(5) });
  await createDonation(db, { ...gift, activistId: a2, amount: 5_000, createdAt: daysAgo(40) });
  await createDonation(db, { ...gift, activistId: a2, amount: 70_000, status: 'refused', createdAt: daysAgo(1) });
  // A page removed for good leaves its money with the community (mobilization_id set null).
  await createDonation(db, { communityId: alphaId, amount: 2_000, createdAt: daysAgo(10) });
  await createSubscription(db, { ...gift, activistId: a1, amount: 3_000 });
  await createSubscription(db, { ...gift, activistId: a2, amount: 3_000, status: 'canceled' });
  await createSubscription(db, { communityId: alphaId, amount: 1_500 });
  await createPhoneCall(db, { communityId: alphaId, widgetId: phone.id, activistId: a1, createdAt: daysAgo(2) });
  await createPhoneCall(db, { communityId: alphaId, widgetId: phone.id, activistId: a1, createdAt: daysAgo(95) });

  // Beta's activity must never reach Alpha's figures.
  const beta = await createMobilization(db, {
    communityId: betaId,
    name: 'Página de Beta',
    blocks: [SIGN_UP_BLOCK, { widgets: [{ kind: 'pressure-phone' }] }],
  });
  await createFormEntries(db, {
    communityId: betaId,
    mobilizationId: beta.id,
    widget: formOf(beta.widgets),
    count: 2,
    tag: 'beta-',
  });
  await createDonation(db, { communityId: betaId, mobilizationId: beta.id, amount: 99_900 });
  const betaPhone = beta.widgets.find((w) => w.kind === 'pressure-phone') as Widget;
  await createPhoneCall(db, { communityId: betaId, widgetId: betaPhone.id });

  alice = await signIn(server, 'alice@example.org');
  mob = await signIn(server, 'mob@example.org');
  root = await signIn(server, 'root@example.org');
  eve = await signIn(server, 'eve@example.org');
});
afterAll(() => server.close());

describe('GET /api/communities/:id/metrics', () => {
  it("adds up every page of the community, archived ones too, with the spec's 90- and 30-day windows", async () => {
    const res = await mob.get(`/api/communities/${alphaId}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body.metrics).toEqual({
      // 4 petition signers, 3 archived-page signers, a1 and a2; recent: 1 petition signer (50 days), 3, a1, a2.
      activists: 9,
      activists_last_90_days: 6,
      form_entries: 7,
      form_entries_last_90_days: 4,
      pressures: 2,
      pressures_last_90_days: 1,
      // Both calls completed: each a phone pressure.
      phone_pressures: 2,
      phone_pressures_last_90_days: 1,
      phone_calls: 2,
      phone_calls_last_90_days: 1,
      // Paid only: 10,000 (5 days), 5,000 (40 days) and 2,000 (10 days, its page gone); the refusal is left out.
      donations: 3,
      donations_last_30_days: 2,
      total_fund_raising: 17_000,
      fund_raising_last_30_days: 12_000,
      pending_donations: 0,
      refused_donations: 1,
      refunded_donations: 0,
      active_subscriptions: 2,
      last_action_at: expect.any(String),
    });
    // The latest action that counts is the call two days ago: the refused card of yesterday is no action.
    const age = Date.now() - Date.parse(res.body.metrics.last_action_at);
    expect(age).toBeGreaterThanOrEqual(2 * DAY);
    expect(age).toBeLessThan(2 * DAY + 3_600_000);
  });

  it('counts only its own community: Beta sees Beta', async () => {
    const res = await eve.get(`/api/communities/${betaId}/metrics`);
    expect(res.body.metrics).toMatchObject({
      activists: 2,
      form_entries: 2,
      phone_calls: 1,
      donations: 1,
      total_fund_raising: 99_900,
      pressures: 0,
      active_subscriptions: 0,
    });
  });

  it('answers zeros and no last action for a community nobody acted in', async () => {
    const res = await alice.get(`/api/communities/${emptyId}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body.metrics).toEqual(NO_FIGURES);
  });

  it('a platform admin reads any community', async () => {
    const res = await root.get(`/api/communities/${alphaId}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body.metrics.activists).toBe(9);
  });
});

describe('GET /api/communities/:id/metrics/mobilizations', () => {
  it('lists each page with its own figures, most recently updated first, a page of rows at a time', async () => {
    const first = await mob.get(`/api/communities/${alphaId}/metrics/mobilizations?per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.body.mobilizations.map((m: { id: number }) => m.id)).toEqual([page.petition, page.action]);
    expect(first.body.mobilizations[0]).toMatchObject({
      name: 'Abaixo-assinado',
      status: 'active',
      metrics: { activists: 4, activists_last_90_days: 1, form_entries: 4, form_entries_last_90_days: 1 },
    });
    expect(first.body.mobilizations[1].metrics).toMatchObject({
      activists: 2,
      activists_last_90_days: 2,
      pressures: 2,
      pressures_last_90_days: 1,
      phone_calls: 2,
      phone_calls_last_90_days: 1,
      donations: 2,
      donations_last_30_days: 1,
      total_fund_raising: 15_000,
      fund_raising_last_30_days: 10_000,
      active_subscriptions: 1,
    });
    const second = await mob.get(`/api/communities/${alphaId}/metrics/mobilizations?per_page=2&page=2`);
    expect(second.body).toMatchObject({ total: 3, page: 2 });
    expect(second.body.mobilizations).toEqual([
      expect.objectContaining({
        id: page.archived,
        status: 'archived',
        metrics: expect.objectContaining({ form_entries: 3, form_entries_last_90_days: 3 }),
      }),
    ]);
  });

  it('gives each page the same figures as its own metrics tab', async () => {
    const list = await alice.get(`/api/communities/${alphaId}/metrics/mobilizations`);
    expect(list.body.per_page).toBe(10);
    for (const row of list.body.mobilizations) {
      const own = await alice.get(`/api/mobilizations/${row.id}/metrics`);
      expect(row.metrics).toEqual(own.body.metrics);
    }
  });

  it('falls back to the first page and the default size for numbers it cannot use', async () => {
    const res = await alice.get(`/api/communities/${alphaId}/metrics/mobilizations?page=x&per_page=0`);
    expect(res.body).toMatchObject({ total: 3, page: 1, per_page: 10 });
    const big = await alice.get(`/api/communities/${alphaId}/metrics/mobilizations?per_page=5000`);
    expect(big.body.per_page).toBe(50);
  });

  it('is empty for a community without pages', async () => {
    const res = await alice.get(`/api/communities/${emptyId}/metrics/mobilizations`);
    expect(res.body).toEqual({ mobilizations: [], total: 0, page: 1, per_page: 10 });
  });
});

describe('who may read community metrics', () => {
  const paths = [
    (id: number | string) => `/api/communities/${id}/metrics`,
    (id: number | string) => `/api/communities/${id}/metrics/mobilizations`,
  ];

  it('a member of another community gets the same 404 as a missing id, on both paths', async () => {
    for (const path of paths) {
      const foreign = await eve.get(path(alphaId));
      const missing = await eve.get(path(MISSING));
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect((await eve.get(path('abc'))).status).toBe(404);
    }
  });

  it('a signed-out caller gets 401', async () => {
    const anonymous = new Client(server.url);
    for (const path of paths) {
      const res = await anonymous.get(path(alphaId));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: ['Unauthorized'] });
    }
  });
});
