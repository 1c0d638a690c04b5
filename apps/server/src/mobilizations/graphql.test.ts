import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { donations, templateMobilizations } from '../db/schema';
import {
  createActivist,
  createCommunity,
  createMobilization,
  createTemplate,
  createUser,
  seedThemes,
} from '../seed/factories';
import { subthemesByLabel } from '../seed/themes';

let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer (role 2) of Alpha
let bob: Client; // admin of Beta
let alphaId: number;
let betaId: number;
let moradia: { id: number; themeId: number };
let clima: { id: number; themeId: number };
let alphaMobilization: number;
let alphaTemplate: number;
let globalTemplate: number;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  await seedThemes(db);
  const [m1, m2] = await subthemesByLabel(db, ['Moradia', 'Mudanças climáticas']);
  if (!m1 || !m2) throw new Error('themes not seeded');
  moradia = m1;
  clima = m2;
  const a = await createUser(db, { email: 'alice@example.org' });
  const m = await createUser(db, { email: 'mob@example.org' });
  const b = await createUser(db, { email: 'bob@example.org' });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: b.id })).id;
  const page = await createMobilization(db, {
    communityId: alphaId,
    name: 'Página de Alpha',
    slug: 'pagina-de-alpha',
    themeId: moradia.themeId,
    subthemeIds: [moradia.id],
    blocks: [{ widgets: [{ kind: 'donation' }] }],
  });
  alphaMobilization = page.id;
  const activist = await createActivist(db, { communityId: alphaId, email: 'doadora@example.org' });
  await db.insert(donations).values({
    widgetId: page.widgets[0]?.id,
    mobilizationId: page.id,
    activistId: activist.id,
    communityId: alphaId,
    amount: 250_000,
    paymentMethod: 'credit_card',
    status: 'paid',
  });
  await createMobilization(db, { communityId: betaId, name: 'Página de Beta', slug: 'pagina-de-beta' });
  alphaTemplate = (
    await createTemplate(db, {
      name: 'Modelo de Alpha',
      communityId: alphaId,
      blocks: [{ widgets: [{ kind: 'content', settings: { content: '<p>Alpha</p>' } }] }],
    })
  ).id;
  await createTemplate(db, { name: 'Modelo de Beta', communityId: betaId });
  globalTemplate = (
    await createTemplate(db, {
      name: 'Modelo global',
      global: true,
      blocks: [{ widgets: [{ kind: 'form', settings: { fields: '[]' } }] }],
    })
  ).id;
  alice = await signIn(server, 'alice@example.org');
  mob = await signIn(server, 'mob@example.org');
  bob = await signIn(server, 'bob@example.org');
});
afterAll(() => server.close());

const LIST = `query($community: Int!) {
  mobilizations(where: {community_id: {_eq: $community}}, order_by: {updated_at: desc}) {
    id name slug status users_count total_fund_raising theme_id theme { id label }
    subthemes { id label theme { label } } mobilizations_subthemes { subtheme_id }
    header_font body_font color_scheme google_analytics_code template_mobilization_id
  }
  mobilizations_aggregate(where: {community_id: {_eq: $community}}) { aggregate { count } }
}`;

