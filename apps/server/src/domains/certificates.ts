import { type Actor, normalizeDomain, withoutWww, zoneOf } from '@mutirao/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import type { Db, Tx } from '../db/client';
import { certificates, dnsHostedZones, mobilizations } from '../db/schema';
import { AppError } from '../http/errors';

export type RouterOperation = 'append' | 'remove';

/** At most this many hosts per call: a page's bare and www host, with room for a few pages at once. */
export const ROUTER_HOSTS_MAX = 20;

const hostsIn = (hosts: string[]): SQL => sql`lower(${certificates.domain}) in ${hosts}`;

/**
 * `router_add_operation` (spec 01 §7): the allow-list of hosts that may get a certificate, which Caddy's on-demand
 * TLS asks about before issuing one. A host may be appended only inside a zone of a community the actor works in
 * (so nobody can get certificates issued for a domain that is not theirs), and removed only from those communities.
 * Answers the hosts now allowed.
 */
export async function routerOperation(
  db: Db | Tx,
  actor: Actor,
  rawHosts: (string | null)[],
  operation: RouterOperation,
) {
  const hosts = [...new Set(rawHosts.flatMap((h) => (h ? [normalizeDomain(h)] : [])).filter(Boolean))];
  if (!hosts.length || hosts.length > ROUTER_HOSTS_MAX)
    throw new AppError('unprocessable', { domains: ['domains.customDomainInvalid'] });
  const zones = await db
    .select({ id: dnsHostedZones.id, domain_name: dnsHostedZones.domainName, communityId: dnsHostedZones.communityId })
    .from(dnsHostedZones)
    .where(workableCommunityFilter(actor, dnsHostedZones.communityId));
  if (operation === 'remove') {
    const communities = [...new Set(zones.map((z) => z.communityId))];
    if (communities.length)
      await db
        .update(certificates)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(hostsIn(hosts), sql`${certificates.communityId} in ${communities}`));
    return [];
  }
  const rows = hosts.map((domain) => {
    const zone = zoneOf(domain, zones);
    if (!zone) throw new AppError('unprocessable', { domains: ['domains.customDomainNotInCommunity'] });
    return { domain, communityId: zone.communityId, dnsHostedZoneId: zone.id };
  });
  for (const row of rows) {
    // The page that holds (or is about to hold) this host, when there is one already.
    const [page] = await db
      .select({ id: mobilizations.id })
      .from(mobilizations)
      .where(
        and(
          eq(mobilizations.communityId, row.communityId),
          sql`lower(${mobilizations.customDomain}) in ${[withoutWww(row.domain), `www.${withoutWww(row.domain)}`]}`,
        ),
      )
      .limit(1);
    // The unique index is on lower(domain): the conflict target names that expression.
    await db.execute(sql`
      insert into certificates (community_id, dns_hosted_zone_id, mobilization_id, domain, is_active, ssl_status)
      values (${row.communityId}, ${row.dnsHostedZoneId}, ${page?.id ?? null}, ${row.domain}, true, 'checking')
      on conflict ((lower(domain))) do update set
        is_active = true, community_id = excluded.community_id, dns_hosted_zone_id = excluded.dns_hosted_zone_id,
        mobilization_id = excluded.mobilization_id, ssl_status = 'checking', ssl_checked_at = null, updated_at = now()`);
  }
  return hosts;
}

/** Caddy's question before issuing: is this host on the allow-list? Nothing else is told. */
export async function hostAllowed(db: Db, host: string): Promise<boolean> {
  const name = normalizeDomain(host);
  if (!name) return false;
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(sql`lower(${certificates.domain}) = ${name}`, eq(certificates.isActive, true)))
    .limit(1);
  return !!row;
}
