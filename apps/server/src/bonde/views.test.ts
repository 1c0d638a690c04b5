import { renderMessage } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESSURE_TARGETS, pressureSettings } from '../../test/formPage';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { formEntries, outbox, widgets } from '../db/schema';
import {
  createActivist,
  createCommunity,
  createDonation,
  createMobilization,
  createPressure,
  createSubscription,
  createUser,
} from '../seed/factories';

/*
 * Bonde's views for its canary client (participations, donation_transactions, pressure_targets, the pressure
 * performance), through documents of our own with the client's root fields, arguments and input types, against
 * real rows; a user of another community gets nothing.
 */

let server: TestServer;
let alice: Client; // admin of Alpha
let bob: Client; // admin of Beta
let alphaId: number;
let pressureId: number;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'views-alice@example.org' });
  const b = await createUser(db, { email: 'views-bob@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id });
  await createCommunity(db, { name: 'Beta', ownerId: b.id });
  alphaId = alpha.id;
  const page = await createMobilization(db, {
    communityId: alpha.id,
    name: 'Tarifa zero',
    blocks: [
      {
        name: 'Ações',
        widgets: [
          { kind: 'form', settings: {} },
          { kind: 'pressure', settings: pressureSettings() },
          { kind: 'donation', settings: {} },
        ],
      },
    ],
  });
  const [form, pressure, donation] = page.widgets.map((w) => ({ id: w.id })) as [
    { id: number },
    { id: number },
    { id: number },
  ];
  pressureId = pressure.id;
  const person = (n: string) => createActivist(db, { communityId: alpha.id, email: `${n}@example.org` });
  const ana = await person('ana');
  const beto = await person('beto');
  const cris = await person('cris');
  const entry = (activistId: number, createdAt: Date) =>
    db.insert(formEntries).values({ widgetId: form.id, mobilizationId: page.id, activistId, fields: [], createdAt });
  await entry(ana.id, ago(2));
  await entry(beto.id, ago(40));
  const press = (activistId: number | null, createdAt: Date) =>
    createPressure(db, { widgetId: pressure.id, mobilizationId: page.id, activistId, createdAt });
  await press(ana.id, ago(1));
  await press(cris.id, ago(1));
  await press(cris.id, ago(3));
  await press(null, ago(1)); // an erased person's pressure: a pressure, but no participation
  const sub = await createSubscription(db, { communityId: alpha.id, amount: 3000, widgetId: donation.id });
  const give = (attrs: Partial<Parameters<typeof createDonation>[1]>) =>
    createDonation(db, {
      communityId: alpha.id,
      amount: 5000,
      widgetId: donation.id,
      mobilizationId: page.id,
      ...attrs,
    });
  await give({ activistId: beto.id, transactionId: 't1', createdAt: ago(20) });
  await give({ activistId: beto.id, transactionId: 't2', amount: 3000, subscriptionId: sub.id, createdAt: ago(20) });
  await give({ activistId: cris.id, transactionId: 't3', amount: 2000, status: 'waiting_payment' });
  await give({ activistId: ana.id, transactionId: 't4', amount: 1000, status: 'refused' });
  await give({ activistId: beto.id, amount: 9900, createdAt: ago(50) }); // never reached the provider
  const mail = (to: string, status: string, createdAt: Date) =>
    db.insert(outbox).values({
      idempotencyKey: `views-${to}-${status}-${createdAt.getTime()}`,
      kind: 'pressure-target',
      toAddress: to,
      subject: 'Tarifa zero já',
      text: '…',
      communityId: alpha.id,
      widgetId: pressure.id,
      status,
      createdAt,
      // A queued mail waits for tomorrow's attempt: the server's relay would otherwise send it during the test.
      nextAttemptAt: ago(-1),
    });
  await mail('ana@camara.example.org', 'sent', ago(5));
  await mail('ana@camara.example.org', 'sent', ago(1));
  await mail('beto@camara.example.org', 'bounced', ago(1));
  await mail('beto@camara.example.org', 'queued', ago(1));
  alice = await signIn(server, 'views-alice@example.org');
  bob = await signIn(server, 'views-bob@example.org');
});
afterAll(() => server.close());

