import { type DnsRecordValues, recordInZone, recordLines } from '@mutirao/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { certificates, type DnsHostedZone, type DnsRecord, dnsHostedZones, dnsRecords } from '../db/schema';
import type { Dns } from '../dns/dns';
import { DnsError, type RecordSet, type ZoneRef } from '../dns/driver';
import { nameServersPointAtUs, wwwPointsAtUs } from '../dns/nameservers';
import { AppError, notFound } from '../http/errors';
import { defineJob } from '../jobs/queue';

/** A zone of the community, or the 404 a missing one gets (a zone of another community is missing too). */
export async function findZone(db: Db | Tx, communityId: number, zoneId: number): Promise<DnsHostedZone> {
  const [zone] = await db
    .select()
    .from(dnsHostedZones)
    .where(and(eq(dnsHostedZones.id, zoneId), eq(dnsHostedZones.communityId, communityId)))
    .limit(1);
  if (!zone) throw notFound();
  return zone;
}

export const zoneRef = (zone: DnsHostedZone): ZoneRef => ({ domainName: zone.domainName, hostedZone: zone.hostedZone });

/** A provider refusal names the field the organiser can fix; a provider that failed is a 502, nothing saved. */
export function providerError(error: unknown, field: string): never {
  if (error instanceof DnsError && error.status >= 400 && error.status < 500)
    throw new AppError('unprocessable', {
      [field]: [`domains.providerFailed?detail=${encodeURIComponent(error.detail)}`],
    });
  if (error instanceof DnsError) throw new AppError('bad_gateway', undefined, 'domains.providerDown');
  throw error;
}

/**
 * Registers a domain: the provider's zone first (a refusal saves nothing), then the row. A domain belongs to one
 * community; a second registration is refused before the provider is asked, and the unique index settles a race
 * (the zone just made is then removed again).
 */
export async function createZone(ctx: AppContext, communityId: number, domainName: string, external: boolean) {
  const taken = await ctx.db
    .select({ id: dnsHostedZones.id })
    .from(dnsHostedZones)
    .where(sql`lower(${dnsHostedZones.domainName}) = ${domainName}`)
    .limit(1);
  if (taken.length) throw new AppError('unprocessable', { domain_name: ['domains.domainTaken'] });
  // An external domain stays at its own DNS provider: the owner points its records at us, no zone is made.
  const created = external
    ? undefined
    : await ctx.dns.driver.createZone(domainName).catch((e) => providerError(e, 'domain_name'));
  try {
    const [zone] = await ctx.db
      .insert(dnsHostedZones)
      .values({
        communityId,
        domainName,
        isExternalDomain: external,
        hostedZone: created?.hostedZone ?? null,
        delegationSet: created?.delegationSet ?? null,
        delegationSetServers: created?.nameServers ?? null,
      })
      .returning();
    return zone as DnsHostedZone;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (created) await ctx.dns.driver.deleteZone({ domainName, hostedZone: created.hostedZone }).catch(() => {});
    throw new AppError('unprocessable', { domain_name: ['domains.domainTaken'] });
  }
}

/** Removes the zone at the provider, then its row with its records and certificates (foreign keys cascade). */
export async function deleteZone(ctx: AppContext, zone: DnsHostedZone) {
  if (!zone.isExternalDomain)
    await ctx.dns.driver.deleteZone(zoneRef(zone)).catch((e) => providerError(e, 'domain_name'));
  await ctx.db.delete(dnsHostedZones).where(eq(dnsHostedZones.id, zone.id));
}

export const recordsOf = (db: Db, zoneId: number) =>
  db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.dnsHostedZoneId, zoneId))
    .orderBy(asc(dnsRecords.name), asc(dnsRecords.recordType), asc(dnsRecords.id))
    .limit(500);

const recordSet = (r: { name: string; recordType: string; ttl: number; value: string }): RecordSet => ({
  name: r.name,
  type: r.recordType as RecordSet['type'],
  ttl: r.ttl,
  values: recordLines(r.value),
});

