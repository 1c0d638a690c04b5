import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityWithMembers } from '../../test/community';
import { downloadCsv, parseCsv } from '../../test/csv';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createActivist, createDonation, createSubscription } from '../seed/factories';
import { EXPORT_BATCH } from './keyset';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let serial = 0;
/** A community with an admin, a mobilizer and an outsider, and a page with a donation widget. */
async function givingCommunity() {
  const n = ++serial;
  const found = await communityWithMembers(server.ctx.db, `don-${n}`, {
    name: `Vaquinha ${n}`,
    blocks: [{ widgets: [{ kind: 'donation', settings: { donation_value1: '30' }, goal: 100_000 }] }],
  });
  const widget = found.page.widgets[0];
  if (!widget) throw new Error('no widget');
  return { ...found, widget };
}

const customer = {
  name: 'Maria da Conceição',
  document_number: '39053344705',
  email: 'maria@example.org',
  phone: { ddd: '81', number: '999990000' },
  address: { zipcode: '50000000', city: 'Recife', state: 'PE' },
};

const donationsPath = (id: number) => `/api/communities/${id}/donation_reports.csv`;
const subscriptionsPath = (id: number) => `/api/communities/${id}/download_subscriptions.csv`;

async function report(client: Client | undefined, which: 'donations' | 'subscriptions', communityId: number) {
  const [method, path] =
    which === 'donations'
      ? (['GET', donationsPath(communityId)] as const)
      : (['POST', subscriptionsPath(communityId)] as const);
  return downloadCsv(server.url, client?.cookie('session'), method, path);
}

const DONATION_HEADER = [
  'ID',
  'Data (America/Sao_Paulo)',
  'Mobilização',
  'Widget',
  'Nome',
  'E-mail',
  'CPF/CNPJ',
  'Telefone',
  'Cidade',
  'Forma de pagamento',
  'Valor (R$)',
  'Situação',
  'Doação recorrente',
  'Periodicidade',
  'Transação',
  'Origem',
];
const SUBSCRIPTION_HEADER = [
  'ID',
  'Data (America/Sao_Paulo)',
  'Nome',
  'E-mail',
  'Valor (R$)',
  'Periodicidade',
  'Situação',
  'Próxima cobrança',
  'Cancelada em (America/Sao_Paulo)',
  'Mobilização',
  'Widget',
];

