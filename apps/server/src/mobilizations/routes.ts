import { mobilizationCreateSchema, mobilizationUpdateSchema, msg, templateApplySchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { requireUser } from '../http/session';
import { idParam, parseInput, unwrap } from '../http/validate';
import { applyTemplate } from '../templates/service';
import { presentMobilizations, queryMobilizationPage } from './queries';
import { assertCommunityWorkable, createMobilization, updateMobilization } from './service';

export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 100;

function positiveInt(raw: unknown, fallback: number) {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** `ids=1,2`, `ids=1&ids=2` or `ids[]=1&ids[]=2`. */
function idList(raw: unknown): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  return parts.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

/** GET /api/mobilizations params: community_id (required), status, page/per_page or limit/offset, ids, slug, custom_domain. */
export function listParams(query: Record<string, unknown>) {
  const communityId = Number(query.community_id);
  if (!Number.isInteger(communityId) || communityId <= 0)
    throw new AppError('bad_request', { community_id: [msg('mobilizationForm.communityRequired')] });
  const status = query.status;
  if (status !== undefined && status !== 'active' && status !== 'archived')
    throw new AppError('bad_request', { status: [msg('mobilizationForm.statusInvalid')] });
  const perPage = Math.min(Math.max(positiveInt(query.limit ?? query.per_page, PER_PAGE_DEFAULT), 1), PER_PAGE_MAX);
  const offset =
    query.offset !== undefined ? positiveInt(query.offset, 0) : (Math.max(positiveInt(query.page, 1), 1) - 1) * perPage;
  return {
    communityId,
    status: status as 'active' | 'archived' | undefined,
    ids: idList(query.ids ?? query['ids[]']),
    slug: typeof query.slug === 'string' ? query.slug : undefined,
    customDomain: typeof query.custom_domain === 'string' ? query.custom_domain : undefined,
    limit: perPage,
    offset,
  };
}

/** spec 01 §7 mobilization calls, under /api. */
export function mobilizationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/mobilizations', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const filter = listParams(request.query as Record<string, unknown>);
    await assertCommunityWorkable(ctx.db, actorOf(user), filter.communityId);
    const { rows, total } = await queryMobilizationPage(ctx.db, filter);
    reply.header('x-total-count', String(total));
    return presentMobilizations(ctx.db, rows);
  });

  app.post('/api/mobilizations', async (request) => {
    const user = await requireUser(ctx, request);
    const input = parseInput(mobilizationCreateSchema, unwrap(request.body, 'mobilization'), 'unprocessable');
    const mobilization = await createMobilization(ctx.db, actorOf(user), input);
    return (await presentMobilizations(ctx.db, [mobilization]))[0];
  });

  app.put('/api/mobilizations/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const input = parseInput(mobilizationUpdateSchema, unwrap(request.body, 'mobilization'), 'unprocessable');
    const mobilization = await updateMobilization(ctx.db, ctx.storage, actorOf(user), id, input);
    return (await presentMobilizations(ctx.db, [mobilization]))[0];
  });

  /** Create the mobilization's content from a template (the spec does not show this path). */
  app.post('/api/mobilizations/:id/template', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const input = parseInput(templateApplySchema, request.body, 'unprocessable');
    const mobilization = await applyTemplate(ctx.db, actorOf(user), id, input.template_mobilization_id);
    return (await presentMobilizations(ctx.db, [mobilization]))[0];
  });
}
