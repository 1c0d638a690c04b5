import {
  ACTIVIST_SORTS,
  activistFilterSchema,
  activistSegmentSchema,
  activistTagSchema,
  policies,
  translate,
} from '@mutirao/core';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findCommunityFor } from '../communities/service';
import { communityTimeZone } from '../communities/timeZone';
import type { AppContext } from '../context';
import { activistErasures, activistSegments } from '../db/schema';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, body, idSchema, lenientInt, signedIn, typed } from '../http/typed';
import { type ReportReader, readerIn } from '../reports/reader';
import { sendCsv, today } from '../reports/routes';
import { eraseActivist, presentErasure } from './erasure';
import { activistsCsv, type PersonalData, personalData, personalDataCsv } from './export';
import { activistImportRoutes } from './importRoutes';
import { ACTIVISTS_PER_PAGE, ACTIVISTS_PER_PAGE_MAX, activistCount, activistPage } from './list';
import {
  changeTag,
  findActivist,
  findSegment,
  latestTagJobs,
  presentActivist,
  presentSegment,
  presentTagJob,
  saveSegment,
  segmentsOf,
  startTagJob,
  timelineOf,
} from './people';

/**
 * Everything held about one person, as the download an admin or the person themself asked for: JSON with ISO times,
 * or CSV with the community's dates (`reader`).
 */
export function sendPersonalData(
  reply: FastifyReply,
  data: PersonalData,
  format: 'json' | 'csv',
  reader: ReportReader,
) {
  const name = `${translate(reader.locale, 'activists.personFilePrefix')}-${data.activist.id}-${today(reader)}.${format}`;
  reply.headers({
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
  });
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(personalDataCsv(data, reader));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
}

import { filterOfQuery, requireMember } from './query';

const communityParams = z.object({ id: idSchema });
const activistParams = z.object({ id: idSchema, activist: idSchema });
const tagParams = z.object({ id: idSchema, activist: idSchema, tag: z.string().min(1).max(100) });
const segmentParams = z.object({ id: idSchema, segment: idSchema });
const pageQuery = z
  .object({
    sort: z.enum(ACTIVIST_SORTS).catch('last_action').optional(),
    order: z.enum(['asc', 'desc']).catch('desc').optional(),
    after: z.string().max(500).optional(),
    before: z.string().max(500).optional(),
    last: z.enum(['true', '1']).optional().catch(undefined),
    limit: lenientInt(1),
    segment_id: lenientInt(1),
  })
  .passthrough();

const bulkTagSchema = z.object({
  filter: activistFilterSchema,
  tag: activistTagSchema.shape.tag,
  operation: z.enum(['add', 'remove']).default('add'),
});

/**
 * The community's people (spec 01 §2 activist management): the list with search, filters and saved segments, the
 * profile with its timeline, and tags on one person or on everyone a filter matches. Any member of the community
 * works with its people (`policies.canWorkInCommunity`); anyone else gets the 404 a missing community gets.
 */