describe('GET /api/communities/:id/donation_reports.csv', () => {
  it("lists every donation of the community with the donor, method, amount and state, and no other community's", async () => {
    const { community, page, widget, mobilizer } = await givingCommunity();
    const other = await givingCommunity();
    const db = server.ctx.db;
    const activist = await createActivist(db, { communityId: community.id, email: 'jose@example.org', name: 'José' });
    const subscription = await createSubscription(db, {
      communityId: community.id,
      amount: 5000,
      widgetId: widget.id,
      mobilizationId: page.id,
      customer,
    });
    const paid = await createDonation(db, {
      communityId: community.id,
      amount: 123456,
      widgetId: widget.id,
      mobilizationId: page.id,
      customer,
      transactionId: 'tx-1',
      createdAt: new Date('2026-03-04T05:06:07Z'),
    });
    const boleto = await createDonation(db, {
      communityId: community.id,
      amount: 3300,
      status: 'waiting_payment',
      paymentMethod: 'boleto',
      activistId: activist.id,
    });
    const charge = await createDonation(db, {
      communityId: community.id,
      amount: 5000,
      status: 'refused',
      widgetId: widget.id,
      mobilizationId: page.id,
      customer,
      subscriptionId: subscription.id,
      period: 30,
    });
    await createDonation(db, { communityId: other.community.id, amount: 999, customer: { name: 'Outra' } });

    const client = await signIn(server, mobilizer.email);
    const { res, bytes, text } = await report(client, 'donations', community.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="doacoes-${community.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(text.slice(1))).toEqual([
      DONATION_HEADER,
      [
        String(paid.id),
        '2026-03-04 02:06:07',
        page.name,
        String(widget.id),
        'Maria da Conceição',
        'maria@example.org',
        '39053344705',
        '81 999990000',
        'Recife',
        'Cartão de crédito',
        '1234,56',
        'Paga',
        '',
        '',
        'tx-1',
        'Página da mobilização',
      ],
      // Without a stored customer, the donor comes from the activist row.
      [
        String(boleto.id),
        expect.any(String),
        '',
        '',
        'José',
        'jose@example.org',
        '',
        '',
        '',
        'Boleto',
        '33,00',
        'Aguardando pagamento',
        '',
        '',
        '',
        'Página da mobilização',
      ],
      [
        String(charge.id),
        expect.any(String),
        page.name,
        String(widget.id),
        'Maria da Conceição',
        'maria@example.org',
        '39053344705',
        '81 999990000',
        'Recife',
        'Cartão de crédito',
        '50,00',
        'Recusada',
        String(subscription.id),
        'mês',
        '',
        'Página da mobilização',
      ],
    ]);
    // The amount with a decimal comma is quoted, so the comma is not a column break.
    expect(text).toContain(',"1234,56",');
  });

  it('names the columns and writes amounts in the caller’s language', async () => {
    const { community, admin } = await givingCommunity();
    await createDonation(server.ctx.db, { communityId: community.id, amount: 150050, status: 'chargedback' });
    const client = await signIn(server, admin.email);
    const res = await fetch(server.url + donationsPath(community.id), {
      headers: { cookie: `session=${client.cookie('session')}`, 'accept-language': 'en' },
    });
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]?.slice(0, 3)).toEqual(['ID', 'Date (America/Sao_Paulo)', 'Mobilization']);
    expect(rows[1]?.slice(10, 12)).toEqual(['1500.50', 'Disputed (chargeback)']);
  });

  it('neutralises a donor name a spreadsheet would run as a formula', async () => {
    const { community, admin } = await givingCommunity();
    const evil = '=HYPERLINK("http://evil.example","clique")';
    await createDonation(server.ctx.db, {
      communityId: community.id,
      amount: 1000,
      customer: { ...customer, name: evil, email: '@SUM(1+1)', address: { city: '+cmd' } },
    });
    const client = await signIn(server, admin.email);
    const { text } = await report(client, 'donations', community.id);
    const row = parseCsv(text.slice(1))[1] ?? [];
    expect(row[4]).toBe(`'${evil}`);
    expect(row[5]).toBe("'@SUM(1+1)");
    expect(row[8]).toBe("'+cmd");
  });

  it('answers 204 with no body for a community without donations', async () => {
    const { community, admin } = await givingCommunity();
    const client = await signIn(server, admin.email);
    const { res, bytes } = await report(client, 'donations', community.id);
    expect(res.status).toBe(204);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(bytes.length).toBe(0);
  });

  it('streams every row, in id order, across several batches', async () => {
    const { community, admin } = await givingCommunity();
    const other = await givingCommunity();
    const total = EXPORT_BATCH * 2 + 7;
    // Two communities' rows interleaved, so each batch must skip the other's.
    await server.ctx.db.execute(sql`
      insert into donations (community_id, amount, payment_method, status, customer)
      select case when g % 2 = 0 then ${community.id}::int else ${other.community.id}::int end, g * 100, 'credit_card',
        'paid', jsonb_build_object('name', 'Pessoa ' || g)
      from generate_series(1, ${total * 2}) g`);
    const client = await signIn(server, admin.email);
    const { text } = await report(client, 'donations', community.id);
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    const ids = rows.map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(total);
    expect(rows.every((r) => Number(/\d+/.exec(r[4] ?? '')?.[0]) % 2 === 0)).toBe(true);
  });

  it('is a 404 for a user outside the community and a 401 signed out', async () => {
    const { community, outsider } = await givingCommunity();
    await createDonation(server.ctx.db, { communityId: community.id, amount: 1000, customer });
    const client = await signIn(server, outsider.email);
    const refused = await report(client, 'donations', community.id);
    expect(refused.res.status).toBe(404);
    expect(refused.text).not.toContain('Maria');
    expect((await report(client, 'subscriptions', community.id)).res.status).toBe(404);
    expect((await report(client, 'donations', 999_999)).res.status).toBe(404);
    expect((await report(undefined, 'donations', community.id)).res.status).toBe(401);
    expect((await report(undefined, 'subscriptions', community.id)).res.status).toBe(401);
  });
});

describe('POST /api/communities/:id/download_subscriptions.csv', () => {
  it('lists every recurring donation with its amount, period, state, next charge and cancellation', async () => {
    const { community, page, widget, admin } = await givingCommunity();
    const other = await givingCommunity();
    const db = server.ctx.db;
    const active = await createSubscription(db, {
      communityId: community.id,
      amount: 3000,
      widgetId: widget.id,
      mobilizationId: page.id,
      customer,
      processAt: '2026-12-05',
      createdAt: new Date('2026-01-02T03:04:05Z'),
    });
    const canceled = await createSubscription(db, {
      communityId: community.id,
      amount: 12000,
      period: 365,
      status: 'canceled',
      customer: { ...customer, name: '-Zé' },
      canceledAt: new Date('2026-06-07T08:09:10Z'),
    });
    await createSubscription(db, { communityId: other.community.id, amount: 100 });
    const client = await signIn(server, admin.email);
    const { res, bytes, text } = await report(client, 'subscriptions', community.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="doacoes-recorrentes-${community.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(text.slice(1))).toEqual([
      SUBSCRIPTION_HEADER,
      [
        String(active.id),
        '2026-01-02 00:04:05',
        'Maria da Conceição',
        'maria@example.org',
        '30,00',
        'mês',
        'Ativa',
        '2026-12-05',
        '',
        page.name,
        String(widget.id),
      ],
      [
        String(canceled.id),
        expect.any(String),
        "'-Zé",
        'maria@example.org',
        '120,00',
        'ano',
        'Cancelada',
        '',
        '2026-06-07 05:09:10',
        '',
        '',
      ],
    ]);
  });

  it('answers 204 for a community without recurring donations, and takes a JSON body', async () => {
    const { community, mobilizer } = await givingCommunity();
    const client = await signIn(server, mobilizer.email);
    const res = await client.post(subscriptionsPath(community.id), {});
    expect(res.status).toBe(204);
  });
});
