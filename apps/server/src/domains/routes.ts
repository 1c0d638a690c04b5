import { type Actor, dnsHostedZoneSchema, dnsRecordSchema, policies } from '@mutirao/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findCommunityFor } from '../communities/service';
import type { AppContext } from '../context';
import { dnsHostedZones } from '../db/schema';
import { AppError } from '../http/errors';
import { actorIn, idParams, idSchema, lenientString, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { hostAllowed } from './certificates';
import { presentRecord, presentZone } from './presenter';
import {
  addRecord,
  certificatesOf,
  checkZone,
  createZone,
  deleteRecord,
  deleteZone,
  findZone,
  recordsOf,
} from './zones';

const zoneParams = z.object({ id: idSchema, zone: idSchema });
const recordParams = z.object({ id: idSchema, zone: idSchema, record: idSchema });

/** A community a member reads; with `manage`, one its admins change (others in it get 403, outsiders 404). */
async function communityOf(ctx: AppContext, actor: Actor, communityId: number, manage = false) {
  const { membership } = await findCommunityFor(ctx.db, actor, communityId);
  if (manage && !policies.canManageCommunity(actor, membership))
    throw new AppError('forbidden', undefined, 'errors.forbidden');
  return communityId;
}

/** The domains of a community (spec 01 §7 DNS calls): hosted zones, their records and the name-server check. */
export function domainRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/communities/:id/dns_hosted_zones',
    { preValidation, schema: { params: idParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id);
      const zones = await ctx.db
        .select()
        .from(dnsHostedZones)
        .where(eq(dnsHostedZones.communityId, communityId))
        .orderBy(asc(dnsHostedZones.domainName))
        .limit(200);
      const certs = await certificatesOf(
        ctx.db,
        zones.map((z) => z.id),
      );
      reply.headers(noStore);
      return zones.map((zone) => presentZone(zone, certs, ctx.dns.publicHost));
    },
  );

  r.post(
    '/api/communities/:id/dns_hosted_zones',
    { preValidation, schema: { params: idParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id, true);
      const input = parseBody(dnsHostedZoneSchema, unwrap(request.body, 'dns_hosted_zone'), 'unprocessable');
      const zone = await createZone(ctx, communityId, input.domain_name, input.is_external_domain);
      return reply.status(201).send(presentZone(zone, [], ctx.dns.publicHost));
    },
  );

  r.delete(
    '/api/communities/:id/dns_hosted_zones/:zone',
    { preValidation, schema: { params: zoneParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id, true);
      await deleteZone(ctx, await findZone(ctx.db, communityId, request.params.zone));
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/communities/:id/dns_hosted_zones/:zone/dns_records',
    { preValidation, schema: { params: zoneParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id);
      const zone = await findZone(ctx.db, communityId, request.params.zone);
      reply.headers(noStore);
      return (await recordsOf(ctx.db, zone.id)).map(presentRecord);
    },
  );

  r.post(
    '/api/communities/:id/dns_hosted_zones/:zone/dns_records',
    { preValidation, schema: { params: zoneParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id, true);
      const zone = await findZone(ctx.db, communityId, request.params.zone);
      const input = parseBody(dnsRecordSchema, unwrap(request.body, 'dns_record'), 'unprocessable');
      return reply.status(201).send(presentRecord(await addRecord(ctx, zone, input)));
    },
  );

  r.delete(
    '/api/communities/:id/dns_hosted_zones/:zone/dns_records/:record',
    { preValidation, schema: { params: recordParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id, true);
      const zone = await findZone(ctx.db, communityId, request.params.zone);
      await deleteRecord(ctx, zone, request.params.record);
      return reply.status(204).send();
    },
  );

  // Caddy's on-demand TLS asks before issuing a certificate for a host: yes for the allow-list, no otherwise.
  r.get('/api/tls/ask', { schema: { querystring: z.object({ domain: lenientString }) } }, async (request, reply) => {
    const allowed = request.query.domain ? await hostAllowed(ctx.db, request.query.domain) : false;
    return reply
      .status(allowed ? 200 : 404)
      .header('cache-control', 'no-store')
      .send(allowed ? 'ok' : '');
  });

  // Step 3 of the wizard: the organiser asks, the server looks the name servers up (never while rendering a page).
  r.get(
    '/api/communities/:id/dns_hosted_zones/:zone/check',
    { preValidation, schema: { params: zoneParams } },
    async (request, reply) => {
      const communityId = await communityOf(ctx, actorIn(request), request.params.id);
      const zone = await checkZone(ctx.db, ctx.dns, await findZone(ctx.db, communityId, request.params.zone));
      reply.headers(noStore);
      return {
        ...presentZone(zone, await certificatesOf(ctx.db, [zone.id]), ctx.dns.publicHost),
        message: zone.isExternalDomain
          ? zone.nsOk
            ? 'domains.wwwOk'
            : 'domains.wwwPending'
          : zone.nsOk
            ? 'domains.nsOk'
            : 'domains.nsPending',
      };
    },
  );
}
