import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { communityWithMembers } from '../../test/community';
import { downloadCsv, parseCsv } from '../../test/csv';
import { type Client, freshDatabase, signIn, startTestServer, type TestServer } from '../../test/harness';
import { formEntries } from '../db/schema';
import { createActivist, createDonation, createMobilization, createPhoneCall, createPressure } from '../seed/factories';
import { EXPORT_BATCH } from './keyset';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let serial = 0;
/**
 * A community with an admin, a mobilizer and an outsider, and a page with a form, an e-mail pressure, a donation and
 * a phone-pressure widget.
 */
async function actingCommunity() {
  const n = ++serial;
  const found = await communityWithMembers(server.ctx.db, `act-${n}`, {
    name: `Campanha, "${n}"`,
    blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }, { kind: 'pressure-phone' }] }],
  });
  const [form, pressure, donation, phone] = found.page.widgets;
  if (!form || !pressure || !donation || !phone) throw new Error('no widgets');
  return { ...found, form, pressure, donation, phone };
}

async function entry(widget: { id: number }, mobilizationId: number, activistId: number, createdAt: Date) {
  await server.ctx.db
    .insert(formEntries)
    .values({ widgetId: widget.id, mobilizationId, activistId, fields: [], createdAt });
}

const actionsPath = (id: number) => `/api/communities/${id}/activist_actions.csv`;
const activistsPath = (id: number) => `/api/communities/${id}/activists.csv`;
const get = (client: Client | undefined, path: string) =>
  downloadCsv(server.url, client?.cookie('session'), 'GET', path);

const ACTION_HEADER = [
  'Data (America/Sao_Paulo)',
  'Ação',
  'Nome',
  'E-mail',
  'Telefone',
  'Cidade',
  'ID da mobilização',
  'Mobilização',
  'ID do widget',
  'Tipo de widget',
  'Origem',
];
const ACTIVIST_HEADER = [
  'ID',
  'Nome',
  'E-mail',
  'Telefone',
  'Cidade',
  'Primeira ação (America/Sao_Paulo)',
  'Última ação (America/Sao_Paulo)',
  'Inscrições',
  'Pressões por e-mail',
  'Pressões por telefone',
  'Doações',
];

