import { withoutWww, zoneOf } from '@mutirao/core';
import { hostsOf } from '../customDomainApi';
import { certificatesFor, type HostedZone } from '../domainsApi';

/**
 * Where a page on a custom domain stands, as far as a visitor is concerned: its zone still waits for the name
 * servers (or, for an external domain, its www record) to change; the DNS is right but the host's certificate is not
 * 'OK' yet; or it is live.
 */
export type PageState = 'dns' | 'certificate' | 'live';

export interface PageStanding {
  state: PageState;
  /** The community's zone the domain sits in. */
  zone: HostedZone | undefined;
}

/** The standing of a page whose custom domain is `domain` (as stored), from the community's zones. */
export function pageStanding(zones: readonly HostedZone[], domain: string): PageStanding {
  const zone = zoneOf(withoutWww(domain), zones);
  const own = certificatesFor(zones, hostsOf(domain)).find((c) => c.domain.toLowerCase() === domain.toLowerCase());
  const state: PageState = !zone?.ns_ok ? 'dns' : own?.ssl_status === 'ok' ? 'live' : 'certificate';
  return { state, zone };
}