export function activistRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const member = (request: FastifyRequest, communityId: number) => requireMember(ctx, request, communityId);
  /** A person's data rights: the community's admins only; another member is told so (403), anyone else gets 404. */
  const admin = async (request: FastifyRequest, communityId: number) => {
    const actor = actorIn(request);
    const { membership } = await findCommunityFor(ctx.db, actor, communityId);
    if (!policies.canHandlePersonalData(actor, membership))
      throw new AppError('forbidden', undefined, 'activists.adminOnly');
    return actor;
  };
  activistImportRoutes(app, ctx, member);
  const filterOf = (communityId: number, query: Record<string, unknown>, segmentId: number | null | undefined) =>
    filterOfQuery(ctx, communityId, query, segmentId);

  r.get(
    '/api/communities/:id/activists',
    { preValidation, schema: { params: communityParams, querystring: pageQuery } },
    async (request, reply) => {
      const communityId = request.params.id;
      await member(request, communityId);
      const q = request.query;
      const page = await activistPage(ctx.db, communityId, {
        filter: await filterOf(communityId, q, q.segment_id),
        sort: q.sort ?? 'last_action',
        order: q.order ?? (q.sort === 'name' ? 'asc' : 'desc'),
        after: q.after,
        before: q.before,
        last: Boolean(q.last),
        limit: Math.min(q.limit ?? ACTIVISTS_PER_PAGE, ACTIVISTS_PER_PAGE_MAX),
      });
      reply.header('cache-control', 'no-store');
      return page;
    },
  );

  r.get(
    '/api/communities/:id/activists/count',
    { preValidation, schema: { params: communityParams, querystring: pageQuery } },
    async (request, reply) => {
      const communityId = request.params.id;
      await member(request, communityId);
      const filter = await filterOf(communityId, request.query, request.query.segment_id);
      reply.header('cache-control', 'no-store');
      return { count: await activistCount(ctx.db, communityId, filter) };
    },
  );

  r.get(
    '/api/communities/:id/activists/export.csv',
    { preValidation, schema: { params: communityParams, querystring: pageQuery } },
    async (request, reply) => {
      const communityId = request.params.id;
      await member(request, communityId);
      const filter = await filterOf(communityId, request.query, request.query.segment_id);
      const reader = readerIn(localeOf(request), await communityTimeZone(ctx.db, communityId));
      const filename = `${translate(reader.locale, 'activists.filePrefix')}-${communityId}-${today(reader)}.csv`;
      return sendCsv(reply, filename, activistsCsv(ctx.db, communityId, filter, reader));
    },
  );

  r.get(
    '/api/communities/:id/activists/:activist/personal_data.:format',
    {
      preValidation,
      schema: { params: activistParams.extend({ format: z.enum(['json', 'csv']).catch('json') }) },
    },
    async (request, reply) => {
      const { id, activist, format } = request.params;
      await admin(request, id);
      const reader = readerIn(localeOf(request), await communityTimeZone(ctx.db, id));
      return sendPersonalData(reply, await personalData(ctx.db, id, activist), format, reader);
    },
  );

  r.delete(
    '/api/communities/:id/activists/:activist',
    { preValidation, schema: { params: activistParams } },
    async (request) => {
      const { id, activist } = request.params;
      const actor = await admin(request, id);
      const { audit, email } = await eraseActivist(ctx.db, id, activist, { userId: actor.id, requestedBy: 'admin' });
      await ctx.mailing.forget(id, email);
      return presentErasure(audit);
    },
  );

  r.get(
    '/api/communities/:id/activist_erasures',
    { preValidation, schema: { params: communityParams } },
    async (request, reply) => {
      await admin(request, request.params.id);
      reply.header('cache-control', 'no-store');
      const rows = await ctx.db
        .select()
        .from(activistErasures)
        .where(eq(activistErasures.communityId, request.params.id))
        .orderBy(desc(activistErasures.id))
        .limit(100);
      return rows.map(presentErasure);
    },
  );

  r.get(
    '/api/communities/:id/activists/:activist',
    { preValidation, schema: { params: activistParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      const activist = await findActivist(ctx.db, request.params.id, request.params.activist);
      reply.header('cache-control', 'no-store');
      return { ...presentActivist(activist), timeline: await timelineOf(ctx.db, activist.id) };
    },
  );

  r.post(
    '/api/communities/:id/activists/:activist/tags',
    { preValidation, schema: { params: activistParams, body: body(activistTagSchema) } },
    async (request) => {
      await member(request, request.params.id);
      const { id, activist } = request.params;
      return presentActivist(await changeTag(ctx.db, id, activist, request.body.tag, true));
    },
  );

  r.delete(
    '/api/communities/:id/activists/:activist/tags/:tag',
    { preValidation, schema: { params: tagParams } },
    async (request) => {
      await member(request, request.params.id);
      const { id, activist, tag } = request.params;
      return presentActivist(await changeTag(ctx.db, id, activist, tag, false));
    },
  );

  r.post(
    '/api/communities/:id/activist_tag_jobs',
    { preValidation, schema: { params: communityParams, body: body(bulkTagSchema) } },
    async (request, reply) => {
      await member(request, request.params.id);
      const job = await startTagJob(ctx.db, ctx.queue, request.params.id, request.body);
      return reply.status(202).send(presentTagJob(job));
    },
  );

  r.get(
    '/api/communities/:id/activist_tag_jobs',
    { preValidation, schema: { params: communityParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return (await latestTagJobs(ctx.db, request.params.id)).map(presentTagJob);
    },
  );

  r.get(
    '/api/communities/:id/activist_segments',
    { preValidation, schema: { params: communityParams } },
    async (request) => {
      await member(request, request.params.id);
      return (await segmentsOf(ctx.db, request.params.id)).map(presentSegment);
    },
  );

  r.post(
    '/api/communities/:id/activist_segments',
    {
      preValidation,
      schema: { params: communityParams, body: body(activistSegmentSchema, { wrappedIn: 'segment' }) },
    },
    async (request, reply) => {
      await member(request, request.params.id);
      return reply.status(201).send(presentSegment(await saveSegment(ctx.db, request.params.id, request.body)));
    },
  );

  r.put(
    '/api/communities/:id/activist_segments/:segment',
    {
      preValidation,
      schema: { params: segmentParams, body: body(activistSegmentSchema, { wrappedIn: 'segment' }) },
    },
    async (request) => {
      await member(request, request.params.id);
      const { id, segment } = request.params;
      return presentSegment(await saveSegment(ctx.db, id, request.body, segment));
    },
  );

  r.delete(
    '/api/communities/:id/activist_segments/:segment',
    { preValidation, schema: { params: segmentParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      const segment = await findSegment(ctx.db, request.params.id, request.params.segment);
      await ctx.db.delete(activistSegments).where(eq(activistSegments.id, segment.id));
      return reply.status(204).send();
    },
  );
}
