import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { blocks, mobilizations, templateMobilizations } from '../db/schema';
import { createCommunity, createMobilization, createTemplate, createUser, seedThemes } from '../seed/factories';
import { subthemesByLabel } from '../seed/themes';

/*
 * Spec 01 §6 and the rule: a mobilizer of another community can neither read nor change any mobilization
 * or template of this one, on any route, and learns nothing, not even that the row exists: every answer is the one
 * a missing id gets (404 in REST, absent or null in GraphQL).
 */

let server: TestServer;
let eve: Client; // mobilizer (role 2) of Beta only
let alphaId: number;
let alphaPage: number;
let alphaTemplate: number;
let globalTemplate: number;
let evePage: number;
let subthemeId: number;
const MISSING = 999_999;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  await seedThemes(db);
  const [moradia] = await subthemesByLabel(db, ['Moradia']);
  if (!moradia) throw new Error('themes not seeded');
  subthemeId = moradia.id;
  const alice = await createUser(db, { email: 'alice@example.org' });
  const bob = await createUser(db, { email: 'bob@example.org' });
  const e = await createUser(db, { email: 'eve@example.org' });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: alice.id })).id;
  const betaId = (await createCommunity(db, { name: 'Beta', ownerId: bob.id, members: [{ userId: e.id, role: 2 }] }))
    .id;
  alphaPage = (
    await createMobilization(db, {
      communityId: alphaId,
      name: 'Segredo de Alpha',
      slug: 'segredo-de-alpha',
      themeId: moradia.themeId,
      subthemeIds: [moradia.id],
      blocks: [{ widgets: [{ kind: 'content' }] }],
    })
  ).id;
  evePage = (await createMobilization(db, { communityId: betaId, name: 'Página de Beta', slug: 'pagina-beta' })).id;
  alphaTemplate = (await createTemplate(db, { name: 'Modelo de Alpha', communityId: alphaId })).id;
  globalTemplate = (await createTemplate(db, { name: 'Modelo global', global: true })).id;
  eve = await signIn(server, 'eve@example.org');
});
afterAll(() => server.close());

type Call = [method: 'get' | 'post' | 'put' | 'delete', path: (id: number) => string, body?: (id: number) => unknown];

/** Every REST route of mobilizations and templates, called once with Alpha's id and once with a missing one. */
const ROUTES: Record<string, { id: () => number; call: Call }> = {
  'GET /api/mobilizations': { id: () => alphaId, call: ['get', (id) => `/api/mobilizations?community_id=${id}`] },
  'GET /api/mobilizations?ids=': {
    id: () => alphaId,
    call: ['get', (id) => `/api/mobilizations?community_id=${id}&ids=${alphaPage}&status=active`],
  },
  'POST /api/mobilizations': {
    id: () => alphaId,
    call: [
      'post',
      () => '/api/mobilizations',
      (id) => ({ mobilization: { community_id: id, name: 'Invasão', goal: 'x', subthemes: [subthemeId] } }),
    ],
  },
  'PUT /api/mobilizations/:id (settings)': {
    id: () => alphaPage,
    call: ['put', (id) => `/api/mobilizations/${id}`, () => ({ mobilization: { name: 'Pwned', slug: 'pwned' } })],
  },
  'PUT /api/mobilizations/:id (archive)': {
    id: () => alphaPage,
    call: ['put', (id) => `/api/mobilizations/${id}`, () => ({ mobilization: { status: 'archived' } })],
  },
  'POST /api/mobilizations/:id/template': {
    id: () => alphaPage,
    call: ['post', (id) => `/api/mobilizations/${id}/template`, () => ({ template_mobilization_id: globalTemplate })],
  },
  'GET /api/mobilizations/:id/metrics': {
    id: () => alphaPage,
    call: ['get', (id) => `/api/mobilizations/${id}/metrics`],
  },
  'GET /api/templates': { id: () => alphaId, call: ['get', (id) => `/api/templates?community_id=${id}&global=false`] },
  'POST /api/templates': {
    id: () => alphaPage,
    call: ['post', () => '/api/templates', (id) => ({ name: 'Cópia', goal: 'x', mobilization_id: id })],
  },
  'DELETE /api/templates/:id': { id: () => alphaTemplate, call: ['delete', (id) => `/api/templates/${id}`] },
};

async function send(client: Client, [method, path, body]: Call, id: number) {
  if (method === 'get' || method === 'delete') return client[method](path(id));
  return client[method](path(id), body?.(id));
}