describe('mobilizations queries', () => {
  it('list a community’s mobilizations with counts, theme and subthemes', async () => {
    const res = await mob.graphql(LIST, { community: alphaId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.mobilizations_aggregate.aggregate.count).toBe(1);
    expect(res.body.data.mobilizations[0]).toMatchObject({
      id: alphaMobilization,
      users_count: 1,
      total_fund_raising: 250_000,
      theme: { id: moradia.themeId, label: 'Direito à Cidade' },
      subthemes: [{ id: moradia.id, label: 'Moradia', theme: { label: 'Direito à Cidade' } }],
      mobilizations_subthemes: [{ subtheme_id: moradia.id }],
    });
  });

  it('list subthemes by label with their theme, and themes', async () => {
    const res = await alice.graphql(
      '{ subthemes(order_by: {label: asc}) { id label theme { id label } } themes { id label } }',
    );
    const labels = res.body.data.subthemes.map((s: { label: string }) => s.label);
    expect(labels).toEqual([...labels].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(labels.length).toBeGreaterThanOrEqual(18);
    expect(res.body.data.subthemes.find((s: { id: number }) => s.id === clima.id).theme.label).toBe('Meio Ambiente');
    expect(res.body.data.themes.length).toBeGreaterThanOrEqual(6);
  });
});

describe('mobilizations mutations', () => {
  it('insert_mobilizations_one creates with nested subtheme links and the single theme', async () => {
    const res = await mob.graphql(
      `mutation($object: mobilizations_insert_input!) { insert_mobilizations_one(object: $object) { id slug user_id theme_id subthemes { id } } }`,
      {
        object: {
          community_id: alphaId,
          name: 'Via GraphQL',
          goal: 'Testar',
          language: 'es',
          mobilizations_subthemes: { data: [{ subtheme_id: clima.id }] },
        },
      },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.insert_mobilizations_one).toMatchObject({
      slug: 'via-graphql',
      theme_id: clima.themeId,
      subthemes: [{ id: clima.id }],
    });
  });

  it('insert_mobilizations_one reports validation failures with extensions.fields', async () => {
    const res = await alice.graphql(
      `mutation { insert_mobilizations_one(object: {community_id: ${alphaId}, name: "", goal: "x"}) { id } }`,
    );
    expect(res.body.errors[0].extensions.fields).toEqual({
      name: ['Insira o nome da mobilização'],
      subthemes: ['Insira o tema da mobilização'],
    });
    const dup = await alice.graphql(
      `mutation { insert_mobilizations_one(object: {community_id: ${alphaId}, name: "Via GraphQL", goal: "x", mobilizations_subthemes: {data: [{subtheme_id: ${clima.id}}]}}) { id } }`,
    );
    expect(dup.body.errors[0].message).toBe('Mobilização com nome "Via GraphQL" já existe!');
    expect(dup.body.errors[0].extensions.fields).toEqual({ slug: ['Mobilização com nome "Via GraphQL" já existe!'] });
  });

  it('update_mobilizations_by_pk changes settings, with the update slug message and the main-theme rule', async () => {
    const ok = await alice.graphql(
      `mutation($id: Int!) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {status: "archived", header_font: "Ubuntu", google_analytics_code: "UA-12345-1"}) { status header_font google_analytics_code } }`,
      { id: alphaMobilization },
    );
    expect(ok.body.data.update_mobilizations_by_pk).toEqual({
      status: 'archived',
      header_font: 'Ubuntu',
      google_analytics_code: 'UA-12345-1',
    });
    const slug = await alice.graphql(
      `mutation($id: Int!) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {slug: "via-graphql"}) { id } }`,
      { id: alphaMobilization },
    );
    expect(slug.body.errors[0].extensions.fields).toEqual({
      slug: ['O identificador "via-graphql" já é usado por outra mobilização. Escolha outro.'],
    });
    const theme = await alice.graphql(
      `mutation($id: Int!) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {theme_id: ${clima.themeId}}) { id } }`,
      { id: alphaMobilization },
    );
    expect(theme.body.errors[0].extensions.fields).toEqual({
      theme_id: ['O tema principal deve ser um dos temas escolhidos'],
    });
    const analytics = await alice.graphql(
      `mutation($id: Int!) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {google_analytics_code: "nope"}) { id } }`,
      { id: alphaMobilization },
    );
    expect(analytics.body.errors[0].message).toBe('Informe um ID válido');
  });

  it('update plus insert_mobilizations_subthemes sets the choice, and later inserts add to it', async () => {
    const fresh = await createMobilization(server.ctx.db, { communityId: alphaId, name: 'Sem tema', slug: 'sem-tema' });
    const doc = `mutation($id: Int!, $theme: Int, $links: [mobilizations_subthemes_insert_input!]!) {
      update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {theme_id: $theme}) { id }
      insert_mobilizations_subthemes(objects: $links) { affected_rows returning { subtheme_id mobilization_id } }
    }`;
    const links = [
      { mobilization_id: fresh.id, subtheme_id: moradia.id },
      { mobilization_id: fresh.id, subtheme_id: clima.id },
    ];
    const res = await alice.graphql(doc, { id: fresh.id, theme: clima.themeId, links });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.insert_mobilizations_subthemes.affected_rows).toBe(2);
    const check = await alice.graphql(
      'query($id: Int!) { mobilizations_by_pk(id: $id) { theme_id subthemes { id } } }',
      {
        id: fresh.id,
      },
    );
    expect(check.body.data.mobilizations_by_pk.theme_id).toBe(clima.themeId);
    expect(check.body.data.mobilizations_by_pk.subthemes).toHaveLength(2);
    const again = await alice.graphql(doc, {
      id: fresh.id,
      theme: clima.themeId,
      links: [{ mobilization_id: fresh.id, subtheme_id: clima.id }],
    });
    expect(again.body.errors).toBeUndefined();
    const [mobilidade] = await subthemesByLabel(server.ctx.db, ['Mobilidade urbana']);
    const [agua] = await subthemesByLabel(server.ctx.db, ['Saneamento básico']);
    const third = await alice.graphql(doc, {
      id: fresh.id,
      theme: clima.themeId,
      links: [{ mobilization_id: fresh.id, subtheme_id: mobilidade?.id }],
    });
    expect(third.body.errors).toBeUndefined();
    const after = await alice.graphql('query($id: Int!) { mobilizations_by_pk(id: $id) { subthemes { id } } }', {
      id: fresh.id,
    });
    expect(after.body.data.mobilizations_by_pk.subthemes).toHaveLength(3);
    const fourth = await alice.graphql(doc, {
      id: fresh.id,
      theme: clima.themeId,
      links: [{ mobilization_id: fresh.id, subtheme_id: agua?.id }],
    });
    expect(fourth.body.errors[0].extensions.fields).toEqual({ subthemes: ['Escolha no máximo 3 temas'] });
  });
});

describe('template queries and mutations', () => {
  it('count custom templates and list global ones', async () => {
    const res = await mob.graphql(
      `query($community: Int!) {
        custom: template_mobilizations_aggregate(where: {community_id: {_eq: $community}, global: {_eq: false}}) { aggregate { count } }
        mine: template_mobilizations(where: {community_id: {_eq: $community}, global: {_eq: false}, name: {_ilike: "%ALPHA%"}}) { id name }
        globals: template_mobilizations(where: {global: {_eq: true}}, order_by: {name: asc}) { id name global uses_number }
      }`,
      { community: alphaId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.custom.aggregate.count).toBe(1);
    expect(res.body.data.mine).toEqual([{ id: alphaTemplate, name: 'Modelo de Alpha' }]);
    expect(res.body.data.globals).toEqual([
      { id: globalTemplate, name: 'Modelo global', global: true, uses_number: 0 },
    ]);
  });

  it('create_mobilization_from_template copies content and counts the use', async () => {
    const target = await createMobilization(server.ctx.db, { communityId: alphaId, name: 'Alvo', slug: 'alvo-gql' });
    const res = await mob.graphql(
      `mutation($id: Int!, $t: Int!) { create_mobilization_from_template(id: $id, template_mobilization_id: $t) { id template_mobilization_id } }`,
      { id: target.id, t: globalTemplate },
    );
    expect(res.body.data.create_mobilization_from_template).toEqual({
      id: target.id,
      template_mobilization_id: globalTemplate,
    });
    const [row] = await server.ctx.db
      .select()
      .from(templateMobilizations)
      .where(eq(templateMobilizations.id, globalTemplate));
    expect(row?.usesNumber).toBe(1);
  });

  it('delete_template_mobilizations_by_pk removes a community template', async () => {
    const t = await createTemplate(server.ctx.db, { name: 'Descartável', communityId: alphaId });
    const res = await mob.graphql(`mutation { delete_template_mobilizations_by_pk(id: ${t.id}) { id } }`);
    expect(res.body.data.delete_template_mobilizations_by_pk).toEqual({ id: t.id });
  });
});

describe('another community gets nothing', () => {
  it('foreign mobilizations and templates are absent from every query', async () => {
    const res = await bob.graphql(
      `query($community: Int!, $id: Int!, $t: Int!) {
        mobilizations(where: {community_id: {_eq: $community}}) { id }
        all: mobilizations { name }
        mobilizations_by_pk(id: $id) { id }
        mobilizations_aggregate(where: {id: {_eq: $id}}) { aggregate { count } }
        template_mobilizations(where: {community_id: {_eq: $community}}) { id }
        template_mobilizations_by_pk(id: $t) { id }
        template_mobilizations_aggregate(where: {global: {_eq: false}}) { aggregate { count } }
      }`,
      { community: alphaId, id: alphaMobilization, t: alphaTemplate },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      mobilizations: [],
      all: [{ name: 'Página de Beta' }],
      mobilizations_by_pk: null,
      mobilizations_aggregate: { aggregate: { count: 0 } },
      template_mobilizations: [],
      template_mobilizations_by_pk: null,
      template_mobilizations_aggregate: { aggregate: { count: 1 } },
    });
  });

  it('foreign rows answer null to every mutation and stay unchanged', async () => {
    const res = await bob.graphql(
      `mutation($id: Int!, $t: Int!, $g: Int!, $community: Int!, $sub: Int!) {
        update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {name: "Pwned"}) { id }
        insert_mobilizations_subthemes(objects: [{mobilization_id: $id, subtheme_id: $sub}]) { affected_rows }
        insert_mobilizations_one(object: {community_id: $community, name: "Invasão", goal: "x", mobilizations_subthemes: {data: [{subtheme_id: $sub}]}}) { id }
        create_mobilization_from_template(id: $id, template_mobilization_id: $g) { id }
        delete_template_mobilizations_by_pk(id: $t) { id }
        global: delete_template_mobilizations_by_pk(id: $g) { id }
      }`,
      { id: alphaMobilization, t: alphaTemplate, g: globalTemplate, community: alphaId, sub: clima.id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      update_mobilizations_by_pk: null,
      insert_mobilizations_subthemes: { affected_rows: 0 },
      insert_mobilizations_one: null,
      create_mobilization_from_template: null,
      delete_template_mobilizations_by_pk: null,
      global: null,
    });
    const check = await alice.graphql(
      `query($id: Int!, $t: Int!, $g: Int!) {
        mobilizations_by_pk(id: $id) { name subthemes { id } }
        template: template_mobilizations_by_pk(id: $t) { id }
        global: template_mobilizations_by_pk(id: $g) { id }
        mobilizations_aggregate(where: {name: {_eq: "Invasão"}}) { aggregate { count } }
      }`,
      { id: alphaMobilization, t: alphaTemplate, g: globalTemplate },
    );
    expect(check.body.data).toEqual({
      mobilizations_by_pk: { name: 'Página de Alpha', subthemes: [{ id: moradia.id }] },
      template: { id: alphaTemplate },
      global: { id: globalTemplate },
      mobilizations_aggregate: { aggregate: { count: 0 } },
    });
  });

  it('a foreign template cannot be applied to one’s own mobilization', async () => {
    const own = await createMobilization(server.ctx.db, { communityId: betaId, name: 'De Beta', slug: 'de-beta-2' });
    const res = await bob.graphql(
      `mutation { create_mobilization_from_template(id: ${own.id}, template_mobilization_id: ${alphaTemplate}) { id } }`,
    );
    expect(res.body.data.create_mobilization_from_template).toBeNull();
  });
});

describe('the list screen’s page query', () => {
  it('pages with limit and offset, most recently updated first, and counts the rows in the same request', async () => {
    const { db } = server.ctx;
    const owner = await createUser(db, { email: 'pager@example.org' });
    const community = await createCommunity(db, { name: 'Paginada', ownerId: owner.id });
    const base = Date.UTC(2025, 0, 1);
    for (let i = 1; i <= 25; i++)
      await createMobilization(db, {
        communityId: community.id,
        name: `Página ${i}`,
        slug: `paginada-${i}`,
        status: i === 25 ? 'archived' : 'active',
        updatedAt: new Date(base + i * 60_000),
      });
    const pager = await signIn(server, 'pager@example.org');
    const doc = `query Mobilizations($communityId: Int!, $status: String!, $limit: Int!, $offset: Int!) {
      mobilizations(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}, order_by: {updated_at: desc}, limit: $limit, offset: $offset)
      { id name users_count total_fund_raising }
      mobilizations_aggregate(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}) { aggregate { count } }
    }`;
    const first = await pager.graphql(doc, { communityId: community.id, status: 'active', limit: 20, offset: 0 });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.mobilizations).toHaveLength(20);
    expect(first.body.data.mobilizations[0].name).toBe('Página 24');
    expect(first.body.data.mobilizations_aggregate.aggregate.count).toBe(24);
    const second = await pager.graphql(doc, { communityId: community.id, status: 'active', limit: 20, offset: 20 });
    expect(second.body.data.mobilizations.map((m: { name: string }) => m.name)).toEqual([
      'Página 4',
      'Página 3',
      'Página 2',
      'Página 1',
    ]);
    const archived = await pager.graphql(doc, { communityId: community.id, status: 'archived', limit: 20, offset: 0 });
    expect(archived.body.data.mobilizations.map((m: { name: string }) => m.name)).toEqual(['Página 25']);
    expect(archived.body.data.mobilizations_aggregate.aggregate.count).toBe(1);
  });
});
