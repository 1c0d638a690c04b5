import type { DnsRecordType } from '@mutirao/core';

/**
 * The DNS service behind one interface (ARCHITECTURE.md "Outside services"): the sandbox by default, Route 53 or
 * PowerDNS (for self-hosters) by DNS_DRIVER. A community's domain becomes a hosted zone at the provider; the
 * provider's answer is stored on the zone row (`hosted_zone`, `delegation_set`) and handed back on later calls.
 */

/** What the provider said when it made the zone; `nameServers` are what the owner sets at the registrar. */
export interface CreatedZone {
  hostedZone: Record<string, unknown>;
  delegationSet: Record<string, unknown>;
  nameServers: string[];
}

/** A zone as stored: its name and the provider's own description of it. */
export interface ZoneRef {
  domainName: string;
  hostedZone: Record<string, unknown> | null;
}

/** One record set: a name and type with one or more values (spec 01 §3: multi-line for NS and MX). */
export interface RecordSet {
  name: string;
  type: DnsRecordType;
  ttl: number;
  values: string[];
}

export interface DnsDriver {
  readonly name: 'sandbox' | 'powerdns' | 'route53';
  createZone(domainName: string): Promise<CreatedZone>;
  /** Removes the zone and every record in it. */
  deleteZone(zone: ZoneRef): Promise<void>;
  /** Creates the record set, or replaces the one of the same name and type. */
  upsertRecord(zone: ZoneRef, record: RecordSet): Promise<void>;
  deleteRecord(zone: ZoneRef, record: RecordSet): Promise<void>;
}

/** The provider refused (`status` 4xx, with its own words in `detail`) or failed (5xx, or 0 when unreachable). */
export class DnsError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`DNS provider: ${status} ${detail}`);
  }
}

/** 'example.org' → 'example.org.': the fully qualified form providers speak. */
export const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);
export const unqualified = (name: string) => name.replace(/\.$/, '').toLowerCase();

/** A TXT or SPF value as zone files and providers carry it: in double quotes, with quotes and backslashes escaped. */
export const quotedText = (type: string, value: string) =>
  (type === 'TXT' || type === 'SPF') && !value.startsWith('"') ? `"${value.replace(/(["\\])/g, '\\$1')}"` : value;
