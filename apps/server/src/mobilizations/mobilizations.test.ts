import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistPressures, donations, formEntries, type Widget } from '../db/schema';
import { createActivist, createCommunity, createMobilization, createUser, seedThemes } from '../seed/factories';
import { subthemesByLabel } from '../seed/themes';

let server: TestServer;
let alice: Client; // admin (role 1) of Alpha
let mob: Client; // mobilizer (role 2) of Alpha
let bob: Client; // admin of Beta only
let alphaId: number;
let betaId: number;
let aliceId: number;
/** Subthemes: two of 'Direito à Cidade', one of 'Meio Ambiente'. */
let moradia: { id: number; themeId: number };
let mobilidade: { id: number; themeId: number };
let clima: { id: number; themeId: number };

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  await seedThemes(db);
  const subtheme = async (label: string) => {
    const [row] = await subthemesByLabel(db, [label]);
    if (!row) throw new Error(label);
    return row;
  };
  moradia = await subtheme('Moradia');
  mobilidade = await subtheme('Mobilidade urbana');
  clima = await subtheme('Mudanças climáticas');
  const a = await createUser(db, { email: 'alice@example.org' });
  aliceId = a.id;
  const m = await createUser(db, { email: 'mob@example.org' });
  const b = await createUser(db, { email: 'bob@example.org' });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: b.id })).id;
  alice = await signIn(server, 'alice@example.org');
  mob = await signIn(server, 'mob@example.org');
  bob = await signIn(server, 'bob@example.org');
});
afterAll(() => server.close());

const create = (client: Client, mobilization: Record<string, unknown>) =>
  client.post('/api/mobilizations', { mobilization: { community_id: alphaId, ...mobilization } });

