import { MOBILIZATION_STATUSES, mobilizationCreateSchema, mobilizationUpdateSchema, msg } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { AccessCache } from '../http/accessCache';
import { membershipsOf } from '../http/session';
import { actorIn, body, idParams, lenientInt, lenientString, requiredQueryId, signedIn, typed } from '../http/typed';
import { presentedMobilizationPage, presentMobilizations } from './queries';
import { assertCommunityWorkable, createMobilization, updateMobilization } from './service';

export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 100;

/** `ids=1,2`, `ids=1&ids=2` or `ids[]=1&ids[]=2`; parts that are not ids are dropped. */
const idList = z
  .unknown()
  .transform((raw) => {
    const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
    return parts.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  })
  .optional();

/**
 * `GET /api/mobilizations`: community_id (required), status, page/per_page or limit/offset (a given but unusable
 * number is the default, never an error), ids, slug, custom_domain.
 */
const listQuery = z
  .object({
    community_id: requiredQueryId(msg('mobilizationForm.communityRequired')),
    status: z.enum(MOBILIZATION_STATUSES, { error: msg('mobilizationForm.statusInvalid') }).optional(),
    limit: lenientInt(0),
    per_page: lenientInt(0),
    offset: lenientInt(0),
    page: lenientInt(0),
    ids: idList,
    'ids[]': idList,
    slug: lenientString,
    custom_domain: lenientString,
  })
  .transform((q) => {
    const size = q.limit !== undefined ? q.limit : q.per_page;
    const perPage = Math.min(Math.max(size ?? PER_PAGE_DEFAULT, 1), PER_PAGE_MAX);
    const offset = q.offset !== undefined ? (q.offset ?? 0) : (Math.max(q.page ?? 1, 1) - 1) * perPage;
    return {
      communityId: q.community_id,
      status: q.status,
      ids: q.ids ?? q['ids[]'],
      slug: q.slug,
      customDomain: q.custom_domain,
      limit: perPage,
      offset,
    };
  });

/** spec 01 §7 mobilization calls, under /api. */
export function mobilizationRoutes(app: FastifyInstance, ctx: AppContext, lists: AccessCache) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  r.get('/api/mobilizations', { preValidation, schema: { querystring: listQuery } }, async (request, reply) => {
    const filter = request.query;
    const actor = actorIn(request);
    await assertCommunityWorkable(ctx.db, actor, filter.communityId, async () =>
      (await membershipsOf(ctx, actor.id)).find((m) => m.communityId === filter.communityId),
    );
    // The answer depends on the filter only; each caller's access was checked just above.
    const { rows, total } = await lists.get(`rest:${JSON.stringify(filter)}`, () =>
      presentedMobilizationPage(ctx.db, filter),
    );
    reply.header('x-total-count', String(total));
    return rows;
  });

  r.post(
    '/api/mobilizations',
    { preValidation, schema: { body: body(mobilizationCreateSchema, { wrappedIn: 'mobilization' }) } },
    async (request) => {
      const mobilization = await createMobilization(ctx.db, actorIn(request), request.body);
      return (await presentMobilizations(ctx.db, [mobilization]))[0];
    },
  );

  r.put(
    '/api/mobilizations/:id',
    {
      preValidation,
      schema: { params: idParams, body: body(mobilizationUpdateSchema, { wrappedIn: 'mobilization' }) },
    },
    async (request) => {
      const { id } = request.params;
      const mobilization = await updateMobilization(ctx.db, ctx.storage, actorIn(request), id, request.body);
      return (await presentMobilizations(ctx.db, [mobilization]))[0];
    },
  );
}
