import type { FastifyInstance } from 'fastify';
import { actorOf, findCommunityFor } from '../communities/service';
import type { AppContext } from '../context';
import { requireUser } from '../http/session';
import { idParam } from '../http/validate';
import { queryMobilizationPage } from '../mobilizations/queries';
import { findMobilizationFor } from '../mobilizations/service';
import { metricsOf } from './figures';

export const BREAKDOWN_PER_PAGE_DEFAULT = 10;
export const BREAKDOWN_PER_PAGE_MAX = 50;

/** `page` and `per_page` of the breakdown; anything that is not a usable number falls back to the default. */
function breakdownPage(query: Record<string, unknown>) {
  const int = (raw: unknown, fallback: number) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const page = int(query.page, 1);
  const perPage = Math.min(int(query.per_page, BREAKDOWN_PER_PAGE_DEFAULT), BREAKDOWN_PER_PAGE_MAX);
  return { page, perPage };
}

/**
 * The Métricas screens' figures (not spec paths). Any member of the community (role 1 or 2) or a platform admin
 * may read them; anyone else gets the 404 a missing id gets.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  /** What one page has collected (the mobilization settings' Métricas tab). */
  app.get('/api/mobilizations/:id/metrics', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const mobilization = await findMobilizationFor(ctx.db, actorOf(user), id);
    return { metrics: (await metricsOf(ctx.db, 'mobilization', [mobilization.id])).get(mobilization.id) };
  });

  /** What the whole community has collected, over all its pages (the community settings' Métricas tab). */
  app.get('/api/communities/:id/metrics', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const { community } = await findCommunityFor(ctx.db, actorOf(user), id);
    return { metrics: (await metricsOf(ctx.db, 'community', [community.id])).get(community.id) };
  });

  /**
   * Each of the community's pages with its own figures, most recently updated first, one page of rows at a time:
   * the rows come from the mobilization list's index, and figures are computed for those rows only.
   */
  app.get('/api/communities/:id/metrics/mobilizations', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const { page, perPage } = breakdownPage(request.query as Record<string, unknown>);
    const { community } = await findCommunityFor(ctx.db, actorOf(user), id);
    const { rows, total } = await queryMobilizationPage(ctx.db, {
      communityId: community.id,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const figures = await metricsOf(
      ctx.db,
      'mobilization',
      rows.map((m) => m.id),
    );
    return {
      mobilizations: rows.map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        status: m.status,
        metrics: figures.get(m.id),
      })),
      total,
      page,
      per_page: perPage,
    };
  });
}
