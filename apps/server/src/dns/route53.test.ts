import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Route53Double, startRoute53Double } from '../../test/route53';
import { DnsError } from './driver';
import { Route53DnsDriver } from './route53';

const KEY = 'AKIAMUTIRAOTEST00001';

describe('Route 53 driver (AWS client) against a loopback double of the Route 53 API', () => {
  let aws: Route53Double;
  let driver: Route53DnsDriver;
  beforeAll(async () => {
    aws = await startRoute53Double(KEY);
    driver = new Route53DnsDriver({ accessKeyId: KEY, secretAccessKey: 'secret', endpoint: aws.url });
  });
  afterAll(() => aws.close());

  it('creates a zone, changes record sets, and deletes the zone with what is left in it', async () => {
    const created = await driver.createZone('campanha53.org');
    expect(created.nameServers).toHaveLength(4);
    expect(created.hostedZone.Id).toMatch(/^\/hostedzone\/Z/);
    const zone = { domainName: 'campanha53.org', hostedZone: created.hostedZone };
    const stored = [...aws.zones.values()][0];

    await driver.upsertRecord(zone, {
      name: 'campanha53.org',
      type: 'MX',
      ttl: 300,
      values: ['10 mx1.provedor.net', '20 mx2.provedor.net'],
    });
    await driver.upsertRecord(zone, { name: 'campanha53.org', type: 'TXT', ttl: 300, values: ['v=spf1 "x" -all'] });
    await driver.upsertRecord(zone, {
      name: 'www.campanha53.org',
      type: 'CNAME',
      ttl: 300,
      values: ['campanha53.org'],
    });
    expect(stored?.sets.find((s) => s.Type === 'MX')?.Values).toEqual(['10 mx1.provedor.net', '20 mx2.provedor.net']);
    expect(stored?.sets.find((s) => s.Type === 'TXT')?.Values).toEqual(['"v=spf1 \\"x\\" -all"']);

    await driver.deleteRecord(zone, {
      name: 'www.campanha53.org',
      type: 'CNAME',
      ttl: 300,
      values: ['campanha53.org'],
    });
    expect(stored?.sets.some((s) => s.Type === 'CNAME')).toBe(false);

    // Route 53 refuses to delete a zone with records: the driver empties it first.
    await driver.deleteZone(zone);
    expect(aws.zones.size).toBe(0);
    expect(aws.calls.slice(-3).map((c) => c.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('deletes a zone with more record sets than one page, and more records than one change batch', async () => {
    const created = await driver.createZone('grande53.org');
    const zone = { domainName: 'grande53.org', hostedZone: created.hostedZone };
    const stored = [...aws.zones.values()].find((z) => z.name === 'grande53.org.');
    // 650 sets of two addresses each, besides the zone's own NS and SOA: three pages to list, 1,300 records to delete.
    for (let i = 0; i < 650; i++)
      stored?.sets.push({ Name: `h${i}.grande53.org.`, Type: 'A', TTL: '300', Values: ['192.0.2.1', '192.0.2.2'] });
    const before = aws.calls.length;
    await driver.deleteZone(zone);
    expect(aws.zones.has(stored?.id ?? '')).toBe(false);
    expect(aws.calls.slice(before).map((c) => c.split(' ')[0])).toEqual([
      'GET',
      'GET',
      'GET',
      'POST',
      'POST',
      'DELETE',
    ]);
  });

  it('retries throttled calls, and reports refusals and an unreachable service as DnsError', async () => {
    aws.throttle(2);
    const created = await driver.createZone('limitada.org');
    expect(created.nameServers).toHaveLength(4);
    const again = await driver.createZone('limitada.org').catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409, detail: expect.stringContaining('HostedZoneAlreadyExists') });
    const zone = { domainName: 'limitada.org', hostedZone: created.hostedZone };
    const missing = await driver
      .deleteRecord(zone, { name: 'nada.limitada.org', type: 'A', ttl: 300, values: ['1.1.1.1'] })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 400, detail: expect.stringContaining('InvalidChangeBatch') });
    const wrongKey = new Route53DnsDriver({ accessKeyId: 'AKIAOTHER', secretAccessKey: 'x', endpoint: aws.url });
    expect(await wrongKey.createZone('x.org').catch((e: unknown) => e)).toMatchObject({ status: 403 });
    const down = new Route53DnsDriver({ accessKeyId: KEY, secretAccessKey: 'x', endpoint: 'http://127.0.0.1:9' });
    const unreachable = await down.createZone('x.org').catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(DnsError);
    expect((unreachable as DnsError).status).toBe(0);
  });
});