const PARTICIPATIONS = `query ($community_id: Int!, $start_interval: timestamp!, $end_interval: timestamp!, $kind: String!) {
  total: participations_aggregate(where: {community_id: {_eq: $community_id}}, distinct_on: activist_id) {
    aggregate { count }
  }
  recent: participations_aggregate(where: {_and: [{community_id: {_eq: $community_id}},
    {participate_at: {_gte: $start_interval}}, {participate_at: {_lte: $end_interval}}]}, distinct_on: activist_id) {
    aggregate { count }
  }
  kind: participations_aggregate(where: {_and: [{community_id: {_eq: $community_id}},
    {participate_at: {_gte: $start_interval}}, {participate_at: {_lte: $end_interval}},
    {participate_kind: {_eq: $kind}}]}, distinct_on: activist_id) {
    aggregate { count }
  }
}`;

const interval = { start_interval: ago(10).toISOString(), end_interval: ago(-1).toISOString() };

describe('participations', () => {
  it('counts the distinct people of the counted actions, by time and kind', async () => {
    const counts = async (kind: string, client = alice) => {
      const res = await client.graphql(PARTICIPATIONS, { community_id: alphaId, kind, ...interval });
      expect(res.body.errors).toBeUndefined();
      const d = res.body.data;
      return [d.total.aggregate.count, d.recent.aggregate.count, d.kind.aggregate.count];
    };
    // Ana, Beto and Cris acted; in the last ten days Ana (entry, pressure) and Cris (pressures). The refused and the
    // unpaid charges are no participation.
    expect(await counts('form_entry')).toEqual([3, 2, 1]);
    expect(await counts('activist_pressure')).toEqual([3, 2, 2]);
    // Bonde's own kinds: the client's "form_entries" and "pressure" match nothing there, and here.
    expect(await counts('form_entries')).toEqual([3, 2, 0]);
    expect(await counts('form_entry', bob)).toEqual([0, 0, 0]);
  });

  it('lists rows with Bonde’s columns, subscriptions apart from one-off gifts', async () => {
    const res = await alice.graphql(
      `query ($c: Int!) { participations(where: {community_id: {_eq: $c}, participate_kind: {_in: ["donation", "subscription"]}}, order_by: {participate_at: asc}) {
        email participate_kind participate_at } }`,
      { c: alphaId },
    );
    expect(res.body.errors).toBeUndefined();
    const rows = res.body.data.participations;
    expect(rows.map((r: { participate_kind: string }) => r.participate_kind).sort()).toEqual([
      'donation',
      'donation',
      'subscription',
    ]);
    expect(rows[0].email).toBe('beto@example.org');
    expect(rows[0].participate_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
  });
});

const DONATIONS = `query ($community_id: Int!, $start_interval: timestamp!, $end_interval: timestamp!) {
  paid: donation_transactions_aggregate(where: {_and: [{community_id: {_eq: $community_id}}, {transaction_status: {_eq: "paid"}}]}) {
    aggregate { sum { payable_amount } }
  }
  waiting_payment: donation_transactions_aggregate(where: {_and: [{community_id: {_eq: $community_id}}, {transaction_status: {_eq: "waiting_payment"}}]}) {
    aggregate { sum { payable_amount } count }
  }
  month: donation_transactions_aggregate(where: {_and: [{community_id: {_eq: $community_id}},
    {payment_date: {_gte: $start_interval}}, {payment_date: {_lte: $end_interval}}, {transaction_status: {_eq: "paid"}}]}) {
    aggregate { sum { payable_amount } }
  }
  subscriptions: donation_transactions_aggregate(where: {_and: [{community_id: {_eq: $community_id}},
    {payment_date: {_gte: $start_interval}}, {payment_date: {_lte: $end_interval}},
    {subscription_id: {_is_null: false}}, {transaction_status: {_eq: "paid"}}]}) {
    aggregate { count }
  }
}`;

describe('donation_transactions', () => {
  it('sums what was paid, by state, month and recurrence', async () => {
    const month = { start_interval: ago(30).toISOString(), end_interval: ago(-1).toISOString() };
    const res = await alice.graphql(DONATIONS, { community_id: alphaId, ...month });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      paid: { aggregate: { sum: { payable_amount: 80 } } },
      // A charge waiting for its boleto has nothing payable yet, as in Bonde.
      waiting_payment: { aggregate: { sum: { payable_amount: null }, count: 1 } },
      month: { aggregate: { sum: { payable_amount: 80 } } },
      subscriptions: { aggregate: { count: 1 } },
    });
    const week = { start_interval: ago(7).toISOString(), end_interval: ago(-1).toISOString() };
    const recent = await alice.graphql(DONATIONS, { community_id: alphaId, ...week });
    expect(recent.body.data.month.aggregate.sum.payable_amount).toBeNull();
    const foreign = await bob.graphql(DONATIONS, { community_id: alphaId, ...month });
    expect(foreign.body.data.paid.aggregate.sum.payable_amount).toBeNull();
    expect(foreign.body.data.waiting_payment.aggregate.count).toBe(0);
  });
});