/** Adds a record set to the zone: inside the zone, one per name and type, at the provider first. */
export async function addRecord(ctx: AppContext, zone: DnsHostedZone, input: DnsRecordValues) {
  if (!recordInZone(input.name, zone.domainName))
    throw new AppError('unprocessable', {
      name: [`domains.recordNameOutside?zone=${encodeURIComponent(zone.domainName)}`],
    });
  const [existing] = await ctx.db
    .select({ id: dnsRecords.id })
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.dnsHostedZoneId, zone.id),
        sql`lower(${dnsRecords.name}) = ${input.name}`,
        eq(dnsRecords.recordType, input.record_type),
      ),
    )
    .limit(1);
  if (existing) throw new AppError('unprocessable', { name: ['domains.recordTaken'] });
  const values = { name: input.name, recordType: input.record_type, value: input.value, ttl: input.ttl };
  if (!zone.isExternalDomain)
    await ctx.dns.driver.upsertRecord(zoneRef(zone), recordSet(values)).catch((e) => providerError(e, 'value'));
  try {
    const [row] = await ctx.db
      .insert(dnsRecords)
      .values({ dnsHostedZoneId: zone.id, ...values })
      .returning();
    return row as DnsRecord;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('unprocessable', { name: ['domains.recordTaken'] });
    throw error;
  }
}

export async function deleteRecord(ctx: AppContext, zone: DnsHostedZone, recordId: number) {
  const [record] = await ctx.db
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.id, recordId), eq(dnsRecords.dnsHostedZoneId, zone.id)))
    .limit(1);
  if (!record) throw notFound();
  if (!zone.isExternalDomain)
    await ctx.dns.driver.deleteRecord(zoneRef(zone), recordSet(record)).catch((e) => providerError(e, 'value'));
  await ctx.db.delete(dnsRecords).where(eq(dnsRecords.id, record.id));
}

/**
 * The name-server check (spec 01 §4 domain wizard step 3): asks the world, through the configured resolver, whether
 * the domain now points at our name servers, and records the answer ('DNS active' once it does). An external domain
 * keeps its own name servers, so for it the question is whether its www record now points at PUBLIC_HOST.
 */
export async function checkZone(db: Db, dns: Dns, zone: DnsHostedZone): Promise<DnsHostedZone> {
  if (zone.nsOk) return zone;
  const ok = zone.isExternalDomain
    ? await wwwPointsAtUs(zone.domainName, dns.publicHost, dns.resolvers)
    : await nameServersPointAtUs(zone.domainName, zone.delegationSetServers ?? [], dns.resolvers);
  if (!ok) return zone;
  const [updated] = await db
    .update(dnsHostedZones)
    .set({ nsOk: true, status: 'propagated', updatedAt: new Date() })
    .where(eq(dnsHostedZones.id, zone.id))
    .returning();
  return updated ?? zone;
}

export const certificatesOf = (db: Db, zoneIds: number[]) =>
  zoneIds.length
    ? db.select().from(certificates).where(sql`${certificates.dnsHostedZoneId} in ${zoneIds}`)
    : Promise.resolve([]);

/** How long a registrar change may take to show (spec 01 §9: up to 48 hours); the job stops asking after that. */
const NS_CHECK_HOURS = 48;

/**
 * Every ten minutes, the zones still waiting for their name servers are asked about again, so the list turns to
 * 'DNS active' without the organiser pressing anything. Lookups happen here and in the wizard's check, never while
 * a page is rendered.
 */
export function nameServerCheckJob(db: Db, dns: Dns) {
  return defineJob({
    name: 'dns-name-server-check',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '*/10 * * * *',
    handle: async () => {
      const waiting = await db
        .select()
        .from(dnsHostedZones)
        .where(
          and(
            eq(dnsHostedZones.nsOk, false),
            sql`${dnsHostedZones.createdAt} > now() - make_interval(hours => ${NS_CHECK_HOURS})`,
          ),
        )
        .orderBy(asc(dnsHostedZones.createdAt))
        .limit(100);
      for (const zone of waiting) await checkZone(db, dns, zone);
    },
  });
}
