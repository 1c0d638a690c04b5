import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createActionMix } from '../seed/actionMix';
import { createCommunity, createUser } from '../seed/factories';

/*
 * Issue 31: every counter, figure, report and the people list count the same mix of actions the same way (core's
 * `actions/definitions.ts`): 2 form entries, 1 e-mail pressure, 1 phone pressure (of 2 calls, one failed), 2 paid
 * donations (R$ 80,00), a refused attempt and a boleto waiting; 6 people with an action; the latest at 01:30 UTC on
 * 28 November, which is the 27th in São Paulo.
 */

let server: TestServer;
let organiser: Client;
let stranger: Client;
let communityId: number;
let mix: Awaited<ReturnType<typeof createActionMix>>;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const owner = await createUser(db, { email: 'numbers-owner@example.org' });
  await createUser(db, { email: 'numbers-stranger@example.org' });
  communityId = (await createCommunity(db, { name: 'Números', ownerId: owner.id })).id;
  await createCommunity(db, { name: 'Outra', ownerId: (await createUser(db, { email: 'x@example.org' })).id });
  mix = await createActionMix(db, communityId);
  organiser = await signIn(server, 'numbers-owner@example.org');
  stranger = await signIn(server, 'numbers-stranger@example.org');
});
afterAll(() => server.close());

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('the counters', () => {
  it("each widget's count is its actions that count", async () => {
    const res = await organiser.get(`/api/mobilizations/${mix.mobilization_id}/widgets`);
    const byKind = Object.fromEntries(
      (res.body as { kind: string; count: number; form_entries_count: number }[]).map((w) => [w.kind, w.count]),
    );
    expect(byKind).toMatchObject({ form: 2, pressure: 1, 'pressure-phone': 1, donation: 2 });
  });

  it('the public page shows the same counts, and the donation stats the same donations', async () => {
    const page = (await getByHost(server, `${mix.slug}.localhost:3000`)).body.toString('utf8');
    expect(page).toContain('2 pessoas assinaram');
    expect(page).toContain('1 pressão feita');
    expect(page).toContain('1 ligação feita');
    expect(page).toContain('2 doações recebidas');
    const stats = await organiser.get(`/api/widgets/${mix.widgets.donation}/donation`);
    expect(stats.body.stats).toMatchObject({ pledged: 8000, total_donations: 2 });
    const gql = await organiser.graphql(
      `{ get_widget_donation_stats(args: {widget_id: ${mix.widgets.donation}}) { stats } }`,
    );
    expect(gql.body.data.get_widget_donation_stats[0].stats).toMatchObject({ pledged: 80, total_donations: 2 });
  });
});

describe('the Métricas screens and the mobilization list', () => {
  const expected = {
    activists: 6,
    form_entries: 2,
    pressures: 1,
    phone_pressures: 1,
    phone_calls: 2,
    donations: 2,
    total_fund_raising: 8000,
    pending_donations: 1,
    refused_donations: 1,
    refunded_donations: 0,
    last_action_at: '2026-11-28T01:30:00.000Z',
  };

  it("a page's and the community's figures count the same mix", async () => {
    const page = await organiser.get(`/api/mobilizations/${mix.mobilization_id}/metrics`);
    expect(page.body.metrics).toMatchObject(expected);
    const community = await organiser.get(`/api/communities/${communityId}/metrics`);
    expect(community.body.metrics).toMatchObject(expected);
    const breakdown = await organiser.get(`/api/communities/${communityId}/metrics/mobilizations`);
    expect(breakdown.body.mobilizations[0].metrics).toMatchObject(expected);
    const figures = await organiser.get(
      `/api/mobilizations/${mix.mobilization_id}/widgets/${mix.widgets.donation}/donation_figures`,
    );
    expect(figures.body.figures).toEqual({
      pledged: 8000,
      paid: 2,
      pending: 1,
      refused: 1,
      refunded: 0,
      recurring_active: 0,
    });
    const list = await organiser.graphql(
      `{ mobilizations(where: {id: {_eq: ${mix.mobilization_id}}}) { users_count total_fund_raising } }`,
    );
    expect(list.body.data.mobilizations).toEqual([{ users_count: 6, total_fund_raising: 8000 }]);
  });
});