describe('POST /api/mobilizations', () => {
  it("answers 422 with the spec's messages for missing name, goal and subthemes", async () => {
    const res = await create(alice, { name: '', goal: ' ' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      errors: {
        name: ['Insira o nome da mobilização'],
        goal: ['Insira o objetivo da mobilização'],
        subthemes: ['Insira o tema da mobilização'],
      },
    });
  });

  it('enforces the length limits, the slug format and at most three subthemes', async () => {
    const res = await create(alice, {
      name: 'n'.repeat(101),
      goal: 'g'.repeat(501),
      slug: 's'.repeat(64),
      subthemes: [moradia.id, mobilidade.id, clima.id, 999],
      language: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Seu título está muito longo!'],
      goal: ['O limite de caracteres foi atingido.'],
      slug: ['Seu identificador único está muito longo!'],
      subthemes: ['Escolha no máximo 3 temas'],
      language: ['Escolha português ou espanhol'],
    });
    const badSlug = await create(alice, { name: 'X', goal: 'Y', slug: 'Não Pode', subthemes: [moradia.id] });
    expect(badSlug.body.errors).toEqual({ slug: ['Use apenas letras minúsculas, números e hifens'] });
  });

  it('speaks the caller’s language', async () => {
    const res = await alice.post(
      '/api/mobilizations',
      { mobilization: { community_id: alphaId, name: '', goal: 'x', subthemes: [moradia.id] } },
      { 'accept-language': 'es' },
    );
    expect(res.body.errors.name).toEqual(['Ingresa el nombre de la movilización']);
  });

  it('derives the slug from the name, records the creator, links subthemes and sets the single theme', async () => {
    const res = await create(alice, {
      name: 'Ação pela Água Limpa',
      goal: 'Saneamento já',
      subthemes: [moradia.id, mobilidade.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Ação pela Água Limpa',
      slug: 'acao-pela-agua-limpa',
      language: 'pt-BR',
      status: 'active',
      community_id: alphaId,
      user_id: aliceId,
      theme_id: moradia.themeId,
      theme: { id: moradia.themeId, label: 'Direito à Cidade' },
      users_count: 0,
      total_fund_raising: 0,
    });
    expect(res.body.subthemes.map((s: { id: number }) => s.id).sort()).toEqual([moradia.id, mobilidade.id].sort());
  });

  it('refuses a duplicate slug with the create message naming the mobilization', async () => {
    const res = await create(alice, { name: 'Ação pela água limpa!', goal: 'De novo', subthemes: [moradia.id] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { slug: ['Mobilização com nome "Ação pela água limpa!" já existe!'] } });
  });

  it('needs a main theme when the subthemes span two themes, chosen among them', async () => {
    const base = { name: 'Clima e cidade', goal: 'x', subthemes: [moradia.id, clima.id] };
    const missing = await create(alice, base);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ theme_id: ['Escolha o tema principal da mobilização'] });
    const other = await create(alice, { ...base, theme_id: 999_999 });
    expect(other.body.errors).toEqual({ theme_id: ['O tema principal deve ser um dos temas escolhidos'] });
    const ok = await create(alice, { ...base, theme_id: clima.themeId });
    expect(ok.status).toBe(200);
    expect(ok.body.theme).toEqual({ id: clima.themeId, label: 'Meio Ambiente' });
  });

  it('ignores a theme that contradicts subthemes of a single theme', async () => {
    const res = await create(alice, { name: 'Só cidade', goal: 'x', subthemes: [moradia.id], theme_id: clima.themeId });
    expect(res.body.theme_id).toBe(moradia.themeId);
  });

  it('refuses unknown subthemes', async () => {
    const res = await create(alice, { name: 'Fantasma', goal: 'x', subthemes: [987_654] });
    expect(res.body.errors).toEqual({ subthemes: ['Tema inválido'] });
  });

  it('lets a mobilizer (role 2) create', async () => {
    const res = await create(mob, { name: 'Do mobilizador', goal: 'x', subthemes: [clima.id] });
    expect(res.status).toBe(200);
  });

  it('needs the {mobilization: ...} wrapper and a session', async () => {
    expect((await alice.post('/api/mobilizations', { name: 'x' })).status).toBe(400);
    const anonymous = await new Client(server.url).post('/api/mobilizations', { mobilization: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/mobilizations/:id', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(alice, { name: 'Ciclovias', goal: 'Mais ciclovias', subthemes: [mobilidade.id] })).body.id;
  });

  it('changes only what is sent', async () => {
    const res = await alice.put(`/api/mobilizations/${id}`, { mobilization: { goal: 'Ciclovias em toda a cidade' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ciclovias', goal: 'Ciclovias em toda a cidade', slug: 'ciclovias' });
  });

  it('validates with the same messages as create', async () => {
    const res = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: { name: '', goal: 'g'.repeat(501), slug: 'x'.repeat(64) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Insira o nome da mobilização'],
      goal: ['O limite de caracteres foi atingido.'],
      slug: ['Seu identificador único está muito longo!'],
    });
  });

  it('refuses a slug that another mobilization holds, with the update message', async () => {
    await create(alice, { name: 'Ocupado', goal: 'x', subthemes: [moradia.id] });
    const res = await alice.put(`/api/mobilizations/${id}`, { mobilization: { slug: 'ocupado' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      errors: { slug: ['O identificador "ocupado" já é usado por outra mobilização. Escolha outro.'] },
    });
    const own = await alice.put(`/api/mobilizations/${id}`, { mobilization: { slug: 'ciclovias' } });
    expect(own.status).toBe(200);
    const renamed = await alice.put(`/api/mobilizations/${id}`, { mobilization: { slug: 'ciclovias-ja' } });
    expect(renamed.body.slug).toBe('ciclovias-ja');
  });

  it('derives the slug again from the name when it is sent blank', async () => {
    const res = await alice.put(`/api/mobilizations/${id}`, { mobilization: { name: 'Pedala Recife', slug: '' } });
    expect(res.body).toMatchObject({ name: 'Pedala Recife', slug: 'pedala-recife' });
  });

  it('changes theme and subthemes after creation, by the same rules as the first choice', async () => {
    const tooMany = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: { subthemes: [moradia.id, mobilidade.id, clima.id, 999] },
    });
    expect(tooMany.body.errors).toEqual({ subthemes: ['Escolha no máximo 3 temas'] });
    // One subtheme of another theme: its theme becomes the main one by itself.
    const moved = await alice.put(`/api/mobilizations/${id}`, { mobilization: { subthemes: [clima.id] } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.theme_id).toBe(clima.themeId);
    // Two themes and no main one: the organiser must pick it, among theirs.
    const twoThemes = { subthemes: [moradia.id, clima.id] };
    const none = await alice.put(`/api/mobilizations/${id}`, { mobilization: { ...twoThemes, theme_id: null } });
    expect(none.body.errors).toEqual({ theme_id: ['Escolha o tema principal da mobilização'] });
    const changed = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: { ...twoThemes, theme_id: moradia.themeId },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.theme_id).toBe(moradia.themeId);
    expect(changed.body.subthemes.map((s: { id: number }) => s.id).sort()).toEqual([moradia.id, clima.id].sort());
    // The main theme alone, among the chosen subthemes' themes.
    const main = await alice.put(`/api/mobilizations/${id}`, { mobilization: { theme_id: clima.themeId } });
    expect(main.body.theme_id).toBe(clima.themeId);
    const foreign = await alice.put(`/api/mobilizations/${id}`, { mobilization: { theme_id: 999_999 } });
    expect(foreign.body.errors).toEqual({ theme_id: ['O tema principal deve ser um dos temas escolhidos'] });
    // Back to one subtheme: its theme is set by itself, and the old links are gone.
    const one = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: { subthemes: [mobilidade.id], name: 'Pedala Recife!' },
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ theme_id: mobilidade.themeId, name: 'Pedala Recife!' });
    expect(one.body.subthemes.map((s: { id: number }) => s.id)).toEqual([mobilidade.id]);
    // Another community's organiser changes nothing.
    expect((await bob.put(`/api/mobilizations/${id}`, { mobilization: { subthemes: [clima.id] } })).status).toBe(404);
  });

  it('sets theme and subthemes on a mobilization that has none yet, by the same rules', async () => {
    const legacy = await createMobilization(server.ctx.db, { communityId: alphaId, name: 'Legado sem tema' });
    const needTheme = await alice.put(`/api/mobilizations/${legacy.id}`, {
      mobilization: { subthemes: [moradia.id, clima.id] },
    });
    expect(needTheme.body.errors).toEqual({ theme_id: ['Escolha o tema principal da mobilização'] });
    const ok = await alice.put(`/api/mobilizations/${legacy.id}`, {
      mobilization: { subthemes: [moradia.id, clima.id], theme_id: clima.themeId },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.theme_id).toBe(clima.themeId);
    expect(ok.body.subthemes).toHaveLength(2);
  });

  it('saves sharing, analytics, fonts and colour scheme with their rules', async () => {
    const bad = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: {
        facebook_share_title: 't'.repeat(71),
        facebook_share_description: 'd'.repeat(91),
        twitter_share_text: 'w'.repeat(281),
        facebook_share_image: 'not a url',
        google_analytics_code: 'GTM-123',
        header_font: 'Comic Sans',
        color_scheme: 'Bad Scheme!',
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      facebook_share_title: ['Máximo de 70 caracteres'],
      facebook_share_description: ['Máximo de 90 caracteres'],
      twitter_share_text: ['Máximo de 280 caracteres'],
      facebook_share_image: ['Informe o endereço (URL) de uma imagem'],
      google_analytics_code: ['Informe um ID válido'],
      header_font: ['Escolha uma fonte da lista'],
      color_scheme: ['Esquema de cores inválido'],
    });
    const good = await alice.put(`/api/mobilizations/${id}`, {
      mobilization: {
        facebook_share_title: 't'.repeat(70),
        facebook_share_description: 'd'.repeat(90),
        twitter_share_text: 'w'.repeat(280),
        facebook_share_image: 'https://cdn.example.org/share.png',
        google_analytics_code: 'G-ABC1234',
        header_font: 'Fjalla One',
        body_font: 'Source Sans Pro',
        color_scheme: 'meurio-scheme',
        language: 'es',
      },
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      facebook_share_image: 'https://cdn.example.org/share.png',
      google_analytics_code: 'G-ABC1234',
      header_font: 'Fjalla One',
      body_font: 'Source Sans Pro',
      color_scheme: 'meurio-scheme',
      language: 'es',
    });
    const ua = await alice.put(`/api/mobilizations/${id}`, { mobilization: { google_analytics_code: 'UA-12345-1' } });
    expect(ua.body.google_analytics_code).toBe('UA-12345-1');
    const cleared = await alice.put(`/api/mobilizations/${id}`, { mobilization: { google_analytics_code: '' } });
    expect(cleared.body.google_analytics_code).toBeNull();
  });

  it('archives and activates through status', async () => {
    const archived = await mob.put(`/api/mobilizations/${id}`, { mobilization: { status: 'archived' } });
    expect(archived.body.status).toBe('archived');
    const list = await alice.get(`/api/mobilizations?community_id=${alphaId}&status=archived`);
    expect(list.body.map((m: { id: number }) => m.id)).toContain(id);
    const active = await mob.put(`/api/mobilizations/${id}`, { mobilization: { status: 'active' } });
    expect(active.body.status).toBe('active');
    const invalid = await mob.put(`/api/mobilizations/${id}`, { mobilization: { status: 'deleted' } });
    expect(invalid.body.errors).toEqual({ status: ['Escolha ativa ou arquivada'] });
  });
});

