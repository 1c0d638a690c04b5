import { describe, expect, it } from 'vitest';
import type { Certificate, HostedZone } from '../domainsApi';
import { pageStanding } from './pageState';

const zone = (nsOk: boolean, certificates: Partial<Certificate>[] = []): HostedZone => ({
  id: 1,
  community_id: 1,
  domain_name: 'moradia.org',
  status: nsOk ? 'propagated' : 'created',
  ns_ok: nsOk,
  is_external_domain: false,
  delegation_set_servers: [],
  www_target: null,
  certificates: certificates.map((c, i) => ({
    id: i + 1,
    domain: '',
    is_active: true,
    dns_hosted_zone_id: 1,
    mobilization_id: null,
    ssl_status: 'checking',
    ssl_checked_at: null,
    ...c,
  })),
});

describe('what is true of a page on its custom domain', () => {
  it('waits for the name servers, then for the certificate of its own host, then is live', () => {
    expect(pageStanding([zone(false)], 'centro.moradia.org').state).toBe('dns');
    expect(pageStanding([], 'centro.moradia.org')).toEqual({ state: 'dns', zone: undefined });
    const hosts = (own: 'ok' | 'checking') => [
      { domain: 'centro.moradia.org', ssl_status: own },
      { domain: 'www.centro.moradia.org', ssl_status: 'failed' as const },
    ];
    expect(pageStanding([zone(true, hosts('checking'))], 'centro.moradia.org').state).toBe('certificate');
    // The host the page's address uses decides; the other one (never linked to) does not hold it back.
    const live = pageStanding([zone(true, hosts('ok'))], 'centro.moradia.org');
    expect(live.state).toBe('live');
    expect(live.zone?.domain_name).toBe('moradia.org');
  });
});
