import type { Certificate, DnsHostedZone, DnsRecord } from '../db/schema';

export const presentCertificate = (c: Certificate) => ({
  id: c.id,
  domain: c.domain,
  is_active: c.isActive,
  dns_hosted_zone_id: c.dnsHostedZoneId,
  mobilization_id: c.mobilizationId,
  ssl_status: c.sslStatus,
  ssl_checked_at: c.sslCheckedAt?.toISOString() ?? null,
});

/**
 * spec 01 §3 "DNS hosted zone", with its certificates. An external domain also carries the host its www record must
 * point at (PUBLIC_HOST), for the wizard's instructions.
 */
export const presentZone = (zone: DnsHostedZone, certs: Certificate[], publicHost: string | undefined) => ({
  id: zone.id,
  community_id: zone.communityId,
  domain_name: zone.domainName,
  status: zone.status,
  ns_ok: zone.nsOk,
  is_external_domain: zone.isExternalDomain,
  hosted_zone: zone.hostedZone,
  delegation_set: zone.delegationSet,
  delegation_set_servers: zone.delegationSetServers ?? [],
  www_target: zone.isExternalDomain ? (publicHost ?? null) : null,
  certificates: certs.filter((c) => c.dnsHostedZoneId === zone.id).map(presentCertificate),
  created_at: zone.createdAt.toISOString(),
  updated_at: zone.updatedAt.toISOString(),
});

/** spec 01 §3 "DNS record": the value keeps one line per value (NS, MX). */
export const presentRecord = (r: DnsRecord) => ({
  id: r.id,
  dns_hosted_zone_id: r.dnsHostedZoneId,
  name: r.name,
  record_type: r.recordType,
  value: r.value,
  ttl: r.ttl,
  created_at: r.createdAt.toISOString(),
});
