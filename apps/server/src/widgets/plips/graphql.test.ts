import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { communities, plipSignatures, plips } from '../../db/schema';
import { createCommunity, createMobilization, createUser } from '../../seed/factories';

/*
 * Bonde's admin client on PLIPs and community integrations (issue 36), with documents of our own that use the same
 * root fields, arguments and input types as the client's, against rows as the Bonde importer writes them.
 */

let server: TestServer;
let alice: Client; // member of Alpha, where the PLIP widget is
let bob: Client; // member of Beta only
let aliceId: number;
let widgetId: number;
let betaWidgetId: number;

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const SHEET = `query Sheet($code: String!, $widget_id: Int!) {
  plips(where: {unique_identifier: {_eq: $code}, widget_id: {_eq: $widget_id}}, order_by: {created_at: desc}, limit: 1) {
    id expected_signatures state: form_data(path: "state") name: form_data(path: "name") created_at
  }
  plip_signatures_aggregate(where: {unique_identifier: {_eq: $code}, widget_id: {_eq: $widget_id}}) {
    aggregate { count sum { confirmed_signatures } }
  }
}`;

const RECORD = `mutation Record($input: plip_signatures_insert_input!) {
  insert_plip_signatures_one(object: $input) { id created_at confirmed_signatures state }
}`;

const SIGN_UPS = `query SignUps($where: plips_bool_exp, $limit: Int!, $offset: Int!) {
  plips(where: $where, limit: $limit, offset: $offset, order_by: {created_at: asc}) {
    name: form_data(path: "name") email: form_data(path: "email") state expected_signatures confirmed_signatures
    created_at status
  }
  plips_aggregate(where: $where) { aggregate { count } }
}`;

const SHEETS = `query Sheets($where: plip_signatures_bool_exp, $limit: Int!, $offset: Int!) {
  plip_signatures(where: $where, limit: $limit, offset: $offset, order_by: {created_at: desc}) {
    confirmed_signatures created_at state
    plips { name: form_data(path: "name") email: form_data(path: "email") expected_signatures state status }
  }
  plip_signatures_aggregate(where: $where) { aggregate { count } }
}`;

const PERFORMANCE = `query Performance($widget_id: Int!, $pending_created_at: timestamptz, $start_date: timestamptz, $end_date: timestamptz) {
  total_subscribers: plips_aggregate(where: {widget_id: {_eq: $widget_id}}) { aggregate { count } }
  pending_subscribers: plips_aggregate(where: {
    widget_id: {_eq: $widget_id}, confirmed_signatures: {_is_null: true}, created_at: {_lte: $pending_created_at}
  }) { aggregate { count } }
  pending_signatures: plips_aggregate(where: {widget_id: {_eq: $widget_id}, confirmed_signatures: {_is_null: true}}) {
    aggregate { sum { expected_signatures } }
  }
  confirmed_signatures: plips_aggregate(where: {widget_id: {_eq: $widget_id}, confirmed_signatures: {_is_null: false}}) {
    aggregate { confirmed_subscribers: count }
  }
  confirmed_signatures_sum: plip_signatures_aggregate(where: {widget_id: {_eq: $widget_id}}) {
    aggregate { sum { confirmed_signatures } }
  }
  states_signatures: plip_signatures_by_state(args: {widget_id: $widget_id}) {
    state expected_signatures confirmed_signatures
  }
  subscribers_range: plips_subscribers_range(where: {
    widget_id: {_eq: $widget_id}, _and: [{created_at: {_gte: $start_date}}, {created_at: {_lte: $end_date}}]
  }) { total widget_id created_at }
  plips(where: {widget_id: {_eq: $widget_id}}, limit: 10) { name: form_data(path: "name") state created_at }
}`;

// As the client's phone version: it declares two variables it does not use, which Hasura accepts.
const PERFORMANCE_PHONE = `query PerformancePhone($widget_id: Int!, $pending_created_at: timestamptz, $start_date: timestamptz, $end_date: timestamptz) {
  confirmed_signatures_sum: plip_signatures_aggregate(where: {widget_id: {_eq: $widget_id}}) {
    aggregate { sum { confirmed_signatures } }
  }
  states_signatures: plip_signatures_by_state(args: {widget_id: $widget_id}) { state confirmed_signatures }
  pending_subscribers: plips_aggregate(where: {
    widget_id: {_eq: $widget_id}, confirmed_signatures: {_is_null: true}, created_at: {_lte: $pending_created_at}
  }) { aggregate { count } }
}`;