describe('GET /api/communities/:id/activist_actions.csv', () => {
  it('lists every action that counts of the community in time order, in its zone, and no other community’s', async () => {
    const { community, page, form, pressure, donation, mobilizer } = await actingCommunity();
    const other = await actingCommunity();
    const db = server.ctx.db;
    const ana = await createActivist(db, { communityId: community.id, email: 'ana@example.org', name: 'Ana, "a Zé"' });
    const evil = await createActivist(db, { communityId: community.id, email: 'evil@example.org', name: '=1+1' });
    await db.execute(sql`update activists set city = 'São Paulo', phone = '+55 11 99999-0000' where id = ${ana.id}`);
    await db.execute(sql`update activists set city = ${'Linha 1\nLinha 2'} where id = ${evil.id}`);
    const t0 = Date.parse('2026-02-01T10:00:00Z');
    await createPressure(db, {
      widgetId: pressure.id,
      mobilizationId: page.id,
      activistId: evil.id,
      createdAt: new Date(t0 + 2000),
    });
    await entry(form, page.id, ana.id, new Date(t0));
    // Same instant as the entry: the form entry comes first (kinds break ties), then the donation.
    await createDonation(db, {
      communityId: community.id,
      amount: 1000,
      widgetId: donation.id,
      mobilizationId: page.id,
      customer: { name: 'Doadora Sem Cadastro', email: 'doadora@example.org', address: { city: 'Recife' } },
      createdAt: new Date(t0),
    });
    // A refused card is an attempt, not a donation: it is in the donation report, not here.
    await createDonation(db, {
      communityId: community.id,
      amount: 1000,
      status: 'refused',
      widgetId: donation.id,
      mobilizationId: page.id,
      createdAt: new Date(t0 + 1000),
    });
    await entry(other.form, other.page.id, ana.id, new Date(t0 + 1000));

    const client = await signIn(server, mobilizer.email);
    const { res, bytes, text } = await get(client, actionsPath(community.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="acoes-de-ativistas-${community.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const pageCells = [String(page.id), page.name];
    expect(parseCsv(text.slice(1))).toEqual([
      ACTION_HEADER,
      [
        '2026-02-01 07:00:00',
        'Inscrição em formulário',
        'Ana, "a Zé"',
        'ana@example.org',
        "'+55 11 99999-0000",
        'São Paulo',
        ...pageCells,
        String(form.id),
        'Formulário',
        'Página da mobilização',
      ],
      [
        '2026-02-01 07:00:00',
        'Doação',
        'Doadora Sem Cadastro',
        'doadora@example.org',
        '',
        'Recife',
        ...pageCells,
        String(donation.id),
        'Doação',
        'Página da mobilização',
      ],
      [
        '2026-02-01 07:00:02',
        'Pressão por e-mail',
        "'=1+1",
        'evil@example.org',
        '',
        'Linha 1\nLinha 2',
        ...pageCells,
        String(pressure.id),
        'Pressão por e-mail',
        'Página da mobilização',
      ],
    ]);
    // Commas, quotes and line breaks are quoted, so they do not break columns or rows.
    expect(text).toContain('"Ana, ""a Zé"""');
    expect(text).toContain('"Linha 1\nLinha 2"');
  });

  it('streams every action in time order across several batches and pages', async () => {
    const { community, page, form, admin } = await actingCommunity();
    const db = server.ctx.db;
    const second = await createMobilization(db, {
      communityId: community.id,
      name: 'Segunda',
      slug: `segunda-${serial}`,
      blocks: [{ widgets: [{ kind: 'form' }] }],
    });
    const secondForm = second.widgets[0];
    if (!secondForm) throw new Error('no widget');
    const activist = await createActivist(db, { communityId: community.id, email: `muitos-${serial}@example.org` });
    const total = EXPORT_BATCH + 500;
    // Two pages interleaved in time, with many actions sharing a second, and donations between them.
    await db.execute(sql`
      insert into form_entries (widget_id, mobilization_id, activist_id, fields, created_at)
      select case when g % 2 = 0 then ${form.id}::int else ${secondForm.id}::int end,
        case when g % 2 = 0 then ${page.id}::int else ${second.id}::int end, ${activist.id}, '[]'::jsonb,
        timestamptz '2026-01-01 00:00:00+00' + (g / 3) * interval '1 second'
      from generate_series(1, ${total}) g`);
    await db.execute(sql`
      insert into donations (community_id, amount, payment_method, status, activist_id, created_at)
      select ${community.id}, 100, 'credit_card', 'paid', ${activist.id},
        timestamptz '2026-01-01 00:00:00+00' + (g * 7 / 3) * interval '1 second'
      from generate_series(1, 300) g`);
    const client = await signIn(server, admin.email);
    const { text } = await get(client, actionsPath(community.id));
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(total + 300);
    const times = rows.map((r) => r[0] ?? '');
    expect(times).toEqual([...times].sort());
    expect(rows.filter((r) => r[1] === 'Doação')).toHaveLength(300);
    expect(rows.filter((r) => r[6] === String(second.id))).toHaveLength(Math.ceil(total / 2));
  });

  it('answers 204 with no body when the community has no action', async () => {
    const { community, admin } = await actingCommunity();
    await createActivist(server.ctx.db, { communityId: community.id, email: `sem-acao-${serial}@example.org` });
    const client = await signIn(server, admin.email);
    const { res, bytes } = await get(client, actionsPath(community.id));
    expect(res.status).toBe(204);
    expect(bytes.length).toBe(0);
  });
});

describe('GET /api/communities/:id/activists.csv', () => {
  it('gives one row per activist with their first and last action and counts per kind, attempts left out', async () => {
    const { community, page, form, pressure, phone, admin } = await actingCommunity();
    const other = await actingCommunity();
    const db = server.ctx.db;
    const ana = await createActivist(db, {
      communityId: community.id,
      email: 'ana@example.org',
      name: 'Ana Conceição',
    });
    const bia = await createActivist(db, { communityId: community.id, email: 'bia@example.org', name: '@bia' });
    const quiet = await createActivist(db, { communityId: community.id, email: 'quieta@example.org', name: 'Quieta' });
    await createActivist(db, { communityId: other.community.id, email: 'outra@example.org' });
    await entry(form, page.id, ana.id, new Date('2026-03-01T08:00:00Z'));
    await entry(form, page.id, ana.id, new Date('2026-03-02T08:00:00Z'));
    await createPressure(db, {
      widgetId: pressure.id,
      mobilizationId: page.id,
      activistId: ana.id,
      createdAt: new Date('2026-02-28T07:00:00Z'),
    });
    await createDonation(db, {
      communityId: community.id,
      amount: 500,
      activistId: ana.id,
      createdAt: new Date('2026-03-05T09:10:11Z'),
    });
    await createDonation(db, { communityId: community.id, amount: 500, activistId: bia.id, status: 'refused' });
    // A completed call is a phone pressure, its own kind: never an e-mail pressure. A busy one is an attempt.
    const call = { communityId: community.id, widgetId: phone.id };
    await createPhoneCall(db, { ...call, activistId: bia.id, createdAt: new Date('2026-03-03T12:00:00Z') });
    await createPhoneCall(db, { ...call, activistId: bia.id, status: 'busy' });
    await createPhoneCall(db, { ...call, activistId: quiet.id, status: 'no-answer' });

    const client = await signIn(server, admin.email);
    const { res, bytes, text } = await get(client, activistsPath(community.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="ativistas-${community.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(text.slice(1));
    expect(rows).toEqual([
      ACTIVIST_HEADER,
      [
        String(ana.id),
        'Ana Conceição',
        'ana@example.org',
        '',
        '',
        '2026-02-28 04:00:00',
        '2026-03-05 06:10:11',
        '2',
        '1',
        '0',
        '1',
      ],
      // Bia's card was refused: no donation; her call that reached its target is her one action, a busy one is none.
      [
        String(bia.id),
        "'@bia",
        'bia@example.org',
        '',
        '',
        '2026-03-03 09:00:00',
        '2026-03-03 09:00:00',
        '0',
        '0',
        '1',
        '0',
      ],
      [String(quiet.id), 'Quieta', 'quieta@example.org', '', '', '', '', '0', '0', '0', '0'],
    ]);
    // The actions report names the call as its kind.
    const actions = parseCsv((await get(client, actionsPath(community.id))).text.slice(1));
    expect(actions.filter((r) => r[3] === 'bia@example.org').map((r) => r[1])).toEqual(['Pressão por telefone']);
  });

  it('names the columns in the caller’s language', async () => {
    const { community, admin } = await actingCommunity();
    await createActivist(server.ctx.db, { communityId: community.id, email: `en-${serial}@example.org` });
    const client = await signIn(server, admin.email);
    const res = await fetch(server.url + activistsPath(community.id), {
      headers: { cookie: `session=${client.cookie('session')}`, 'accept-language': 'en' },
    });
    expect(res.headers.get('content-disposition')).toContain('filename="activists-');
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'ID',
      'Name',
      'E-mail',
      'Phone',
      'City',
      'First action (America/Sao_Paulo)',
      'Last action (America/Sao_Paulo)',
      'Sign-ups',
      'E-mail pressures',
      'Phone pressures',
      'Donations',
    ]);
  });

  it('streams every activist in id order across several batches, and only this community’s', async () => {
    const { community, admin } = await actingCommunity();
    const other = await actingCommunity();
    const total = EXPORT_BATCH * 2 + 3;
    await server.ctx.db.execute(sql`
      insert into activists (community_id, email, name)
      select case when g % 2 = 0 then ${community.id}::int else ${other.community.id}::int end,
        'pessoa-' || g || '@example.org', 'Pessoa ' || g
      from generate_series(1, ${total * 2}) g`);
    const client = await signIn(server, admin.email);
    const { text } = await get(client, activistsPath(community.id));
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    const ids = rows.map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(rows.every((r) => Number(/\d+/.exec(r[1] ?? '')?.[0]) % 2 === 0)).toBe(true);
  });

  it('answers 204 with no body for a community without activists', async () => {
    const { community, mobilizer } = await actingCommunity();
    const client = await signIn(server, mobilizer.email);
    const { res, bytes } = await get(client, activistsPath(community.id));
    expect(res.status).toBe(204);
    expect(bytes.length).toBe(0);
  });
});

describe('authorization of the activist reports', () => {
  it('is a 404 for a user outside the community or a missing one, and a 401 signed out', async () => {
    const { community, outsider } = await actingCommunity();
    await createActivist(server.ctx.db, { communityId: community.id, email: `segredo-${serial}@example.org` });
    const client = await signIn(server, outsider.email);
    for (const path of [actionsPath, activistsPath]) {
      const refused = await get(client, path(community.id));
      expect(refused.res.status).toBe(404);
      expect(refused.text).not.toContain('segredo');
      expect((await get(client, path(999_999))).res.status).toBe(404);
      expect((await get(undefined, path(community.id))).res.status).toBe(401);
    }
  });
});

describe('the read replica', () => {
  it.skipIf(inject('engine') !== 'postgres')(
    'serves the rows when DATABASE_REPLICA_URL is set, while membership is read on the primary',
    async () => {
      // An empty, migrated database plays the replica: the report finds no row there although the primary has one.
      const replica = await freshDatabase();
      await replica.database.close();
      const withReplica = await startTestServer({ env: { DATABASE_REPLICA_URL: replica.url ?? '' } });
      try {
        const db = withReplica.ctx.db;
        const found = await communityWithMembers(db, `replica-${++serial}`, { name: 'Réplica', blocks: [] });
        await createActivist(db, { communityId: found.community.id, email: `replica-${serial}@example.org` });
        const client = await signIn(withReplica, found.mobilizer.email);
        const read = (path: string) =>
          downloadCsv(withReplica.url, client.cookie('session'), 'GET', path).then((r) => r.res.status);
        expect(await read(activistsPath(found.community.id))).toBe(204);
        expect(await read(activistsPath(999_999))).toBe(404);
        // The primary has the activist.
        const result = (await db.execute(
          sql`select count(*)::int as n from activists where community_id = ${found.community.id}`,
        )) as unknown as { rows: { n: number }[] };
        expect(result.rows[0]?.n).toBe(1);
      } finally {
        await withReplica.close();
        await replica.drop();
      }
    },
  );
});
