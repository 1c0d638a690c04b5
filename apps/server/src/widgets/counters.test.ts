import { ACTION_KINDS } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { ACTION_TABLES } from '../actions/data';
import { ACTION_DATA } from '../actions/registry';
import { activistPressures, donations, formEntries, twilioCalls } from '../db/schema';
import {
  createCommunity,
  createDonation,
  createMobilization,
  createPhoneCall,
  createSubscription,
  createUser,
} from '../seed/factories';
import { SERVER_WIDGET_KINDS } from './kinds';

let server: TestServer;
let alice: Client;
let page: Awaited<ReturnType<typeof createMobilization>>;
let communityId: number;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createUser(server.ctx.db, { email: 'counters-alice@example.org' });
  communityId = (await createCommunity(server.ctx.db, { name: 'Contagem', ownerId: a.id })).id;
  page = await createMobilization(server.ctx.db, {
    communityId,
    name: 'Contagem',
    blocks: [
      {
        name: 'Ações',
        widgets: [
          { kind: 'form' },
          { kind: 'pressure' },
          { kind: 'pressure-phone' },
          { kind: 'donation' },
          { kind: 'busao0800' },
        ],
      },
    ],
  });
  alice = await signIn(server, 'counters-alice@example.org');
});
afterAll(() => server.close());

const widgetOf = (kind: string) => {
  const widget = page.widgets.find((w) => w.kind === kind);
  if (!widget) throw new Error(`no ${kind} widget`);
  return widget;
};

async function counts() {
  const res = await alice.get(`/api/mobilizations/${page.id}/widgets`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body as { kind: string; count: number; form_entries_count: number }[]).map((w) => [
      w.kind,
      { count: w.count, form: w.form_entries_count },
    ]),
  );
}

describe('widget counters are kind-agnostic', () => {
  it('every table a kind counts is the table its actions are declared in, with counting triggers', async () => {
    for (const kind of ACTION_KINDS) expect(SERVER_WIDGET_KINDS[kind].counts, kind).toBe(ACTION_DATA[kind].table);
    const tables = new Set(Object.values(SERVER_WIDGET_KINDS).flatMap((k) => ('counts' in k ? [k.counts] : [])));
    expect([...tables].sort()).toEqual([...ACTION_TABLES].sort());
    const result = (await server.ctx.db.execute(sql`
      select c.relname as table_name, t.tgname as name, p.proname as function_name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'mutirao_count_%'`)) as unknown as {
      rows: { table_name: string; name: string }[];
    };
    for (const table of tables) {
      const names = result.rows.filter((r) => r.table_name === table).map((r) => r.name);
      expect(names, table).toEqual(expect.arrayContaining([`${table}_counted`, `${table}_uncounted`]));
    }
  });

  it('counts what counts: entries, e-mail pressures, completed calls and paid donations', async () => {
    const zero = { count: 0, form: 0 };
    expect(await counts()).toEqual({
      form: zero,
      pressure: zero,
      'pressure-phone': zero,
      donation: zero,
      busao0800: zero,
    });
    const db = server.ctx.db;
    await db.insert(formEntries).values([
      { widgetId: widgetOf('form').id, mobilizationId: page.id, fields: [] },
      { widgetId: widgetOf('form').id, mobilizationId: page.id, fields: [] },
    ]);
    await db.insert(activistPressures).values({
      widgetId: widgetOf('pressure').id,
      mobilizationId: page.id,
      mail: { subject: 'Assunto', body: 'Corpo' },
    });
    // A phone visit's pressure row is no action: its calls are.
    await db.insert(activistPressures).values({
      widgetId: widgetOf('pressure-phone').id,
      mobilizationId: page.id,
      mail: { subject: '', body: '' },
      channel: 'phone',
    });
    const phone = widgetOf('pressure-phone').id;
    await createPhoneCall(db, { communityId, widgetId: phone, status: 'completed' });
    const ringing = await createPhoneCall(db, { communityId, widgetId: phone, status: 'ringing' });
    await createPhoneCall(db, { communityId, widgetId: phone, status: 'busy' });
    const donation = widgetOf('donation').id;
    const onWidget = { communityId, widgetId: donation, mobilizationId: page.id };
    await createDonation(db, { ...onWidget, amount: 1000 });
    await createDonation(db, { ...onWidget, amount: 1000, status: 'refused' });
    const boleto = await createDonation(db, { ...onWidget, amount: 5300, status: 'waiting_payment' });
    // A donation without a widget is nobody's action.
    await createDonation(db, { communityId, amount: 500, mobilizationId: page.id });
    expect(await counts()).toEqual({
      form: { count: 2, form: 2 },
      pressure: { count: 1, form: 0 },
      'pressure-phone': { count: 1, form: 0 },
      donation: { count: 1, form: 0 },
      busao0800: zero,
    });

    // The boleto is paid and the ringing call completes: each counts now; a refund takes the first gift back.
    await db.update(donations).set({ status: 'paid' }).where(eq(donations.id, boleto.id));
    await db.update(twilioCalls).set({ status: 'completed' }).where(eq(twilioCalls.id, ringing.id));
    expect((await counts()).donation).toEqual({ count: 2, form: 0 });
    expect((await counts())['pressure-phone']).toEqual({ count: 2, form: 0 });
    await db.update(donations).set({ status: 'refunded' }).where(eq(donations.id, boleto.id));
    expect((await counts()).donation).toEqual({ count: 1, form: 0 });

    // A recurring donation's later paid charges count for the widget it started on.
    const subscription = await createSubscription(db, { communityId, amount: 3000, widgetId: donation });
    await createDonation(db, { communityId, amount: 3000, subscriptionId: subscription.id, mobilizationId: page.id });
    expect((await counts()).donation).toEqual({ count: 2, form: 0 });

    await db.delete(activistPressures);
    await db.delete(donations);
    await db.delete(twilioCalls);
    expect((await counts()).pressure).toEqual(zero);
    expect((await counts()).donation).toEqual(zero);
    expect((await counts())['pressure-phone']).toEqual(zero);
    expect((await counts()).form).toEqual({ count: 2, form: 2 });
  });

  it('answers a visitor an action widget’s live count; nothing for a widget that counts nothing or is unpublished', async () => {
    const visitor = new Client(server.url);
    const db = server.ctx.db;
    const donation = widgetOf('donation').id;
    const onWidget = { communityId, widgetId: donation, mobilizationId: page.id };
    await createDonation(db, { ...onWidget, amount: 1000 });
    await createDonation(db, { ...onWidget, amount: 1000, status: 'refused' });
    const res = await visitor.get(`/api/widgets/${donation}/count`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ count: 1 });
    expect((await visitor.get(`/api/widgets/${widgetOf('form').id}/count`)).body).toEqual({ count: 2 });
    expect((await visitor.get(`/api/widgets/${widgetOf('busao0800').id}/count`)).status).toBe(404);
    expect((await visitor.get('/api/widgets/999999/count')).status).toBe(404);
    const archived = await createMobilization(db, {
      communityId,
      name: 'Arquivada',
      status: 'archived',
      blocks: [{ name: 'Doe', widgets: [{ kind: 'donation' }] }],
    });
    expect((await visitor.get(`/api/widgets/${archived.widgets[0]?.id}/count`)).status).toBe(404);
  });
});
