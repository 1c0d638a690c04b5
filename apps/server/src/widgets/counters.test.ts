import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistPressures, donations, formEntries } from '../db/schema';
import { createCommunity, createDonation, createMobilization, createUser } from '../seed/factories';
import { COUNTED_ACTION_TABLES, SERVER_WIDGET_KINDS } from './kinds';

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
      { name: 'Ações', widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }, { kind: 'busao0800' }] },
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
  it('every table a kind counts has the shared counting triggers', async () => {
    const tables = new Set(Object.values(SERVER_WIDGET_KINDS).flatMap((k) => ('counts' in k ? [k.counts] : [])));
    expect([...tables].sort()).toEqual([...COUNTED_ACTION_TABLES].sort());
    const result = (await server.ctx.db.execute(sql`
      select c.relname as table_name, t.tgname as name, p.proname as function_name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'mutirao_count_actions_%'`)) as unknown as {
      rows: { table_name: string; function_name: string }[];
    };
    for (const table of tables) {
      const functions = result.rows.filter((r) => r.table_name === table).map((r) => r.function_name);
      expect(functions.sort(), table).toEqual(['mutirao_count_actions_added', 'mutirao_count_actions_removed']);
    }
  });

  it('counts form entries, pressures and donations the same way; form_entries_count stays the form figure', async () => {
    expect(await counts()).toEqual({
      form: { count: 0, form: 0 },
      pressure: { count: 0, form: 0 },
      donation: { count: 0, form: 0 },
      busao0800: { count: 0, form: 0 },
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
    await createDonation(db, { communityId, amount: 1000, widgetId: widgetOf('donation').id, mobilizationId: page.id });
    // A donation without a widget is nobody's action.
    await createDonation(db, { communityId, amount: 500, mobilizationId: page.id });
    expect(await counts()).toEqual({
      form: { count: 2, form: 2 },
      pressure: { count: 1, form: 0 },
      donation: { count: 1, form: 0 },
      busao0800: { count: 0, form: 0 },
    });
    await db.delete(activistPressures);
    await db.delete(donations);
    expect((await counts()).pressure).toEqual({ count: 0, form: 0 });
    expect((await counts()).donation).toEqual({ count: 0, form: 0 });
    expect((await counts()).form).toEqual({ count: 2, form: 2 });
  });
});
