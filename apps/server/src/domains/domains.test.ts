import { ROLES } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { dnsHostedZones, dnsRecords } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

let server: TestServer;
let admin: Client;
let mobilizer: Client;
let stranger: Client;
let communityId: number;
let otherCommunityId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const [a, m, s] = await Promise.all([
    createUser(db, { email: 'dns-admin@example.org' }),
    createUser(db, { email: 'dns-mobilizer@example.org' }),
    createUser(db, { email: 'dns-stranger@example.org' }),
  ]);
  communityId = (
    await createCommunity(db, { name: 'DNS', ownerId: a.id, members: [{ userId: m.id, role: ROLES.mobilizer }] })
  ).id;
  otherCommunityId = (await createCommunity(db, { name: 'Outra', ownerId: s.id })).id;
  [admin, mobilizer, stranger] = await Promise.all([
    signIn(server, a.email),
    signIn(server, m.email),
    signIn(server, s.email),
  ]);
});
afterAll(() => server.close());

const zones = (id = communityId) => `/api/communities/${id}/dns_hosted_zones`;

describe('hosted zones', () => {
  it('adds a domain, normalised, with the name servers to set at the registrar', async () => {
    const res = await admin.post(zones(), { dns_hosted_zone: { domain_name: ' HTTPS://Nossa-Campanha.org.br/ ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      domain_name: 'nossa-campanha.org.br',
      status: 'created',
      ns_ok: false,
      is_external_domain: false,
      delegation_set_servers: ['ns1.mutirao.invalid', 'ns2.mutirao.invalid'],
      certificates: [],
    });
    const list = await admin.get(zones());
    expect(list.body).toEqual([expect.objectContaining({ domain_name: 'nossa-campanha.org.br' })]);
  });

  it('refuses a blank, malformed or already added domain with the spec messages', async () => {
    const blank = await admin.post(zones(), { dns_hosted_zone: { domain_name: '' } });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ errors: { domain_name: ['Domínio é obrigatório.'] } });
    for (const bad of ['campanha', 'campanha..org', '-x.org', 'x.o', 'tem espaço.org']) {
      const res = await admin.post(zones(), { dns_hosted_zone: { domain_name: bad } });
      expect(res.body, bad).toMatchObject({ errors: { domain_name: ['Domínio inválido'] } });
    }
    const again = await admin.post(zones(), { dns_hosted_zone: { domain_name: 'nossa-campanha.org.br' } });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: { domain_name: [expect.stringContaining('já foi adicionado')] } });
    // Another community cannot take it either: a domain belongs to one community.
    const theirs = await stranger.post(zones(otherCommunityId), {
      dns_hosted_zone: { domain_name: 'nossa-campanha.org.br' },
    });
    expect(theirs.status).toBe(422);
  });

  it('lets every member (a mobilizer too) read and change them; outsiders get 404 for everything', async () => {
    const [zone] = (await admin.get(zones())).body as { id: number }[];
    expect((await mobilizer.get(zones())).status).toBe(200);
    const added = await mobilizer.post(zones(), { dns_hosted_zone: { domain_name: 'mobilizador.org' } });
    expect(added.status).toBe(201);
    expect((await mobilizer.delete(`${zones()}/${added.body.id}`)).status).toBe(204);
    for (const res of [
      await stranger.get(zones()),
      await stranger.post(zones(), { dns_hosted_zone: { domain_name: 'outro.org' } }),
      await stranger.delete(`${zones()}/${zone?.id}`),
      await stranger.get(`${zones()}/${zone?.id}/dns_records`),
      await stranger.post(`${zones()}/${zone?.id}/dns_records`, {
        dns_record: { name: 'x', record_type: 'A', value: '1.2.3.4' },
      }),
      await stranger.get(`${zones()}/${zone?.id}/check`),
      // Their own community with our zone's id: the zone is not theirs.
      await stranger.get(`${zones(otherCommunityId)}/${zone?.id}/dns_records`),
    ])
      expect(res.status).toBe(404);
  });
});

