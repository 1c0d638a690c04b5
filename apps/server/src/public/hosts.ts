import { isIP } from 'node:net';

/** Which public page a request's host names, if any; public pages are chosen by host, never by path. */
export type PublicSite = { by: 'slug'; slug: string } | { by: 'domain'; domain: string };

export interface HostRules {
  /** `{slug}.{publicHost}` serves the page with that slug. */
  publicHost?: string;
  /** The admin app's own host (from APP_URL); never a public page. */
  adminHost?: string;
}

const SLUG_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The host name of a Host header: lower case, without port or trailing dot. */
export function hostnameOf(hostHeader: string | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  const bare = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.replace(/:\d+$/, '');
  return bare.replace(/\.$/, '');
}

/**
 * The admin host, loopback names and IP addresses are the admin app. A single label in front of the public host
 * is a slug. Any other name may be a custom domain; whether one is stored is for the caller to find out.
 */
export function publicSiteOf(hostHeader: string | undefined, rules: HostRules): PublicSite | undefined {
  const host = hostnameOf(hostHeader);
  if (!host || host === rules.adminHost || host === 'localhost' || isIP(host.replace(/^\[|\]$/g, ''))) return undefined;
  if (rules.publicHost) {
    if (host === rules.publicHost || host === `www.${rules.publicHost}`) return undefined;
    if (host.endsWith(`.${rules.publicHost}`)) {
      const label = host.slice(0, -rules.publicHost.length - 1);
      return SLUG_LABEL.test(label) ? { by: 'slug', slug: label } : undefined;
    }
  }
  return host.includes('.') ? { by: 'domain', domain: host } : undefined;
}
