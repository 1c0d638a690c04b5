import { describe, expect, it } from 'vitest';
import { hostsOf } from './customDomainApi';
import { type Certificate, certificatesFor, type HostedZone, sslPending } from './domainsApi';
import { domainSuggestions } from './suggestions';

const cert = (id: number, domain: string, ssl_status: Certificate['ssl_status'], is_active = true): Certificate => ({
  id,
  domain,
  is_active,
  dns_hosted_zone_id: 1,
  mobilization_id: 1,
  ssl_status,
  ssl_checked_at: null,
});

const zone = (domain_name: string, certificates: Certificate[] = []): HostedZone => ({
  id: 1,
  community_id: 1,
  domain_name,
  status: 'created',
  ns_ok: false,
  is_external_domain: false,
  delegation_set_servers: [],
  www_target: null,
  certificates,
});

describe('a page’s hosts', () => {
  it('are the bare and the www host, whatever form the domain was given in', () => {
    for (const given of ['www.tarifazero.org', 'tarifazero.org', 'HTTPS://WWW.TarifaZero.org/'])
      expect(hostsOf(given), given).toEqual(['tarifazero.org', 'www.tarifazero.org']);
  });

  it('take their SSL state from the active certificates of those hosts only', () => {
    const zones = [
      zone('tarifazero.org', [
        cert(1, 'tarifazero.org', 'ok'),
        cert(2, 'www.tarifazero.org', 'failed'),
        cert(3, 'outra.tarifazero.org', 'checking'),
        cert(4, 'velha.tarifazero.org', 'checking', false),
      ]),
    ];
    const mine = certificatesFor(zones, hostsOf('tarifazero.org'));
    expect(mine.map((c) => c.id)).toEqual([1, 2]);
    expect(sslPending(mine)).toBe(true);
    expect(sslPending(mine.slice(0, 1))).toBe(false);
    expect(certificatesFor(zones, hostsOf('velha.tarifazero.org'))).toEqual([]);
  });
});

describe('domain suggestions', () => {
  it('offer the zones, and a typed name under each zone', () => {
    const zones = [zone('tarifazero.org'), zone('moradia.org')];
    expect(domainSuggestions('', zones)).toEqual(['tarifazero.org', 'moradia.org']);
    expect(domainSuggestions(' Onibus ', zones)).toEqual([
      'onibus.tarifazero.org',
      'onibus.moradia.org',
      'tarifazero.org',
      'moradia.org',
    ]);
    expect(domainSuggestions('onibus.tarifazero.org', zones)).toEqual(['tarifazero.org', 'moradia.org']);
  });
});
