import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { type PowerDns, powerDnsInstalled, startPowerDns } from '../../test/powerdns';
import { dnsHostedZones } from '../db/schema';
import { PowerDnsDriver } from '../dns/powerdns';
import { createCommunity, createUser } from '../seed/factories';
import { nameServerCheckJob } from './zones';

const NS = 'ns1.mutirao-teste.org,ns2.mutirao-teste.org';

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
    await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/pendente.org.`, {
      method: 'PATCH',
      headers: { 'x-api-key': pdns.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        rrsets: [
          {
            name: 'pendente.org.',
            type: 'NS',
            ttl: 60,
            changetype: 'REPLACE',
            records: NS.split(',').map((ns) => ({ content: `${ns}.`, disabled: false })),
          },
        ],
      }),
    });
    await nameServerCheckJob(server.ctx.db, server.ctx.dns).handle({});
    const [after] = await server.ctx.db
      .select()
      .from(dnsHostedZones)
      .where(eq(dnsHostedZones.id, zone?.id ?? 0));
    expect(after).toMatchObject({ nsOk: true, status: 'propagated' });
  });
});