describe('GET /api/mobilizations', () => {
  let gamma: number;
  let widgetsOf: Widget[];
  let counted: number;
  beforeAll(async () => {
    const { db } = server.ctx;
    const owner = await createUser(db, { email: 'gamma@example.org' });
    gamma = (await createCommunity(db, { name: 'Gamma', ownerId: owner.id })).id;
    const base = Date.UTC(2024, 0, 1);
    for (let i = 1; i <= 25; i++) {
      await createMobilization(db, {
        communityId: gamma,
        name: `Campanha ${i}`,
        slug: `campanha-gamma-${i}`,
        status: i % 5 === 0 ? 'archived' : 'active',
        updatedAt: new Date(base + i * 60_000),
        customDomain: i === 3 ? 'www.campanha3.org.br' : null,
      });
    }
    const m = await createMobilization(db, {
      communityId: gamma,
      name: 'Com atividade',
      slug: 'com-atividade',
      updatedAt: new Date(base + 100 * 60_000),
      blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }] }],
    });
    counted = m.id;
    widgetsOf = m.widgets;
    const [form, pressure, donation] = widgetsOf as [Widget, Widget, Widget];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await createActivist(db, { communityId: gamma, email: `p${i}@example.org` })).id);
    const [p0, p1, p2, p3, p4] = ids as [number, number, number, number, number];
    const entry = (activistId: number | null) => ({
      widgetId: form.id,
      mobilizationId: m.id,
      activistId,
      fields: [],
    });
    await db.insert(formEntries).values([entry(p0), entry(p0), entry(p1), entry(null)]);
    const pressureRow = (activistId: number) => ({
      widgetId: pressure.id,
      mobilizationId: m.id,
      activistId,
      mail: { subject: 's', body: 'b' },
    });
    await db.insert(activistPressures).values([pressureRow(p1), pressureRow(p2)]);
    const gift = (activistId: number | null, amount: number, status: string) => ({
      widgetId: donation.id,
      mobilizationId: m.id,
      activistId,
      communityId: gamma,
      amount,
      status,
      paymentMethod: 'credit_card' as const,
    });
    await db
      .insert(donations)
      .values([
        gift(p3, 5_000, 'paid'),
        gift(p3, 12_550, 'paid'),
        gift(p4, 99_999, 'refused'),
        gift(null, 1_000, 'paid'),
      ]);
  });

  it('counts distinct activists who acted and sums paid donations in cents', async () => {
    const gammaClient = await signIn(server, 'gamma@example.org');
    const res = await gammaClient.get(`/api/mobilizations?community_id=${gamma}&ids=${counted}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    // p0 and p1 (forms), p2 (pressure, p1 again), p3 (paid donations); p4's refused card is an attempt: 4 people.
    expect(res.body[0]).toMatchObject({ id: counted, users_count: 4, total_fund_raising: 5_000 + 12_550 + 1_000 });
  });

  it('paginates most recently updated first, with page/per_page and limit/offset, and tells the total', async () => {
    const client = await signIn(server, 'gamma@example.org');
    const first = await client.get(`/api/mobilizations?community_id=${gamma}&status=active&per_page=10`);
    expect(first.headers.get('x-total-count')).toBe('21');
    expect(first.body.map((m: { name: string }) => m.name)).toEqual([
      'Com atividade',
      'Campanha 24',
      'Campanha 23',
      'Campanha 22',
      'Campanha 21',
      'Campanha 19',
      'Campanha 18',
      'Campanha 17',
      'Campanha 16',
      'Campanha 14',
    ]);
    const third = await client.get(`/api/mobilizations?community_id=${gamma}&status=active&page=3&per_page=10`);
    expect(third.body.map((m: { name: string }) => m.name)).toEqual(['Campanha 1']);
    const offset = await client.get(`/api/mobilizations?community_id=${gamma}&status=active&limit=2&offset=1`);
    expect(offset.body.map((m: { name: string }) => m.name)).toEqual(['Campanha 24', 'Campanha 23']);
    const archived = await client.get(`/api/mobilizations?community_id=${gamma}&status=archived`);
    expect(archived.body.map((m: { name: string }) => m.name)).toEqual([
      'Campanha 25',
      'Campanha 20',
      'Campanha 15',
      'Campanha 10',
      'Campanha 5',
    ]);
    const all = await client.get(`/api/mobilizations?community_id=${gamma}&per_page=1000`);
    expect(all.body).toHaveLength(26);
  });

  it('filters by ids, slug and custom domain (with or without www.)', async () => {
    const client = await signIn(server, 'gamma@example.org');
    const bySlug = await client.get(`/api/mobilizations?community_id=${gamma}&slug=campanha-gamma-7`);
    expect(bySlug.body.map((m: { name: string }) => m.name)).toEqual(['Campanha 7']);
    for (const domain of ['campanha3.org.br', 'www.campanha3.org.br', 'CAMPANHA3.org.br']) {
      const res = await client.get(`/api/mobilizations?community_id=${gamma}&custom_domain=${domain}`);
      expect(res.body.map((m: { name: string }) => m.name)).toEqual(['Campanha 3']);
    }
    const byIds = await client.get(`/api/mobilizations?community_id=${gamma}&ids[]=${counted}&ids[]=999999`);
    expect(byIds.body.map((m: { id: number }) => m.id)).toEqual([counted]);
  });

  it('needs community_id and a valid status', async () => {
    const missing = await alice.get('/api/mobilizations');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ community_id: ['Informe a comunidade'] });
    const status = await alice.get(`/api/mobilizations?community_id=${alphaId}&status=weird`);
    expect(status.status).toBe(400);
  });

  it('lets a mobilizer list the community’s mobilizations', async () => {
    const res = await mob.get(`/api/mobilizations?community_id=${alphaId}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(3);
  });
});

