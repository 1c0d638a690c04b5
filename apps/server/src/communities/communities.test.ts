import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { communities, mobilizations } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

let server: TestServer;
let alice: Client;
let bob: Client;
let aliceCommunityId: number;
let bobCommunityId: number;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createUser(server.ctx.db, { email: 'alice@example.org', firstName: 'Alice' });
  const b = await createUser(server.ctx.db, { email: 'bob@example.org', firstName: 'Bob' });
  const mob = await createUser(server.ctx.db, { email: 'mob@example.org' });
  aliceCommunityId = (
    await createCommunity(server.ctx.db, { name: 'Alpha', ownerId: a.id, members: [{ userId: mob.id, role: 2 }] })
  ).id;
  bobCommunityId = (await createCommunity(server.ctx.db, { name: 'Beta', ownerId: b.id })).id;
  alice = await signIn(server, 'alice@example.org');
  bob = await signIn(server, 'bob@example.org');
});
afterAll(() => server.close());

describe('POST /api/communities', () => {
  it("answers 400 with the spec's messages for name and city", async () => {
    const res = await alice.post('/api/communities', { community: { name: ' ', city: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: { name: ['Informe o nome da comunidade'], city: ['Informe em qual cidade sua comunidade atua'] },
    });
  });

  it('needs the {community: ...} wrapper', async () => {
    const res = await alice.post('/api/communities', { name: 'X', city: 'Y' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['community']);
  });

  it('creates the community and makes the creator its admin (role 1)', async () => {
    const res = await alice.post('/api/communities', { community: { name: 'Nova', city: 'Belém' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nova', city: 'Belém', role: 1 });
    const list = await alice.get('/api/communities');
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Nova']);
  });

  it('needs a session', async () => {
    const res = await new Client(server.url).post('/api/communities', { community: { name: 'X', city: 'Y' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: ['Unauthorized'] });
  });
});

describe('GET and PUT /api/communities/:id', () => {
  it('lets an admin update, with field errors for bad input', async () => {
    const bad = await alice.put(`/api/communities/${aliceCommunityId}`, {
      community: { email_template_from: 'no brackets' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email_template_from).toEqual(['Use o formato Nome <email@dominio.com>']);
    // Mailchimp's settings have their own route: here they are named and refused, and nothing is saved.
    const mailchimp = await alice.put(
      `/api/communities/${aliceCommunityId}`,
      { community: { city: 'Caruaru', mailchimp_api_key: 'abc-us1', mailchimp_list_id: 'l1' } },
      { 'accept-language': 'es' },
    );
    expect(mailchimp.status).toBe(400);
    expect(mailchimp.body.errors).toEqual({
      mailchimp_api_key: ['El campo mailchimp_api_key no existe aquí; no se guardó nada'],
      mailchimp_list_id: ['El campo mailchimp_list_id no existe aquí; no se guardó nada'],
    });
    expect((await alice.get(`/api/communities/${aliceCommunityId}`)).body.city).not.toBe('Caruaru');
    const ok = await alice.put(`/api/communities/${aliceCommunityId}`, {
      community: { city: 'Olinda', email_template_from: 'Alpha <contato@alpha.org>' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Alpha', city: 'Olinda', email_template_from: 'Alpha <contato@alpha.org>' });
    expect((await alice.get(`/api/communities/${aliceCommunityId}`)).body.city).toBe('Olinda');
    const partial = await alice.put(`/api/communities/${aliceCommunityId}`, {
      community: { description: 'Nova descrição' },
    });
    expect(partial.body).toMatchObject({
      city: 'Olinda',
      email_template_from: 'Alpha <contato@alpha.org>',
      description: 'Nova descrição',
    });
    const cleared = await alice.put(`/api/communities/${aliceCommunityId}`, { community: { description: '' } });
    expect(cleared.body.description).toBeNull();
  });

  it('saves the Informações tab: description, logo, links and sender, with field errors in place', async () => {
    const bad = await alice.put(`/api/communities/${aliceCommunityId}`, {
      community: { name: '', fb_link: 'javascript:alert(1)', image: '//evil.example/logo.png' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: ['Informe o nome da comunidade'],
      fb_link: ['Informe um endereço da web, como facebook.com/suacomunidade'],
      image: ['Envie a imagem de novo: o endereço dela não é válido'],
    });
    const ok = await alice.put(`/api/communities/${aliceCommunityId}`, {
      community: {
        name: 'Alpha',
        city: 'Olinda',
        description: 'Hortas no bairro',
        image: `${server.url}/uploads/2026/11/logo.png`,
        fb_link: 'facebook.com/alpha',
        twitter_link: 'https://twitter.com/alpha',
        email_template_from: 'Alpha <oi@alpha.org>',
      },
    });
    expect(ok.status).toBe(200);
    const saved = (await alice.get(`/api/communities/${aliceCommunityId}`)).body;
    expect(saved).toMatchObject({
      description: 'Hortas no bairro',
      image: `${server.url}/uploads/2026/11/logo.png`,
      fb_link: 'https://facebook.com/alpha',
      twitter_link: 'https://twitter.com/alpha',
      email_template_from: 'Alpha <oi@alpha.org>',
      role: 1,
    });
  });

  it('lets a mobilizer (role 2) change the settings too, as the inviter could, through REST and GraphQL', async () => {
    const mob = await signIn(server, 'mob@example.org');
    const read = await mob.get(`/api/communities/${aliceCommunityId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Alpha', role: 2 });
    const res = await mob.put(`/api/communities/${aliceCommunityId}`, {
      community: { description: 'Pelo mobilizador' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Pelo mobilizador', role: 2 });
    const gql = await mob.graphql(
      `mutation($id: Int!) { update_communities_by_pk(pk_columns: {id: $id}, _set: {description: "Pelo GraphQL"}) { id description } }`,
      { id: aliceCommunityId },
    );
    expect(gql.body.data).toEqual({ update_communities_by_pk: { id: aliceCommunityId, description: 'Pelo GraphQL' } });
    expect((await alice.get(`/api/communities/${aliceCommunityId}`)).body.description).toBe('Pelo GraphQL');
  });

  it('lets a platform admin (is_admin) manage a community without belonging to it', async () => {
    await createUser(server.ctx.db, { email: 'root@example.org', isAdmin: true });
    const other = await createCommunity(server.ctx.db, { name: 'Gama', city: 'Recife' });
    const root = await signIn(server, 'root@example.org');
    const res = await root.put(`/api/communities/${other.id}`, { community: { city: 'Natal' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Gama', city: 'Natal' });
  });
});

describe('another community gets nothing', () => {
  it('REST: list, read and update of a foreign community look exactly like a missing one', async () => {
    const list = await bob.get('/api/communities');
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([bobCommunityId]);
    const foreign = await bob.get(`/api/communities/${aliceCommunityId}`);
    const missing = await bob.get('/api/communities/999999');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const update = await bob.put(`/api/communities/${aliceCommunityId}`, { community: { name: 'Pwned' } });
    expect(update.status).toBe(404);
    expect((await alice.get(`/api/communities/${aliceCommunityId}`)).body.name).toBe('Alpha');
  });

  it('GraphQL: foreign rows are absent from lists, by-pk lookups, aggregates and updates', async () => {
    const res = await bob.graphql(
      `query($id: Int!) {
        communities { id }
        communities_by_pk(id: $id) { id name }
        communities_aggregate(where: {id: {_eq: $id}}) { aggregate { count } }
        get_current_user { permissions { community_id } }
      }`,
      { id: aliceCommunityId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      communities: [{ id: bobCommunityId }],
      communities_by_pk: null,
      communities_aggregate: { aggregate: { count: 0 } },
      get_current_user: [{ permissions: [{ community_id: bobCommunityId }] }],
    });
    const update = await bob.graphql(
      `mutation($id: Int!) { update_communities_by_pk(pk_columns: {id: $id}, _set: {name: "Pwned"}) { id } }`,
      { id: aliceCommunityId },
    );
    expect(update.body.data).toEqual({ update_communities_by_pk: null });
    expect((await alice.get(`/api/communities/${aliceCommunityId}`)).body.name).toBe('Alpha');
  });

  it('GraphQL: Hasura-style filters and ordering work within the caller’s rows', async () => {
    await bob.post('/api/communities', { community: { name: 'Aardvark', city: 'Natal' } });
    const res = await bob.graphql(
      `{ communities(where: {_or: [{name: {_ilike: "%var%"}}, {city: {_eq: "Recife"}}]}, order_by: {name: desc}) { name } }`,
    );
    expect(res.body.data.communities.map((c: { name: string }) => c.name)).toEqual(['Beta', 'Aardvark']);
  });

  it('GraphQL: insert_communities_one validates with the spec messages', async () => {
    const res = await bob.graphql(`mutation { insert_communities_one(object: {name: "", city: "Recife"}) { id } }`);
    expect(res.body.errors[0].message).toBe('Informe o nome da comunidade');
    expect(res.body.errors[0].extensions.fields).toEqual({ name: ['Informe o nome da comunidade'] });
  });

  it('GraphQL: inserting a community or a page refuses on_conflict and a given id by name, and makes no row', async () => {
    const before = {
      communities: await server.ctx.db.$count(communities),
      mobilizations: await server.ctx.db.$count(mobilizations),
    };
    const conflict = await alice.graphql(
      `mutation { insert_communities_one(object: {id: ${aliceCommunityId}, name: "Alpha", city: "Recife"}, on_conflict: {constraint: communities_pkey, update_columns: []}) { id } }`,
    );
    expect(conflict.body.errors[0].message).toBe(
      'on_conflict não é aceito aqui: esta inserção sempre cria uma nova linha',
    );
    expect(conflict.body.errors[0].extensions.fields).toEqual({ on_conflict: [conflict.body.errors[0].message] });
    const withId = await alice.graphql(
      `mutation { insert_communities(objects: [{id: ${aliceCommunityId}, name: "Alpha", city: "Recife"}]) { affected_rows } }`,
      undefined,
      { 'accept-language': 'en' },
    );
    expect(withId.body.errors[0].message).toBe('id is not accepted here: the server chooses the new row’s id');
    const page = await alice.graphql(
      `mutation { insert_mobilizations_one(object: {community_id: ${aliceCommunityId}, name: "Ato", goal: "x"}, on_conflict: {constraint: mobilizations_pkey, update_columns: [name]}) { id } }`,
    );
    expect(page.body.errors[0].extensions.fields).toEqual({
      on_conflict: ['on_conflict não é aceito aqui: esta inserção sempre cria uma nova linha'],
    });
    const pages = await alice.graphql(
      `mutation { insert_mobilizations(objects: [{id: 1, community_id: ${aliceCommunityId}, name: "Ato", goal: "x"}]) { affected_rows } }`,
      undefined,
      { 'accept-language': 'es' },
    );
    expect(pages.body.errors[0].message).toBe('id no se acepta aquí: el servidor elige el id de la fila nueva');
    expect({
      communities: await server.ctx.db.$count(communities),
      mobilizations: await server.ctx.db.$count(mobilizations),
    }).toEqual(before);
  });
});
