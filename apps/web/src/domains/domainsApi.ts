import type { DnsHostedZoneInput, DnsRecordInput, DnsRecordType } from '@mutirao/core';
import { api } from '../api/client';

export type SslStatus = 'checking' | 'ok' | 'failed';

/** A host on the TLS allow-list and what the minute check last found (spec 01 §4 SSL check). */
export interface Certificate {
  id: number;
  domain: string;
  is_active: boolean;
  dns_hosted_zone_id: number;
  mobilization_id: number | null;
  ssl_status: SslStatus | null;
  ssl_checked_at: string | null;
}

/** spec 01 §3 "DNS hosted zone", as `GET /api/communities/{id}/dns_hosted_zones` answers it. */
export interface HostedZone {
  id: number;
  community_id: number;
  domain_name: string;
  status: string;
  ns_ok: boolean;
  is_external_domain: boolean;
  delegation_set_servers: string[];
  /** An external domain's www record must be a CNAME to this host (PUBLIC_HOST). */
  www_target: string | null;
  certificates: Certificate[];
}

export interface DnsRecord {
  id: number;
  dns_hosted_zone_id: number;
  name: string;
  record_type: DnsRecordType;
  /** One value per line (NS, MX and the other multi-value types). */
  value: string;
  ttl: number;
}

const zonesPath = (communityId: number) => `/api/communities/${communityId}/dns_hosted_zones`;

export const zonesKey = (communityId: number) => ['communities', communityId, 'dns_hosted_zones'] as const;
export const recordsKey = (communityId: number, zoneId: number) =>
  [...zonesKey(communityId), zoneId, 'records'] as const;

export const fetchZones = (communityId: number) => api<HostedZone[]>(zonesPath(communityId));

export const createZone = (communityId: number, zone: DnsHostedZoneInput) =>
  api<HostedZone>(zonesPath(communityId), { method: 'POST', body: { dns_hosted_zone: zone } });

export const deleteZone = (communityId: number, zoneId: number) =>
  api<void>(`${zonesPath(communityId)}/${zoneId}`, { method: 'DELETE' });

/**
 * Step 3 of the wizard: the server looks the name servers up (an external domain: its www record) and answers the
 * zone with a catalogue key.
 */
export const checkZone = (communityId: number, zoneId: number) =>
  api<HostedZone & { message: 'domains.nsOk' | 'domains.nsPending' | 'domains.wwwOk' | 'domains.wwwPending' }>(
    `${zonesPath(communityId)}/${zoneId}/check`,
  );

export const fetchRecords = (communityId: number, zoneId: number) =>
  api<DnsRecord[]>(`${zonesPath(communityId)}/${zoneId}/dns_records`);

export const createRecord = (communityId: number, zoneId: number, record: DnsRecordInput) =>
  api<DnsRecord>(`${zonesPath(communityId)}/${zoneId}/dns_records`, { method: 'POST', body: { dns_record: record } });

export const deleteRecord = (communityId: number, zoneId: number, recordId: number) =>
  api<void>(`${zonesPath(communityId)}/${zoneId}/dns_records/${recordId}`, { method: 'DELETE' });

/** The certificates of a zone list that cover these hosts. */
export function certificatesFor(zones: readonly HostedZone[] | undefined, hosts: readonly string[]) {
  const wanted = new Set(hosts.map((h) => h.toLowerCase()));
  return (zones ?? []).flatMap((z) => z.certificates).filter((c) => c.is_active && wanted.has(c.domain.toLowerCase()));
}

/** spec 01 §9: a check that has not passed is tried again every 60 s, so the screen asks again at that pace. */
export const SSL_POLL_MS = 60_000;
export const sslPending = (certs: readonly Certificate[]) => certs.some((c) => c.ssl_status !== 'ok');