describe('another community gets nothing', () => {
  it('list, create, update and create-from-template answer like a missing community or mobilization', async () => {
    const target = (await create(alice, { name: 'Segredo de Alpha', goal: 'x', subthemes: [moradia.id] })).body;
    const missingList = await bob.get('/api/mobilizations?community_id=999999');
    const foreignList = await bob.get(`/api/mobilizations?community_id=${alphaId}`);
    expect(foreignList.status).toBe(404);
    expect(foreignList.body).toEqual(missingList.body);

    const foreignCreate = await bob.post('/api/mobilizations', {
      mobilization: { community_id: alphaId, name: 'Invasão', goal: 'x', subthemes: [moradia.id] },
    });
    expect(foreignCreate.status).toBe(404);

    const missingUpdate = await bob.put('/api/mobilizations/999999', { mobilization: { name: 'Pwned' } });
    const foreignUpdate = await bob.put(`/api/mobilizations/${target.id}`, { mobilization: { name: 'Pwned' } });
    expect(foreignUpdate.status).toBe(404);
    expect(foreignUpdate.body).toEqual(missingUpdate.body);

    const foreignApply = await bob.post(`/api/mobilizations/${target.id}/template`, { template_mobilization_id: 1 });
    expect(foreignApply.status).toBe(404);

    const after = await alice.get(`/api/mobilizations?community_id=${alphaId}&ids=${target.id}`);
    expect(after.body[0].name).toBe('Segredo de Alpha');
    expect((await bob.get(`/api/mobilizations?community_id=${betaId}`)).body).toEqual([]);
  });

  it('a platform admin (is_admin) may work in any community', async () => {
    await createUser(server.ctx.db, { email: 'root@example.org', isAdmin: true });
    const root = await signIn(server, 'root@example.org');
    expect((await root.get(`/api/mobilizations?community_id=${alphaId}`)).status).toBe(200);
  });
});