const GROUP = 'targets identify label email_subject email_body';

describe('pressure_targets', () => {
  it('reads the widget’s settings as its group, on the widget and alone', async () => {
    const res = await alice.graphql(
      `query ($communityId: Int!, $widgetId: Int!) {
        widgets(where: {_and: [{kind: {_neq: "draft"}}, {kind: {_neq: "content"}},
          {block: {mobilization: {deleted_at: {_is_null: true}, community_id: {_eq: $communityId}}}}]}, order_by: {id: asc}) {
          id kind groups: pressure_targets { id ${GROUP} } actions: activist_actions_aggregate { aggregate { count } }
        }
        pressure_targets(where: {widget_id: {_eq: $widgetId}}) { id ${GROUP} }
      }`,
      { communityId: alphaId, widgetId: pressureId },
    );
    expect(res.body.errors).toBeUndefined();
    const group = {
      id: pressureId,
      targets: PRESSURE_TARGETS,
      identify: String(pressureId),
      label: '',
      email_subject: 'Tarifa zero já',
      email_body: 'Aprovem a tarifa zero aos domingos.',
    };
    expect(res.body.data.pressure_targets).toEqual([group]);
    const pressure = res.body.data.widgets.find((w: { id: number }) => w.id === pressureId);
    expect(pressure).toEqual({
      id: pressureId,
      kind: 'pressure',
      groups: [group],
      actions: { aggregate: { count: 4 } },
    });
    expect(res.body.data.widgets.filter((w: { groups: unknown[] }) => w.groups.length)).toHaveLength(1);
    const foreign = await bob.graphql(`{ pressure_targets { id } }`);
    expect(foreign.body.data.pressure_targets).toEqual([]);
  });

  const UPSERT = `mutation ($input: [pressure_targets_insert_input!]!) {
    insert_pressure_targets(objects: $input, on_conflict: {constraint: unique_identify_widget_id,
      update_columns: [email_subject, email_body, label, targets]}) {
      affected_rows returning { ${GROUP} }
    }
  }`;
  const settingsOf = async () =>
    (await server.ctx.db.select().from(widgets).where(eq(widgets.id, pressureId)))[0]?.settings as Record<
      string,
      unknown
    >;

  it('writes the group into the settings with the widget update’s checks, for the community only', async () => {
    const group = {
      widget_id: pressureId,
      identify: 'vereadores',
      label: 'Vereadores',
      targets: ['Vereadora Cida <cida@camara.example.org>'],
      email_subject: 'Ônibus de graça',
      email_body: 'Votem a tarifa zero.',
    };
    const foreign = await bob.graphql(UPSERT, { input: [group] });
    expect(foreign.body.data.insert_pressure_targets).toEqual({ affected_rows: 0, returning: [] });
    expect((await settingsOf()).targets).toEqual(PRESSURE_TARGETS);

    const bad = await alice.graphql(UPSERT, { input: [{ ...group, targets: ['sem e-mail'] }] });
    expect(bad.body.errors?.[0]?.message).toBe(renderMessage('pt-BR', 'kinds.pressure.targetInvalid'));
    const twice = await alice.graphql(UPSERT, { input: [group, group] });
    expect(twice.body.errors?.[0]?.message).toBe(renderMessage('pt-BR', 'api.oneTargetGroup'));

    const res = await alice.graphql(UPSERT, { input: [group] });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.insert_pressure_targets).toEqual({
      affected_rows: 1,
      // `identify` is not among the columns to update: the widget's group keeps its own.
      returning: [
        {
          targets: group.targets,
          identify: String(pressureId),
          label: 'Vereadores',
          email_subject: group.email_subject,
          email_body: group.email_body,
        },
      ],
    });
    const settings = await settingsOf();
    expect(settings).toMatchObject({
      targets: group.targets,
      pressure_subject: 'Ônibus de graça',
      pressure_body: 'Votem a tarifa zero.',
    });
  });

  it('deletes a group by emptying the widget’s targets', async () => {
    const DELETE = `mutation ($id: Int_comparison_exp) { delete_pressure_targets(where: {id: $id}) { affected_rows } }`;
    const foreign = await bob.graphql(DELETE, { id: { _eq: pressureId } });
    expect(foreign.body.data.delete_pressure_targets.affected_rows).toBe(0);
    const res = await alice.graphql(DELETE, { id: { _eq: pressureId } });
    expect(res.body.data.delete_pressure_targets.affected_rows).toBe(1);
    expect((await settingsOf()).targets).toEqual([]);
    const after = await alice.graphql(`query ($w: Int!) { pressure_targets(where: {widget_id: {_eq: $w}}) { id } }`, {
      w: pressureId,
    });
    expect(after.body.data.pressure_targets).toEqual([]);
  });
});

