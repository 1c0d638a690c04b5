import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { type PowerDns, powerDnsInstalled, startPowerDns } from '../../test/powerdns';
import { dnsHostedZones } from '../db/schema';
import { PowerDnsDriver } from '../dns/powerdns';
import { createCommunity, createUser } from '../seed/factories';
import { nameServerCheckJob } from './zones';

const NS = 'ns1.mutirao-teste.org,ns2.mutirao-teste.org';
/** Where public pages are served; PowerDNS answers its address like the world would. */
const PUBLIC_HOST = 'paginas.mutirao-teste.org';
const PUBLIC_ADDRESS = '192.0.2.10';

/** Sets one record set in a zone PowerDNS serves, as the owner of an external domain does at its own provider. */
async function setRecord(pdns: PowerDns, zone: string, name: string, type: string, content: string) {
  const response = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}.`, {
    method: 'PATCH',
    headers: { 'x-api-key': pdns.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      rrsets: [
        {
          name: `${name}.`,
          type,
          ttl: 60,
          changetype: 'REPLACE',
          records: content.split(',').map((c) => ({ content: c, disabled: false })),
        },
      ],
    }),
  });
  expect(response.status).toBe(204);
}

/**
 * The wizard's step 3 against real DNS: PowerDNS is both the provider that holds the zones and the resolver the check
 * asks, so a zone it serves answers with our name servers, as a delegated domain would on the internet.
 */
describe.skipIf(!powerDnsInstalled)('name-server check through a real resolver', () => {
  let pdns: PowerDns;
  let server: TestServer;
  let admin: Client;
  let communityId: number;
  beforeAll(async () => {
    pdns = await startPowerDns();
    server = await startTestServer({
      env: {
        DNS_DRIVER: 'powerdns',
        POWERDNS_API_URL: pdns.apiUrl,
        POWERDNS_API_KEY: pdns.apiKey,
        DNS_NAMESERVERS: NS,
        DNS_RESOLVER: pdns.resolver,
        PUBLIC_HOST: PUBLIC_HOST,
      },
    });
    const user = await createUser(server.ctx.db, { email: 'ns-admin@example.org' });
    communityId = (await createCommunity(server.ctx.db, { name: 'NS', ownerId: user.id })).id;
    admin = await signIn(server, user.email);
  });
  afterAll(async () => {
    await server?.close();
    await pdns?.close();
  });

  it('turns a zone the world delegates to us into DNS active, with the spec’s message', async () => {
    const created = await admin.post(`/api/communities/${communityId}/dns_hosted_zones`, {
      dns_hosted_zone: { domain_name: 'delegada.org' },
    });
    expect(created.status).toBe(201);
    const check = await admin.get(
      `/api/communities/${communityId}/dns_hosted_zones/${(created.body as { id: number }).id}/check`,
    );
    expect(check.body).toMatchObject({ ns_ok: true, status: 'propagated', message: 'domains.nsOk' });
  });

  it('leaves a zone whose registrar still points elsewhere waiting, and the job settles it once it points at us', async () => {
    // The zone exists at the provider with other name servers: the world does not delegate it to us yet.
    await new PowerDnsDriver(pdns.apiUrl, pdns.apiKey, ['ns1.outro-provedor.net']).createZone('pendente.org');
    const [zone] = await server.ctx.db
      .insert(dnsHostedZones)
      .values({ communityId, domainName: 'pendente.org', delegationSetServers: NS.split(',') })
      .returning();
    const url = `/api/communities/${communityId}/dns_hosted_zones/${zone?.id}/check`;
    expect((await admin.get(url)).body).toMatchObject({
      ns_ok: false,
      status: 'created',
      message: 'domains.nsPending',
    });
    // The registrar changes: the zone now answers with our name servers, and the periodic job notices.
    await setRecord(
      pdns,
      'pendente.org',
      'pendente.org',
      'NS',
      NS.split(',')
        .map((ns) => `${ns}.`)
        .join(','),
    );
    await nameServerCheckJob(server.ctx.db, server.ctx.dns).handle({});
    const [after] = await server.ctx.db
      .select()
      .from(dnsHostedZones)
      .where(eq(dnsHostedZones.id, zone?.id ?? 0));
    expect(after).toMatchObject({ nsOk: true, status: 'propagated' });
  });

  it('connects an external domain once its www points at the public host, by CNAME or by the same address', async () => {
    const provider = new PowerDnsDriver(pdns.apiUrl, pdns.apiKey, ['ns1.outro-provedor.net']);
    await provider.createZone('mutirao-teste.org');
    await setRecord(pdns, 'mutirao-teste.org', PUBLIC_HOST, 'A', PUBLIC_ADDRESS);
    // Two external domains, each at its own provider (here PowerDNS too, under other name servers).
    for (const domain of ['externa.org', 'outra-externa.org']) await provider.createZone(domain);
    const add = async (domain: string) => {
      const created = await admin.post(`/api/communities/${communityId}/dns_hosted_zones`, {
        dns_hosted_zone: { domain_name: domain, is_external_domain: true },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ is_external_domain: true, www_target: PUBLIC_HOST, ns_ok: false });
      return `/api/communities/${communityId}/dns_hosted_zones/${(created.body as { id: number }).id}/check`;
    };
    const byCname = await add('externa.org');
    const byAddress = await add('outra-externa.org');
    const pending = { ns_ok: false, message: 'domains.wwwPending' };
    expect((await admin.get(byCname)).body).toMatchObject(pending);

    // The owner creates the record the wizard shows: www as a CNAME to the public host.
    await setRecord(pdns, 'externa.org', 'www.externa.org', 'CNAME', `${PUBLIC_HOST}.`);
    expect((await admin.get(byCname)).body).toMatchObject({ ns_ok: true, message: 'domains.wwwOk' });

    // An address that is not ours keeps the domain waiting; the public host's own address connects it (by the job).
    await setRecord(pdns, 'outra-externa.org', 'www.outra-externa.org', 'A', '198.51.100.7');
    expect((await admin.get(byAddress)).body).toMatchObject(pending);
    await setRecord(pdns, 'outra-externa.org', 'www.outra-externa.org', 'A', PUBLIC_ADDRESS);
    await nameServerCheckJob(server.ctx.db, server.ctx.dns).handle({});
    const [after] = await server.ctx.db
      .select()
      .from(dnsHostedZones)
      .where(eq(dnsHostedZones.domainName, 'outra-externa.org'));
    expect(after).toMatchObject({ nsOk: true, status: 'propagated' });
  });
});