describe('records', () => {
  let zoneId: number;
  beforeAll(async () => {
    const res = await admin.post(zones(), { dns_hosted_zone: { domain_name: 'registros.org' } });
    zoneId = (res.body as { id: number }).id;
  });
  const records = () => `${zones()}/${zoneId}/dns_records`;

  it('adds records of every type, with one value per line for NS and MX', async () => {
    const cases = [
      { name: 'registros.org', record_type: 'A', value: '203.0.113.10' },
      { name: 'ipv6.registros.org', record_type: 'AAAA', value: '2001:db8::10' },
      { name: 'www.registros.org', record_type: 'CNAME', value: 'registros.org' },
      { name: 'registros.org', record_type: 'MX', value: '10 mx1.provedor.net\n20 mx2.provedor.net' },
      { name: 'sub.registros.org', record_type: 'NS', value: 'ns1.outro.net\nns2.outro.net' },
      { name: 'registros.org', record_type: 'TXT', value: 'v=spf1 include:_spf.provedor.net -all' },
      { name: '_sip._tcp.registros.org', record_type: 'SRV', value: '10 60 5060 sip.registros.org' },
    ];
    for (const record of cases) {
      const res = await admin.post(records(), { dns_record: record });
      expect(res.status, record.record_type).toBe(201);
    }
    const list = (await admin.get(records())).body as { record_type: string; value: string }[];
    expect(list).toHaveLength(cases.length);
    expect(list.find((r) => r.record_type === 'MX')?.value).toBe('10 mx1.provedor.net\n20 mx2.provedor.net');
  });

  it('names what is wrong with a record', async () => {
    const post = (dns_record: Record<string, unknown>) => admin.post(records(), { dns_record });
    expect((await post({ name: 'a.registros.org', record_type: 'A', value: '300.1.1.1' })).body).toMatchObject({
      errors: { value: ['Valor inválido para um registro A'] },
    });
    expect((await post({ name: 'a.registros.org', record_type: 'XYZ', value: '1.1.1.1' })).body).toMatchObject({
      errors: { record_type: ['Tipo de registro inválido'] },
    });
    expect((await post({ name: 'a.registros.org', record_type: 'CNAME', value: 'x.org\ny.org' })).body).toMatchObject({
      errors: { value: ['Este tipo de registro aceita um valor só'] },
    });
    expect((await post({ name: 'a.outro.org', record_type: 'A', value: '1.1.1.1' })).body).toMatchObject({
      errors: { name: ['O nome precisa terminar com o domínio registros.org'] },
    });
    expect((await post({ name: 'registros.org', record_type: 'A', value: '198.51.100.1' })).body).toMatchObject({
      errors: { name: ['Já existe um registro com esse nome e tipo'] },
    });
    const byMobilizer = await mobilizer.post(records(), {
      dns_record: { name: 'b.registros.org', record_type: 'A', value: '1.1.1.1' },
    });
    expect(byMobilizer.status).toBe(201);
  });

  it('deletes a record, and a zone with its records', async () => {
    const list = (await admin.get(records())).body as { id: number }[];
    expect((await admin.delete(`${records()}/${list[0]?.id}`)).status).toBe(204);
    expect((await admin.delete(`${records()}/${list[0]?.id}`)).status).toBe(404);
    expect((await admin.get(records())).body).toHaveLength(list.length - 1);
    expect((await admin.delete(`${zones()}/${zoneId}`)).status).toBe(204);
    const db = server.ctx.db;
    expect(await db.select().from(dnsHostedZones).where(eq(dnsHostedZones.id, zoneId))).toHaveLength(0);
    expect(await db.select().from(dnsRecords).where(eq(dnsRecords.dnsHostedZoneId, zoneId))).toHaveLength(0);
  });
});
