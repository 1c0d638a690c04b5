import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { NO_FIGURES } from '../../test/metrics';
import { formEntries, type Widget } from '../db/schema';
import {
  createActivist,
  createCommunity,
  createDonation,
  createMobilization,
  createPhoneCall,
  createPressure,
  createSubscription,
  createUser,
} from '../seed/factories';

let server: TestServer;
let alice: Client;
let mob: Client;
let busy: number;
let quiet: number;
let giftsWidget: number;
let formWidget: number;
let eve: Client;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'alice@example.org' });
  const m = await createUser(db, { email: 'mob@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] });
  const page = await createMobilization(db, {
    communityId: alpha.id,
    name: 'Com números',
    blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }, { kind: 'pressure-phone' }] }],
  });
  busy = page.id;
  quiet = (await createMobilization(db, { communityId: alpha.id, name: 'Sem ações' })).id;
  const [form, pressure, donation, phone] = page.widgets as [Widget, Widget, Widget, Widget];
  giftsWidget = donation.id;
  formWidget = form.id;
  const people: number[] = [];
  for (let i = 0; i < 5; i++)
    people.push((await createActivist(db, { communityId: alpha.id, email: `p${i}@example.org` })).id);
  const [p0, p1, p2, p3, p4] = people as [number, number, number, number, number];

  // p0 signed long ago and again recently; p1 long ago only; p2 pressed recently; p3 gave twice; p4 was refused.
  const entry = (activistId: number, createdAt: Date) => ({
    widgetId: form.id,
    mobilizationId: busy,
    activistId,
    fields: [],
    createdAt,
  });
  await db.insert(formEntries).values([entry(p0, daysAgo(200)), entry(p0, daysAgo(3)), entry(p1, daysAgo(120))]);
  const onPage = { mobilizationId: busy, communityId: alpha.id };
  await createPressure(db, { ...onPage, widgetId: pressure.id, activistId: p2, createdAt: daysAgo(10) });
  await createPressure(db, { ...onPage, widgetId: pressure.id, activistId: p1, createdAt: daysAgo(100) });
  const gift = { ...onPage, widgetId: donation.id };
  await createDonation(db, { ...gift, activistId: p3, amount: 10_000, createdAt: daysAgo(5) });
  await createDonation(db, { ...gift, activistId: p3, amount: 2_550, createdAt: daysAgo(45) });
  await createDonation(db, { ...gift, activistId: p4, amount: 99_900, status: 'refused', createdAt: daysAgo(1) });
  await createDonation(db, { ...gift, activistId: p3, amount: 1_000, status: 'refunded', createdAt: daysAgo(20) });
  await createDonation(db, { ...gift, amount: 4_000, status: 'chargedback', createdAt: daysAgo(15) });
  await createDonation(db, { ...gift, amount: 3_300, status: 'waiting_payment', paymentMethod: 'boleto' });
  await createSubscription(db, { ...gift, activistId: p3, amount: 2_000 });
  await createSubscription(db, { ...gift, amount: 2_000, status: 'canceled' });
  const call = { communityId: alpha.id, widgetId: phone.id, activistId: p2 };
  await createPhoneCall(db, { ...call, createdAt: daysAgo(2) });
  await createPhoneCall(db, { ...call, createdAt: daysAgo(95) });
  alice = await signIn(server, 'alice@example.org');
  mob = await signIn(server, 'mob@example.org');
  const e = await createUser(db, { email: 'eve@example.org' });
  await createCommunity(db, { name: 'Elsewhere', ownerId: e.id });
  eve = await signIn(server, e.email);
});
afterAll(() => server.close());

describe('GET /api/mobilizations/:id/metrics', () => {
  it("counts what the page collected, with the spec's 90- and 30-day windows, amounts in cents", async () => {
    const res = await mob.get(`/api/mobilizations/${busy}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body.metrics).toMatchObject({
      // p4 only tried to give (refused): an attempt is no action, so p4 is no activist.
      activists: 4,
      activists_last_90_days: 3, // p0 (3 days), p2, p3; p1 only acted 100+ days ago
      form_entries: 3,
      form_entries_last_90_days: 1,
      pressures: 2,
      pressures_last_90_days: 1,
      phone_pressures: 2,
      phone_pressures_last_90_days: 1,
      phone_calls: 2,
      phone_calls_last_90_days: 1,
      donations: 2,
      donations_last_30_days: 1,
      total_fund_raising: 12_550,
      fund_raising_last_30_days: 10_000,
      pending_donations: 1,
      refused_donations: 1,
      refunded_donations: 2,
      active_subscriptions: 1,
    });
    // The latest action that counts is the call two days ago: p4's refused card of yesterday is no action.
    const age = Date.now() - Date.parse(res.body.metrics.last_action_at);
    expect(age).toBeGreaterThanOrEqual(2 * DAY);
    expect(age).toBeLessThan(2 * DAY + 3_600_000);
  });

  it('agrees with the list’s users_count and total_fund_raising', async () => {
    const { communityId } = (await server.ctx.db.query.mobilizations.findFirst({
      where: (m, { eq }) => eq(m.id, busy),
    })) as { communityId: number };
    const list = await alice.get(`/api/mobilizations?community_id=${communityId}&ids=${busy}`);
    const metrics = (await alice.get(`/api/mobilizations/${busy}/metrics`)).body.metrics;
    expect(list.body[0].users_count).toBe(metrics.activists);
    expect(list.body[0].total_fund_raising).toBe(metrics.total_fund_raising);
  });

  it('answers zeros and no last action for a page nobody acted on', async () => {
    const res = await alice.get(`/api/mobilizations/${quiet}/metrics`);
    expect(res.body.metrics).toEqual(NO_FIGURES);
  });

  it('needs a session and an existing id', async () => {
    expect((await alice.get('/api/mobilizations/999999/metrics')).status).toBe(404);
    expect((await alice.get('/api/mobilizations/abc/metrics')).status).toBe(404);
  });
});

describe('GET /api/mobilizations/:id/widgets/:widget/donation_figures', () => {
  const path = (page: number | string, widget: number | string) =>
    `/api/mobilizations/${page}/widgets/${widget}/donation_figures`;

  it("gives a donation widget's raised sum in cents, paid, refused, refunded and active recurring donations", async () => {
    const res = await mob.get(path(busy, giftsWidget));
    expect(res.status).toBe(200);
    // Paid 10,000 and 2,550; one refusal; a refund and a chargeback; the waiting boleto is pending, no gift yet.
    expect(res.body).toEqual({
      figures: { pledged: 12_550, paid: 2, pending: 1, refused: 1, refunded: 2, recurring_active: 1 },
    });
  });

  it('refuses another kind of widget by name, and hides the page from outsiders', async () => {
    const form = await alice.get(path(busy, formWidget));
    expect(form.status).toBe(422);
    expect(form.body.errors.widget_id).toEqual(['Este widget não é de doação']);
    expect((await eve.get(path(busy, giftsWidget))).status).toBe(404);
    expect((await alice.get(path(quiet, giftsWidget))).status).toBe(404);
    expect((await new Client(server.url).get(path(busy, giftsWidget))).status).toBe(401);
  });
});
