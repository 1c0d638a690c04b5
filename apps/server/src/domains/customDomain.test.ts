import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let admin: Client;
let stranger: Client;
let communityId: number;
let pageId: number;
let otherPageId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const user = await createUser(db, { email: 'dominio@example.org' });
  const other = await createUser(db, { email: 'dominio-outra@example.org' });
  communityId = (await createCommunity(db, { name: 'Domínios', ownerId: user.id })).id;
  const otherCommunity = (await createCommunity(db, { name: 'Outra', ownerId: other.id })).id;
  const blocks = [
    { name: 'Início', widgets: [{ kind: 'content' as const, settings: { content: 'Olá, tarifa zero!' } }] },
  ];
  pageId = (await createMobilization(db, { communityId, name: 'Tarifa zero', slug: 'tarifa-zero-dom', blocks })).id;
  otherPageId = (await createMobilization(db, { communityId, name: 'Moradia', slug: 'moradia-dom' })).id;
  admin = await signIn(server, user.email);
  stranger = await signIn(server, other.email);
  expect(
    (
      await admin.post(`/api/communities/${communityId}/dns_hosted_zones`, {
        dns_hosted_zone: { domain_name: 'tarifazero.org' },
      })
    ).status,
  ).toBe(201);
  // Another community's zone: its domain is not ours to use.
  expect(
    (
      await stranger.post(`/api/communities/${otherCommunity}/dns_hosted_zones`, {
        dns_hosted_zone: { domain_name: 'deles.org' },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => server.close());

const setDomain = (id: number, custom_domain: string | null, client = admin) =>
  client.put(`/api/mobilizations/${id}`, { mobilization: { custom_domain } });

describe('custom domain of a page', () => {
  it('refuses domains outside the community’s zones, malformed ones and blanking an existing one, with the spec messages', async () => {
    const cases: [string | null, string][] = [
      ['tarifazero', 'Esse domínio não é válido.'],
      ['www.outro.org', 'Você precisa usar um domínio cadastrado na comunidade'],
      ['www.deles.org', 'Você precisa usar um domínio cadastrado na comunidade'],
    ];
    for (const [domain, message] of cases) {
      const res = await setDomain(pageId, domain);
      expect(res.status, String(domain)).toBe(422);
      expect(res.body).toMatchObject({ errors: { custom_domain: [message] } });
    }
    // A page without a domain may stay without one.
    expect((await setDomain(pageId, '')).status).toBe(200);
  });

  it("stores a zone's apex with www. and a subdomain as typed, serves both hosts, and moves at once", async () => {
    const res = await setDomain(pageId, 'TarifaZero.org');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ custom_domain: 'www.tarifazero.org' });
    for (const host of ['tarifazero.org', 'www.tarifazero.org']) {
      const page = await getByHost(server, host);
      expect(page.status, host).toBe(200);
      expect(page.body.toString()).toContain('Olá, tarifa zero!');
    }
    // A subdomain of the zone is a host of its own, kept without www. (typed with it or not); the page answers on
    // both, its address names the subdomain, and the old host answers 404 at once.
    expect((await setDomain(pageId, 'www.onibus.tarifazero.org')).body).toMatchObject({
      custom_domain: 'onibus.tarifazero.org',
    });
    expect((await getByHost(server, 'tarifazero.org')).status).toBe(404);
    for (const host of ['onibus.tarifazero.org', 'www.onibus.tarifazero.org']) {
      const page = await getByHost(server, host);
      expect(page.status, host).toBe(200);
      expect(page.body.toString()).toContain('<link rel="canonical" href="http://onibus.tarifazero.org:3000/">');
    }

    const blank = await setDomain(pageId, '  ');
    expect(blank.body).toMatchObject({ errors: { custom_domain: ['O endereço não pode ficar em branco'] } });
  });

  it('refuses a domain another page uses, through REST and GraphQL alike', async () => {
    // Taken whichever form it was stored or is asked in.
    const res = await setDomain(otherPageId, 'www.onibus.tarifazero.org');
    expect(res.body).toMatchObject({
      errors: { custom_domain: ['Esse endereço já está sendo usado em outra página.'] },
    });
    const gql = await admin.graphql(
      'mutation ($id: Int!, $d: String) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {custom_domain: $d}) { id custom_domain } }',
      { id: otherPageId, d: 'onibus.tarifazero.org' },
    );
    expect(JSON.stringify(gql.body)).toContain('Esse endereço já está sendo usado em outra página.');
    const ok = await admin.graphql(
      'mutation ($id: Int!, $d: String) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {custom_domain: $d}) { id custom_domain } }',
      { id: otherPageId, d: 'moradia.tarifazero.org' },
    );
    expect(ok.body).toMatchObject({
      data: { update_mobilizations_by_pk: { custom_domain: 'moradia.tarifazero.org' } },
    });
  });

  it('gives another community nothing', async () => {
    expect((await setDomain(pageId, 'www.deles.org', stranger)).status).toBe(404);
  });
});