const INTEGRATIONS = `query Integrations($widgetId: Int!) {
  widgets_by_pk(id: $widgetId) { block { mobilization { community { integrations } } } }
}`;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'plips-alice@example.org' });
  const b = await createUser(db, { email: 'plips-bob@example.org' });
  aliceId = a.id;
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id });
  const beta = await createCommunity(db, { name: 'Beta', ownerId: b.id });
  alice = await signIn(server, 'plips-alice@example.org');
  bob = await signIn(server, 'plips-bob@example.org');
  const page = await createMobilization(db, {
    communityId: alpha.id,
    name: 'Lei pela Amazônia',
    blocks: [{ name: 'PLIP', widgets: [{ kind: 'form', settings: {} }] }],
  });
  const betaPage = await createMobilization(db, {
    communityId: beta.id,
    name: 'Outra lei',
    blocks: [{ name: 'PLIP', widgets: [{ kind: 'form', settings: {} }] }],
  });
  widgetId = (page.widgets[0] as { id: number }).id;
  betaWidgetId = (betaPage.widgets[0] as { id: number }).id;
  // Sign-ups as the importer writes them: Ana returned a sheet, Bia is past her 30 days, Caio still has time.
  const signUp = (code: string, name: string, state: string, expected: number, createdAt: Date, widget = widgetId) => ({
    communityId: widget === widgetId ? alpha.id : beta.id,
    mobilizationId: widget === widgetId ? page.id : betaPage.id,
    widgetId: widget,
    uniqueIdentifier: code,
    formData: { name, email: `${name.toLowerCase()}@example.org`, state, whatsapp: '+5581999990000', team: 'Leste' },
    expectedSignatures: expected,
    state,
    createdAt,
  });
  await db
    .insert(plips)
    .values([
      signUp('ana-1', 'Ana', 'SP', 10, ago(40)),
      signUp('bia-2', 'Bia', 'BA', 10, ago(35)),
      signUp('caio-3', 'Caio', 'SP', 20, ago(5)),
      signUp('beta-9', 'Bruna', 'RJ', 50, ago(3), betaWidgetId),
    ]);
  await db.insert(plipSignatures).values([
    {
      communityId: alpha.id,
      widgetId,
      uniqueIdentifier: 'ana-1',
      confirmedSignatures: 8,
      state: 'SP',
      email: 'ana@example.org',
      createdAt: ago(20),
    },
    {
      communityId: beta.id,
      widgetId: betaWidgetId,
      uniqueIdentifier: 'beta-9',
      confirmedSignatures: 40,
      state: 'RJ',
      createdAt: ago(1),
    },
  ]);
  await db
    .update(communities)
    .set({ integrations: { turnio: { api_key: 'turn-secret-123', number: '+5581999990000' } } })
    .where(eq(communities.id, alpha.id));
});
afterAll(() => server.close());

