import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PowerDns, powerDnsInstalled, startPowerDns } from '../../test/powerdns';
import { DnsError } from './driver';
import { nameServersPointAtUs } from './nameservers';
import { PowerDnsDriver } from './powerdns';

// CI installs pdns-server; a developer machine without it skips, saying so.
if (!powerDnsInstalled && process.env.REQUIRE_ALL_SUITES)
  throw new Error('pdns-server and pdns-backend-sqlite3 are required in CI');
const NS = ['ns1.mutirao-teste.org', 'ns2.mutirao-teste.org'];

describe.skipIf(!powerDnsInstalled)('PowerDNS driver against a real pdns_server', () => {
  let pdns: PowerDns;
  let driver: PowerDnsDriver;
  let resolver: Resolver;
  beforeAll(async () => {
    pdns = await startPowerDns();
    driver = new PowerDnsDriver(pdns.apiUrl, pdns.apiKey, NS);
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([pdns.resolver]);
  });
  afterAll(() => pdns?.close());

  it('creates a zone that answers with our name servers, and records that resolve', async () => {
    const created = await driver.createZone('campanha-real.org');
    expect(created.nameServers).toEqual(NS);
    const zone = { domainName: 'campanha-real.org', hostedZone: created.hostedZone };
    expect((await resolver.resolveNs('campanha-real.org')).sort()).toEqual(NS);
    expect(await nameServersPointAtUs('campanha-real.org', NS, [pdns.resolver])).toBe(true);
    expect(await nameServersPointAtUs('campanha-real.org', ['ns9.outro.net'], [pdns.resolver])).toBe(false);

    await driver.upsertRecord(zone, { name: 'campanha-real.org', type: 'A', ttl: 300, values: ['203.0.113.7'] });
    await driver.upsertRecord(zone, {
      name: 'www.campanha-real.org',
      type: 'CNAME',
      ttl: 300,
      values: ['campanha-real.org'],
    });
    await driver.upsertRecord(zone, {
      name: 'campanha-real.org',
      type: 'MX',
      ttl: 300,
      values: ['10 mx1.provedor.net', '20 mx2.provedor.net'],
    });
    await driver.upsertRecord(zone, {
      name: 'campanha-real.org',
      type: 'TXT',
      ttl: 300,
      values: ['v=spf1 "quoted" -all'],
    });
    expect(await resolver.resolve4('campanha-real.org')).toEqual(['203.0.113.7']);
    expect(await resolver.resolveCname('www.campanha-real.org')).toEqual(['campanha-real.org']);
    expect((await resolver.resolveMx('campanha-real.org')).sort((a, b) => a.priority - b.priority)).toEqual([
      { priority: 10, exchange: 'mx1.provedor.net' },
      { priority: 20, exchange: 'mx2.provedor.net' },
    ]);
    expect(await resolver.resolveTxt('campanha-real.org')).toEqual([['v=spf1 "quoted" -all']]);

    // Replacing a record set changes its values; deleting it removes it from DNS.
    await driver.upsertRecord(zone, { name: 'campanha-real.org', type: 'A', ttl: 300, values: ['203.0.113.8'] });
    expect(await resolver.resolve4('campanha-real.org')).toEqual(['203.0.113.8']);
    await driver.deleteRecord(zone, { name: 'campanha-real.org', type: 'A', ttl: 300, values: ['203.0.113.8'] });
    await expect(resolver.resolve4('campanha-real.org')).rejects.toMatchObject({ code: 'ENODATA' });

    await driver.deleteZone(zone);
    await expect(resolver.resolveNs('campanha-real.org')).rejects.toBeTruthy();
  });

  it('turns refusals into DnsError with the server’s own words', async () => {
    await driver.createZone('duas-vezes.org');
    const again = await driver.createZone('duas-vezes.org').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DnsError);
    expect((again as DnsError).status).toBe(409);
    const wrongKey = new PowerDnsDriver(pdns.apiUrl, 'wrong', NS);
    expect(((await wrongKey.createZone('x.org').catch((e: unknown) => e)) as DnsError).status).toBe(401);
    const down = new PowerDnsDriver('http://127.0.0.1:9', pdns.apiKey, NS);
    expect(((await down.createZone('x.org').catch((e: unknown) => e)) as DnsError).status).toBe(0);
  });
});