describe('pressure performance', () => {
  const PERFORMANCE = `query ($widgetId: Int!, $start_date: timestamp, $end_date: timestamp) {
    activity_feed_total(widget_id: $widgetId) { events { total event_type } }
    activity_feed(filter: {widget_id: $widgetId, offset: 500}) { data { email total events { total event_type } } }
    activity_feed_timestamp { min_timestamp }
    activist_pressures_aggregate(where: {widget_id: {_eq: $widgetId}}) { aggregate { count } }
    activist_pressures_range(where: {widget_id: {_eq: $widgetId}, _and: [{created_at: {_gte: $start_date}}, {created_at: {_lte: $end_date}}]}) {
      created_at total
    }
  }`;
  const sorted = <T extends { event_type: string }>(events: T[]) =>
    [...events].sort((a, b) => a.event_type.localeCompare(b.event_type));

  it('answers from the outbox and the pressures, per day', async () => {
    const vars = { widgetId: pressureId, start_date: ago(29).toDateString(), end_date: ago(-1).toDateString() };
    const res = await alice.graphql(PERFORMANCE, vars);
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(sorted(d.activity_feed_total.events)).toEqual([
      { event_type: 'bounce', total: 1 },
      { event_type: 'delivered', total: 2 },
      { event_type: 'processed', total: 4 },
    ]);
    const beto = d.activity_feed.data.find((e: { email: string }) => e.email === 'beto@camara.example.org');
    expect(beto.total).toBe(2);
    expect(sorted(beto.events)).toEqual([
      { event_type: 'bounce', total: 1 },
      { event_type: 'processed', total: 2 },
    ]);
    expect(d.activity_feed_timestamp.min_timestamp).toBeGreaterThan(ago(6).getTime() / 1000);
    expect(d.activity_feed_timestamp.min_timestamp).toBeLessThan(ago(4).getTime() / 1000);
    expect(d.activist_pressures_aggregate.aggregate.count).toBe(4);
    const day = (days: number) => `${ago(days).toISOString().slice(0, 10)}T00:00:00.000`;
    expect(d.activist_pressures_range).toEqual(
      expect.arrayContaining([
        { created_at: day(1), total: 3 },
        { created_at: day(3), total: 1 },
      ]),
    );
    expect(d.activist_pressures_range).toHaveLength(2);

    const foreign = await bob.graphql(PERFORMANCE, vars);
    expect(foreign.body.data.activity_feed_total.events).toEqual([]);
    expect(foreign.body.data.activity_feed.data).toEqual([]);
    expect(foreign.body.data.activity_feed_timestamp.min_timestamp).toBeNull();
    expect(foreign.body.data.activist_pressures_range).toEqual([]);
  });
});