describe('a mobilizer of another community, over REST', () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: the same 404 as a missing id`, async () => {
      const foreign = await send(eve, route.call, route.id());
      const missing = await send(eve, route.call, MISSING);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    });
  }

  it('a template of another community cannot be poured into one’s own page', async () => {
    const res = await eve.post(`/api/mobilizations/${evePage}/template`, { template_mobilization_id: alphaTemplate });
    expect(res.status).toBe(404);
  });

  it('left everything of Alpha as it was', async () => {
    const { db } = server.ctx;
    const [page] = await db.select().from(mobilizations).where(eq(mobilizations.id, alphaPage));
    expect(page).toMatchObject({ name: 'Segredo de Alpha', slug: 'segredo-de-alpha', status: 'active' });
    expect(page?.templateMobilizationId).toBeNull();
    expect(await db.select().from(blocks).where(eq(blocks.mobilizationId, alphaPage))).toHaveLength(1);
    expect(await db.select().from(mobilizations).where(eq(mobilizations.name, 'Invasão'))).toEqual([]);
    const templates = await db.select().from(templateMobilizations);
    expect(templates.map((t) => t.name).sort()).toEqual(['Modelo de Alpha', 'Modelo global']);
    expect(templates.every((t) => t.usesNumber === 0)).toBe(true);
  });

  it('a signed-out caller gets 401 on every route', async () => {
    const anonymous = new Client(server.url);
    for (const route of Object.values(ROUTES)) {
      const res = await send(anonymous, route.call, route.id());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: ['Unauthorized'] });
    }
  });
});

describe('a mobilizer of another community, over GraphQL', () => {
  it('finds none of Alpha’s rows in any query', async () => {
    const res = await eve.graphql(
      `query($community: Int!, $id: Int!, $t: Int!) {
        mobilizations(where: {community_id: {_eq: $community}}) { id }
        by_slug: mobilizations(where: {slug: {_eq: "segredo-de-alpha"}}) { id }
        mobilizations_by_pk(id: $id) { id }
        mobilizations_aggregate(where: {community_id: {_eq: $community}}) { aggregate { count } }
        template_mobilizations(where: {community_id: {_eq: $community}}) { id }
        template_mobilizations_by_pk(id: $t) { id }
        template_mobilizations_aggregate(where: {community_id: {_eq: $community}, global: {_eq: false}}) { aggregate { count } }
      }`,
      { community: alphaId, id: alphaPage, t: alphaTemplate },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      mobilizations: [],
      by_slug: [],
      mobilizations_by_pk: null,
      mobilizations_aggregate: { aggregate: { count: 0 } },
      template_mobilizations: [],
      template_mobilizations_by_pk: null,
      template_mobilizations_aggregate: { aggregate: { count: 0 } },
    });
  });

  it('changes nothing through any mutation, each answering as for a missing row', async () => {
    const doc = `mutation($id: Int!, $t: Int!, $g: Int!, $community: Int!, $sub: Int!) {
      update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {name: "Pwned", status: "archived"}) { id }
      insert_mobilizations_subthemes(objects: [{mobilization_id: $id, subtheme_id: $sub}]) { affected_rows }
      insert_mobilizations_one(object: {community_id: $community, name: "Invasão", goal: "x", mobilizations_subthemes: {data: [{subtheme_id: $sub}]}}) { id }
      create_mobilization_from_template(id: $id, template_mobilization_id: $g) { id }
      delete_template_mobilizations_by_pk(id: $t) { id }
    }`;
    const foreign = await eve.graphql(doc, {
      id: alphaPage,
      t: alphaTemplate,
      g: globalTemplate,
      community: alphaId,
      sub: subthemeId,
    });
    const missing = await eve.graphql(doc, {
      id: MISSING,
      t: MISSING,
      g: globalTemplate,
      community: MISSING,
      sub: subthemeId,
    });
    expect(foreign.body.errors).toBeUndefined();
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.data).toEqual({
      update_mobilizations_by_pk: null,
      insert_mobilizations_subthemes: { affected_rows: 0 },
      insert_mobilizations_one: null,
      create_mobilization_from_template: null,
      delete_template_mobilizations_by_pk: null,
    });
    const [page] = await server.ctx.db.select().from(mobilizations).where(eq(mobilizations.id, alphaPage));
    expect(page).toMatchObject({ name: 'Segredo de Alpha', status: 'active', templateMobilizationId: null });
  });
});