describe("Bonde's PLIP documents", () => {
  it('looks a sheet up by its code, with the signatures already returned under it', async () => {
    const res = await alice.graphql(SHEET, { code: 'ana-1', widget_id: widgetId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.plips).toEqual([
      expect.objectContaining({ expected_signatures: 10, state: 'SP', name: 'Ana', created_at: expect.any(String) }),
    ]);
    expect(res.body.data.plip_signatures_aggregate.aggregate).toEqual({ count: 1, sum: { confirmed_signatures: 8 } });
  });

  it('lists sign-ups with their computed status and filters by status, state, expected signatures and e-mail', async () => {
    const all = await alice.graphql(SIGN_UPS, { where: { widget_id: { _eq: widgetId } }, limit: 10, offset: 0 });
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data.plips.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([
      ['Ana', 'CONCLUIDO'],
      ['Bia', 'PENDENTE'],
      ['Caio', 'INSCRITO'],
    ]);
    expect(all.body.data.plips[0]).toMatchObject({ confirmed_signatures: 8, email: 'ana@example.org', state: 'SP' });
    expect(all.body.data.plips[1].confirmed_signatures).toBeNull();
    expect(all.body.data.plips_aggregate.aggregate.count).toBe(3);

    const pending = await alice.graphql(SIGN_UPS, {
      where: { widget_id: { _eq: widgetId }, status: { _eq: 'PENDENTE' }, _and: [{ state: { _eq: 'BA' } }] },
      limit: 10,
      offset: 0,
    });
    expect(pending.body.data.plips.map((p: { name: string }) => p.name)).toEqual(['Bia']);
    expect(pending.body.data.plips_aggregate.aggregate.count).toBe(1);

    const byEmail = await alice.graphql(SIGN_UPS, {
      where: {
        widget_id: { _eq: widgetId },
        form_data: { _contains: { email: 'caio@example.org' } },
        expected_signatures: { _eq: 20 },
      },
      limit: 10,
      offset: 0,
    });
    expect(byEmail.body.data.plips.map((p: { name: string }) => p.name)).toEqual(['Caio']);

    const paged = await alice.graphql(SIGN_UPS, { where: { widget_id: { _eq: widgetId } }, limit: 1, offset: 1 });
    expect(paged.body.data.plips.map((p: { name: string }) => p.name)).toEqual(['Bia']);
    expect(paged.body.data.plips_aggregate.aggregate.count).toBe(3);
  });

  it('lists returned sheets with their sign-ups, filtered through the sign-up', async () => {
    const res = await alice.graphql(SHEETS, {
      where: {
        plips: { widget_id: { _eq: widgetId }, expected_signatures: { _eq: 10 } },
        _and: [{ state: { _eq: 'SP' } }],
      },
      limit: 10,
      offset: 0,
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.plip_signatures).toEqual([
      {
        confirmed_signatures: 8,
        created_at: expect.any(String),
        state: 'SP',
        plips: [{ name: 'Ana', email: 'ana@example.org', expected_signatures: 10, state: 'SP', status: 'CONCLUIDO' }],
      },
    ]);
    expect(res.body.data.plip_signatures_aggregate.aggregate.count).toBe(1);
  });

  it('records a returned sheet for a member, with the sign-up’s e-mail and the recording user', async () => {
    const res = await alice.graphql(RECORD, {
      input: { unique_identifier: 'caio-3', widget_id: widgetId, confirmed_signatures: 12, state: 'sp', user_id: 999 },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.insert_plip_signatures_one).toMatchObject({ confirmed_signatures: 12, state: 'SP' });
    const [row] = await server.ctx.db
      .select()
      .from(plipSignatures)
      .where(eq(plipSignatures.id, res.body.data.insert_plip_signatures_one.id));
    expect(row).toMatchObject({ email: 'caio@example.org', userId: aliceId, uniqueIdentifier: 'caio-3' });

    const after = await alice.graphql(SHEET, { code: 'caio-3', widget_id: widgetId });
    expect(after.body.data.plip_signatures_aggregate.aggregate).toEqual({
      count: 1,
      sum: { confirmed_signatures: 12 },
    });
    const status = await alice.graphql(SIGN_UPS, {
      where: { widget_id: { _eq: widgetId }, status: { _eq: 'CONCLUIDO' } },
      limit: 10,
      offset: 0,
    });
    expect(status.body.data.plips.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Caio']);
    await server.ctx.db.delete(plipSignatures).where(eq(plipSignatures.uniqueIdentifier, 'caio-3'));
  });

  it('refuses a bad sheet with each field named, in the caller’s language', async () => {
    const bad = await alice.graphql(RECORD, {
      input: { unique_identifier: '', widget_id: widgetId, confirmed_signatures: 0, state: 'Atlântida' },
    });
    expect(bad.body.data).toBeUndefined();
    expect(bad.body.errors[0].extensions.fields).toEqual({
      unique_identifier: ['Informe o código da ficha (unique_identifier).'],
      confirmed_signatures: ['Informe as assinaturas confirmadas na ficha: um número inteiro de 1 a 100000.'],
      state: ['Estado inválido: use a sigla de uma UF, como SP ou BA.'],
    });

    const unknown = await alice.graphql(
      RECORD,
      { input: { unique_identifier: 'nobody', widget_id: widgetId, confirmed_signatures: 3 } },
      { 'accept-language': 'en' },
    );
    expect(unknown.body.errors[0].extensions.fields).toEqual({
      unique_identifier: ['No sign-up of this widget has the code “nobody”.'],
    });

    const extra = await alice.graphql(
      RECORD,
      { input: { unique_identifier: 'ana-1', widget_id: widgetId, confirmed_signatures: 3, email: 'x@example.org' } },
      { 'accept-language': 'es' },
    );
    expect(extra.body.errors[0].extensions.fields).toEqual({ email: [expect.stringContaining('email')] });
    const count = await server.ctx.db.select().from(plipSignatures).where(eq(plipSignatures.widgetId, widgetId));
    expect(count).toHaveLength(1);
  });

  it('answers the performance figures, per state and per day', async () => {
    const res = await alice.graphql(PERFORMANCE, {
      widget_id: widgetId,
      pending_created_at: ago(30).toISOString(),
      start_date: ago(60).toISOString(),
      end_date: new Date().toISOString(),
    });
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(d.total_subscribers.aggregate.count).toBe(3);
    expect(d.pending_subscribers.aggregate.count).toBe(1);
    expect(d.pending_signatures.aggregate.sum.expected_signatures).toBe(30);
    expect(d.confirmed_signatures.aggregate.confirmed_subscribers).toBe(1);
    expect(d.confirmed_signatures_sum.aggregate.sum.confirmed_signatures).toBe(8);
    expect(d.states_signatures).toEqual([{ state: 'SP', expected_signatures: 10, confirmed_signatures: 8 }]);
    expect(d.subscribers_range).toHaveLength(3);
    expect(
      d.subscribers_range.every((r: { total: number; widget_id: number }) => r.total === 1 && r.widget_id === widgetId),
    ).toBe(true);
    expect(d.plips).toHaveLength(3);

    const recent = await alice.graphql(PERFORMANCE, {
      widget_id: widgetId,
      start_date: ago(10).toISOString(),
      end_date: new Date().toISOString(),
    });
    expect(recent.body.data.subscribers_range).toHaveLength(1);

    const phone = await alice.graphql(PERFORMANCE_PHONE, {
      widget_id: widgetId,
      pending_created_at: ago(30).toISOString(),
    });
    expect(phone.body.errors).toBeUndefined();
    expect(phone.body.data.states_signatures).toEqual([{ state: 'SP', confirmed_signatures: 8 }]);
    expect(phone.body.data.pending_subscribers.aggregate.count).toBe(1);
  });

  it("gives another community's member nothing, and lets them record nothing", async () => {
    const sheet = await bob.graphql(SHEET, { code: 'ana-1', widget_id: widgetId });
    expect(sheet.body.data.plips).toEqual([]);
    expect(sheet.body.data.plip_signatures_aggregate.aggregate).toEqual({
      count: 0,
      sum: { confirmed_signatures: null },
    });
    const list = await bob.graphql(SIGN_UPS, { where: { widget_id: { _eq: widgetId } }, limit: 10, offset: 0 });
    expect(list.body.data.plips).toEqual([]);
    expect(list.body.data.plips_aggregate.aggregate.count).toBe(0);
    const sheets = await bob.graphql(SHEETS, { where: {}, limit: 10, offset: 0 });
    // Only Beta's own sheet, whose sign-up is Beta's too.
    expect(sheets.body.data.plip_signatures).toEqual([
      expect.objectContaining({ confirmed_signatures: 40, plips: [expect.objectContaining({ name: 'Bruna' })] }),
    ]);
    const perf = await bob.graphql(PERFORMANCE, {
      widget_id: widgetId,
      start_date: ago(60).toISOString(),
      end_date: new Date().toISOString(),
    });
    expect(perf.body.data.total_subscribers.aggregate.count).toBe(0);
    expect(perf.body.data.confirmed_signatures_sum.aggregate.sum.confirmed_signatures).toBeNull();
    expect(perf.body.data.states_signatures).toEqual([]);
    expect(perf.body.data.subscribers_range).toEqual([]);
    expect(perf.body.data.plips).toEqual([]);

    const foreign = await bob.graphql(RECORD, {
      input: { unique_identifier: 'ana-1', widget_id: widgetId, confirmed_signatures: 5 },
    });
    const missing = await bob.graphql(RECORD, {
      input: { unique_identifier: 'ana-1', widget_id: 987654, confirmed_signatures: 5 },
    });
    // The same answer as for a widget that does not exist: nothing confirms Alpha's widget is there.
    expect(foreign.body.errors[0].extensions.fields).toEqual({
      widget_id: ['Nenhum widget com este número nas suas comunidades.'],
    });
    expect(missing.body.errors[0].extensions.fields).toEqual(foreign.body.errors[0].extensions.fields);
    const generic = await bob.graphql(
      'mutation Wipe($w: Int!) { delete_plips(where: {widget_id: {_eq: $w}}) { affected_rows } }',
      { w: widgetId },
    );
    expect(generic.body.data?.delete_plips ?? null).toBeNull();
    expect(await server.ctx.db.select().from(plips).where(eq(plips.widgetId, widgetId))).toHaveLength(3);
  });
});

describe("Bonde's community integrations", () => {
  it('reads the settings with every secret as null', async () => {
    const res = await alice.graphql(INTEGRATIONS, { widgetId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.widgets_by_pk.block.mobilization.community.integrations).toEqual({
      turnio: { api_key: null, number: '+5581999990000' },
    });
    const path = await alice.graphql('query { communities { integrations(path: "turnio.number") } }');
    expect(path.body.data.communities).toEqual([{ integrations: '+5581999990000' }]);
    expect(JSON.stringify(path.body)).not.toContain('turn-secret-123');
  });

  it("gives another community's member nothing", async () => {
    const res = await bob.graphql(INTEGRATIONS, { widgetId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.widgets_by_pk).toBeNull();
    const own = await bob.graphql('query { communities { name integrations } }');
    expect(own.body.data.communities).toEqual([{ name: 'Beta', integrations: {} }]);
  });
});
