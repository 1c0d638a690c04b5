import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistPressures, formEntries, type Widget } from '../db/schema';
import {
  createActivist,
  createCommunity,
  createDonation,
  createMobilization,
  createUser,
  seedThemes,
} from '../seed/factories';
import { subthemesByLabel } from '../seed/themes';
import { type MobilizationListFilter, presentMobilizations, queryMobilizationPage } from './queries';

/*
 * `GET /api/mobilizations` answers a page, its total and each row's counts, amounts, theme and subthemes in one
 * statement (issue 18). It must answer byte for byte what the former four queries answered; the former path is
 * still the code that presents single mobilizations, so it is the reference here.
 */

let server: TestServer;
let client: Client;
let communityId: number;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  await seedThemes(db);
  const subthemes = await subthemesByLabel(db, ['Moradia', 'Mobilidade urbana', 'Mudanças climáticas']);
  const [moradia, mobilidade, clima] = subthemes as [
    (typeof subthemes)[0],
    (typeof subthemes)[0],
    (typeof subthemes)[0],
  ];
  const owner = await createUser(db, { email: 'lista@example.org' });
  communityId = (await createCommunity(db, { name: 'Lista', ownerId: owner.id })).id;
  // Another community's pages must never be counted or shown.
  const other = await createCommunity(db, { name: 'Outra' });
  await createMobilization(db, { communityId: other.id, name: 'Alheia', slug: 'alheia-lista' });
  const base = Date.UTC(2025, 5, 1);
  const activists: number[] = [];
  for (let i = 0; i < 4; i++)
    activists.push((await createActivist(db, { communityId, email: `gente${i}@example.org` })).id);
  for (let i = 1; i <= 14; i++) {
    const m = await createMobilization(db, {
      communityId,
      name: `Página ${i}`,
      slug: `pagina-lista-${i}`,
      status: i % 4 === 0 ? 'archived' : 'active',
      // Two pages share an update time, so the id breaks the tie.
      updatedAt: new Date(base + (i === 7 ? 6 : i) * 60_000),
      themeId: i % 3 === 0 ? clima.themeId : i % 3 === 1 ? moradia.themeId : null,
      subthemeIds: i % 3 === 1 ? [mobilidade.id, moradia.id] : i % 3 === 0 ? [clima.id] : [],
      customDomain: i === 2 ? 'www.lista2.org.br' : null,
      blocks: i % 2 ? [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }] }] : undefined,
    });
    if (!(i % 2)) continue;
    const [form, pressure, donation] = m.widgets as [Widget, Widget, Widget];
    const who = activists.slice(0, 1 + (i % 4));
    await db
      .insert(formEntries)
      .values(
        [...who, null].map((activistId) => ({ widgetId: form.id, mobilizationId: m.id, activistId, fields: [] })),
      );
    await db.insert(activistPressures).values({
      widgetId: pressure.id,
      mobilizationId: m.id,
      activistId: activists[3],
      mail: { subject: 's', body: 'b' },
    });
    await createDonation(db, { communityId, widgetId: donation.id, mobilizationId: m.id, amount: 1_234 * i });
    await createDonation(db, {
      communityId,
      widgetId: donation.id,
      mobilizationId: m.id,
      amount: 99_999,
      status: 'refused',
      activistId: activists[2],
    });
  }
  // A deleted page is neither shown nor counted.
  const gone = await createMobilization(db, { communityId, name: 'Apagada', slug: 'apagada-lista' });
  await server.ctx.database.raw.executeSql('update mobilizations set deleted_at = now() where id = $1', [gone.id]);
  client = await signIn(server, 'lista@example.org');
});
afterAll(() => server.close());

/** The former path: the page and its total, then the extras of its rows. */
async function reference(filter: Omit<MobilizationListFilter, 'communityId'>) {
  const { db } = server.ctx;
  const { rows, total } = await queryMobilizationPage(db, { communityId, ...filter });
  return { body: JSON.stringify(await presentMobilizations(db, rows)), total: String(total) };
}

describe('GET /api/mobilizations in one statement', () => {
  const cases: [string, Omit<MobilizationListFilter, 'communityId'>][] = [
    ['', { limit: 30, offset: 0 }],
    ['&status=active', { status: 'active', limit: 30, offset: 0 }],
    ['&status=archived', { status: 'archived', limit: 30, offset: 0 }],
    ['&per_page=4&page=2', { limit: 4, offset: 4 }],
    ['&status=active&limit=3&offset=8', { status: 'active', limit: 3, offset: 8 }],
    ['&per_page=5&page=9', { limit: 5, offset: 40 }],
    ['&custom_domain=lista2.org.br', { customDomain: 'lista2.org.br', limit: 30, offset: 0 }],
    ['&slug=pagina-lista-7', { slug: 'pagina-lista-7', limit: 30, offset: 0 }],
  ];
  for (const [query, filter] of cases)
    it(`answers ${query || 'the first page'} byte for byte as before, with the same total`, async () => {
      const before = await reference(filter);
      // Asked twice: the second answer comes from the process's list cache on the embedded engine (listCache.test.ts).
      for (let ask = 0; ask < 2; ask++) {
        const res = await client.request('GET', `/api/mobilizations?community_id=${communityId}${query}`);
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).toBe(before.body);
        expect(res.headers.get('x-total-count')).toBe(before.total);
      }
    });

  it('carries counts, amounts, themes and subthemes on the fixture (not an empty comparison)', async () => {
    const res = await client.get(`/api/mobilizations?community_id=${communityId}&per_page=100`);
    expect(res.body).toHaveLength(14);
    expect(res.headers.get('x-total-count')).toBe('14');
    const first = res.body.find((m: { name: string }) => m.name === 'Página 13');
    // Página 13: form entries from two activists and a pressure from a third; the fourth's refused card is an attempt,
    // which makes nobody an activist of the page (core's `actions/definitions.ts`).
    expect(first).toMatchObject({
      users_count: 3,
      total_fund_raising: 1_234 * 13,
      theme: { label: expect.any(String) },
    });
    expect(first.subthemes.map((s: { label: string }) => s.label)).toEqual(['Mobilidade urbana', 'Moradia']);
    expect(res.body.some((m: { theme: unknown }) => m.theme === null)).toBe(true);
  });
});