describe('the people list and profile', () => {
  it('counts each person’s actions that count, and a refused attempt is none', async () => {
    const res = await organiser.get(`/api/communities/${communityId}/activists?limit=50`);
    const people = res.body.activists as { id: number; name: string; actions_count: number; last_action_at: string }[];
    expect(people).toHaveLength(7);
    const of = (id: number) => people.find((p) => p.id === id);
    expect(of(mix.people.elis)).toMatchObject({ actions_count: 1, last_action_at: '2026-11-28T01:30:00.000Z' });
    expect(of(mix.people.davi)).toMatchObject({ actions_count: 1 });
    expect(of(mix.people.gal)).toMatchObject({ actions_count: 0, last_action_at: null });
    expect(people.reduce((sum, p) => sum + p.actions_count, 0)).toBe(2 + 1 + 1 + 2);
  });

  it('filters by kind of action, each kind its own, by what counts', async () => {
    const count = async (kinds: string) =>
      (await organiser.get(`/api/communities/${communityId}/activists/count?kinds=${kinds}`)).body.count;
    expect(await count('form')).toBe(2);
    expect(await count('pressure')).toBe(1);
    expect(await count('pressure-phone')).toBe(1);
    expect(await count('donation')).toBe(2);
  });

  it('the profile shows the refused attempt with its state and amount, and the paid gift', async () => {
    const res = await organiser.get(`/api/communities/${communityId}/activists/${mix.people.elis}`);
    expect(res.body.timeline.map((t: Record<string, unknown>) => [t.kind, t.state, t.amount, t.standing])).toEqual([
      ['donation', 'paid', 5000, 'counted'],
      ['donation', 'refused', 5000, 'attempt'],
    ]);
    const davi = await organiser.get(`/api/communities/${communityId}/activists/${mix.people.davi}`);
    expect(davi.body.timeline.map((t: Record<string, unknown>) => [t.kind, t.state, t.standing])).toEqual([
      ['pressure-phone', 'completed', 'counted'],
      ['pressure-phone', 'failed', 'attempt'],
    ]);
    expect(davi.body.phone).toBe('+5581988887777');
  });
});

describe('the reports', () => {
  it('the activists report counts each kind per person as the list does', async () => {
    const res = await organiser.get(`/api/communities/${communityId}/activists.csv`);
    const [header, ...rows] = csvLines(res.body as string);
    expect(header).toContain('Primeira ação (America/Sao_Paulo)');
    expect(header?.split(',').slice(-4)).toEqual([
      'Inscrições',
      'Pressões por e-mail',
      'Pressões por telefone',
      'Doações',
    ]);
    const counts = rows.map((r) => r.split(',').slice(-4).map(Number));
    const total = counts.reduce((sum, c) => sum.map((n, i) => n + (c[i] ?? 0)), [0, 0, 0, 0]);
    expect(total).toEqual([2, 1, 1, 2]);
    const elis = rows.find((r) => r.startsWith(`${mix.people.elis},`));
    expect(elis).toContain('2026-11-27 22:30:00');
  });

  it('the actions report lists the six actions that count, in the community’s zone', async () => {
    const res = await organiser.get(`/api/communities/${communityId}/activist_actions.csv`);
    const [header, ...rows] = csvLines(res.body as string);
    expect(header?.startsWith('Data (America/Sao_Paulo),Ação,')).toBe(true);
    expect(rows.map((r) => r.split(',')[1])).toEqual([
      'Doação',
      'Inscrição em formulário',
      'Inscrição em formulário',
      'Pressão por e-mail',
      'Pressão por telefone',
      'Doação',
    ]);
    expect(rows.at(-1)?.startsWith('2026-11-27 22:30:00,')).toBe(true);
  });

  it('the donation report lists every charge with its state, attempts included', async () => {
    const res = await organiser.get(`/api/communities/${communityId}/donation_reports.csv`);
    const [header, ...rows] = csvLines(res.body as string);
    expect(header).toContain('Data (America/Sao_Paulo)');
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.includes(',Paga,'))).toHaveLength(2);
    expect(rows.filter((r) => r.includes(',Recusada,'))).toHaveLength(1);
    expect(rows.filter((r) => r.includes(',Aguardando pagamento,'))).toHaveLength(1);
  });
});

describe("the community's time zone", () => {
  it('is São Paulo unless chosen; another zone moves every date column; a zone off the list is refused', async () => {
    const path = `/api/communities/${communityId}`;
    expect((await organiser.get(path)).body.time_zone).toBe('America/Sao_Paulo');
    const bad = await organiser.put(path, { community: { time_zone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.time_zone).toEqual(['Escolha um fuso horário da lista']);
    expect((await stranger.put(path, { community: { time_zone: 'Europe/Lisbon' } })).status).toBe(404);
    const saved = await organiser.put(path, { community: { time_zone: 'Europe/Lisbon' } });
    expect(saved.body.time_zone).toBe('Europe/Lisbon');
    const res = await organiser.get(`/api/communities/${communityId}/activist_actions.csv`);
    const [header, ...rows] = csvLines(res.body as string);
    expect(header?.startsWith('Data (Europe/Lisbon),')).toBe(true);
    expect(rows.at(-1)?.startsWith('2026-11-28 01:30:00,')).toBe(true);
    await organiser.put(path, { community: { time_zone: 'America/Sao_Paulo' } });
  });
});
