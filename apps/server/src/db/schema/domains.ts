import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { mobilizations } from './mobilizations';

/** 'created' (waiting for the DNS change) → 'propagated' (DNS active, ns_ok). */
export type DnsHostedZoneStatus = 'created' | 'propagating' | 'propagated';

/** A domain registered in a community, with its Route 53 (or sandbox) hosted zone. */
export const dnsHostedZones = pgTable(
  'dns_hosted_zones',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
    status: text('status').$type<DnsHostedZoneStatus>().notNull().default('created'),
    /** True once the registrar points at delegation_set_servers. */
    nsOk: boolean('ns_ok').notNull().default(false),
    /** Managed elsewhere: no hosted zone of ours, the owner points records at us. */
    isExternalDomain: boolean('is_external_domain').notNull().default(false),
    /** Provider hosted-zone object (Id, Name, CallerReference…). */
    hostedZone: jsonb('hosted_zone').$type<Record<string, unknown>>(),
    /** Provider delegation-set object. */
    delegationSet: jsonb('delegation_set').$type<Record<string, unknown>>(),
    /** The name servers the owner must set at the registrar. */
    delegationSetServers: jsonb('delegation_set_servers').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dns_hosted_zones_domain_name_lower_idx').on(sql`lower(${t.domainName})`),
    index('dns_hosted_zones_community_idx').on(t.communityId),
  ],
);

/** A record set: one row per name and type, several values on separate lines of value (NS, MX). */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: serial('id').primaryKey(),
    dnsHostedZoneId: integer('dns_hosted_zone_id')
      .notNull()
      .references(() => dnsHostedZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A, AAAA, CNAME, MX, NAPTR, NS, PTR, SOA, SPF, SRV, TXT */
    recordType: text('record_type').notNull(),
    value: text('value').notNull(),
    ttl: integer('ttl').notNull().default(3600),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dns_records_dns_hosted_zone_name_lower_record_type_idx').on(
      t.dnsHostedZoneId,
      sql`lower(${t.name})`,
      t.recordType,
    ),
  ],
);

/** 'checking' (Verificando) | 'ok' | 'failed' (Falhou). */
export type SslStatus = 'checking' | 'ok' | 'failed';

/**
 * A host served over TLS. is_active rows are the allow-list Caddy's on-demand TLS asks about
 * (router_add_operation append sets it, remove clears it); ssl_* hold the last check.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    dnsHostedZoneId: integer('dns_hosted_zone_id').references(() => dnsHostedZones.id, { onDelete: 'cascade' }),
    mobilizationId: integer('mobilization_id').references(() => mobilizations.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    sslStatus: text('ssl_status').$type<SslStatus>(),
    sslCheckedAt: timestamp('ssl_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_domain_lower_idx').on(sql`lower(${t.domain})`),
    index('certificates_community_idx').on(t.communityId),
    index('certificates_dns_hosted_zone_idx').on(t.dnsHostedZoneId),
    index('certificates_mobilization_idx').on(t.mobilizationId),
  ],
);

export type DnsHostedZone = typeof dnsHostedZones.$inferSelect;
export type DnsRecord = typeof dnsRecords.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
