import { withoutWww } from './schemas/domains';

/** Where the admin app is served (APP_URL) and the host public pages hang from (PUBLIC_HOST). */
export interface PageAddressConfig {
  /** The admin's own address: its scheme and port are the public pages' too. */
  appUrl: string;
  /** Pages without a custom domain are `{slug}.{publicHost}`; the admin's host name when unset. */
  publicHost?: string | null;
}

/**
 * A public page's address, the one the server puts in canonical and og:url and every admin screen links to: the
 * custom domain as stored (`storedCustomDomain`), or `{slug}.{PUBLIC_HOST}`, with APP_URL's scheme and port. Built
 * from configuration only, never from a request's Host.
 */
export function publicPageUrl(
  config: PageAddressConfig,
  page: { slug: string; custom_domain?: string | null },
): string {
  const app = new URL(config.appUrl);
  const host = page.custom_domain?.trim() || `${page.slug}.${config.publicHost || app.hostname}`;
  return `${app.protocol}//${host.toLowerCase()}${app.port ? `:${app.port}` : ''}/`;
}

/** The address as people read it: no scheme, no 'www.' (spec 01 §9 shows custom domains without it), no last slash. */
export function displayPageUrl(url: string): string {
  const { host, pathname } = new URL(url);
  return `${withoutWww(host)}${pathname === '/' ? '' : pathname}`;
}