describe('slug rules end to end', () => {
  it('derives at most 63 characters from a long name, on create and on update with a blank slug', async () => {
    const long = `Campanha ${'pela moradia digna '.repeat(5)}`.trim().slice(0, 100);
    const created = await create(alice, { name: long, goal: 'x', subthemes: [moradia.id] });
    expect(created.status).toBe(200);
    expect(created.body.slug.length).toBeLessThanOrEqual(63);
    expect(created.body.slug).toMatch(/^campanha-pela-moradia-digna-/);
    expect(created.body.slug.endsWith('-')).toBe(false);
    const renamed = await alice.put(`/api/mobilizations/${created.body.id}`, {
      mobilization: { name: `Outra ${long}`.slice(0, 100), slug: '' },
    });
    expect(renamed.body.slug).toMatch(/^outra-campanha-pela-moradia-/);
    expect(renamed.body.slug.length).toBeLessThanOrEqual(63);
  });

  it('refuses a derived slug that is taken, with the update message naming it', async () => {
    const first = await create(alice, { name: 'Praça Viva', goal: 'x', subthemes: [moradia.id] });
    const second = await create(alice, { name: 'Praça Morta', goal: 'x', subthemes: [moradia.id] });
    expect(first.body.slug).toBe('praca-viva');
    const clash = await alice.put(`/api/mobilizations/${second.body.id}`, {
      mobilization: { name: 'Praça Viva', slug: '' },
    });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({
      errors: { slug: ['O identificador "praca-viva" já é usado por outra mobilização. Escolha outro.'] },
    });
    const after = await alice.get(`/api/mobilizations?community_id=${alphaId}&ids=${second.body.id}`);
    expect(after.body[0]).toMatchObject({ name: 'Praça Morta', slug: 'praca-morta' });
  });

  it('answers the slug errors in Spanish for a Spanish caller', async () => {
    const res = await alice.put(
      `/api/mobilizations/${(await create(alice, { name: 'Em espanhol', goal: 'x', subthemes: [moradia.id] })).body.id}`,
      { mobilization: { slug: 'praca-viva' } },
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.slug[0]).toContain('praca-viva');
    expect(res.body.errors.slug[0]).not.toBe(
      'O identificador "praca-viva" já é usado por outra mobilização. Escolha outro.',
    );
  });
});
