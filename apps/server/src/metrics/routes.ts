import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readChallengeState, refusalsOf } from '../antispam/state';
import { findCommunityFor } from '../communities/service';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { actorIn, idParams, lenientInt, pageWidgetParams, signedIn, typed } from '../http/typed';
import { queryMobilizationPage } from '../mobilizations/queries';
import { findMobilizationFor } from '../mobilizations/service';
import { findPageWidget } from '../widgets/service';
import { actionsByOrigin, donationFiguresOf, metricsOf } from './figures';

export const BREAKDOWN_PER_PAGE_DEFAULT = 10;
/** The anti-spam refusals' recent window on the Métricas tab, in days. */
const ANTISPAM_RECENT_DAYS = 30;
export const BREAKDOWN_PER_PAGE_MAX = 50;

/** `page` and `per_page` of the breakdown; anything that is not a usable number falls back to the default. */
const breakdownQuery = z.object({ page: lenientInt(1), per_page: lenientInt(1) }).transform((q) => ({
  page: q.page ?? 1,
  perPage: Math.min(q.per_page ?? BREAKDOWN_PER_PAGE_DEFAULT, BREAKDOWN_PER_PAGE_MAX),
}));

/**
 * The Métricas screens' figures (not spec paths). Any member of the community (role 1 or 2) or a platform admin
 * may read them; anyone else gets the 404 a missing id gets.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  /**
   * What one page has collected (the mobilization settings' Métricas tab), and its anti-spam challenge: whether it is
   * on (by its switch, or by itself until `auto_until`) and the actions it refused, in all and in the last 30 days.
   */
  r.get('/api/mobilizations/:id/metrics', { preValidation, schema: { params: idParams } }, async (request) => {
    const mobilization = await findMobilizationFor(ctx.db, actorIn(request), request.params.id);
    const [figures, state, refused] = await Promise.all([
      metricsOf(ctx.db, 'mobilization', [mobilization.id]),
      readChallengeState(ctx.db, mobilization.id),
      refusalsOf(ctx.db, mobilization.id, ANTISPAM_RECENT_DAYS),
    ]);
    return {
      metrics: figures.get(mobilization.id),
      antispam: {
        on: state?.on ?? false,
        auto_until: state?.autoUntil?.toISOString() ?? null,
        refused: refused.total,
        refused_recent: refused.recent,
        recent_days: ANTISPAM_RECENT_DAYS,
        /** What switches it on by itself (the server's ANTISPAM_BURST_* settings), for the settings' help text. */
        burst: {
          actions: ctx.config.antispam.burstActions,
          window_minutes: Math.round(ctx.config.antispam.burstWindowSeconds / 60),
          auto_minutes: Math.round(ctx.config.antispam.autoSeconds / 60),
        },
      },
    };
  });

  /**
   * The page's actions that count by where they were taken: the page itself (`origin` null), then each site that
   * embeds its widgets (issue 35), one page of lines at a time.
   */
  const originsSchema = { params: idParams, querystring: breakdownQuery };
  r.get('/api/mobilizations/:id/metrics/origins', { preValidation, schema: originsSchema }, async (request) => {
    const { page, perPage } = request.query;
    const mobilization = await findMobilizationFor(ctx.db, actorIn(request), request.params.id);
    const { origins, total } = await actionsByOrigin(ctx.db, 'mobilization', mobilization.id, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { origins, total, page, per_page: perPage };
  });

  /** The same over all the community's pages (the community settings' Métricas tab). */
  r.get('/api/communities/:id/metrics/origins', { preValidation, schema: originsSchema }, async (request) => {
    const { page, perPage } = request.query;
    const { community } = await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    const { origins, total } = await actionsByOrigin(ctx.db, 'community', community.id, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { origins, total, page, per_page: perPage };
  });

  /**
   * A donation widget's figures, for its settings screens: what it raised, and its paid, refused, refunded and active
   * recurring donations. Another kind of widget is a 422 that names it; a widget of another page a 404.
   */
  const widgetSchema = { params: pageWidgetParams };
  r.get(
    '/api/mobilizations/:id/widgets/:widget/donation_figures',
    { preValidation, schema: widgetSchema },
    async (request) => {
      const mobilization = await findMobilizationFor(ctx.db, actorIn(request), request.params.id);
      const widget = await findPageWidget(ctx.db, mobilization.id, request.params.widget);
      if (widget.kind !== 'donation')
        throw new AppError('unprocessable', { widget_id: ['donationReports.notDonation'] });
      return { figures: await donationFiguresOf(ctx.db, widget.id) };
    },
  );

  /** What the whole community has collected, over all its pages (the community settings' Métricas tab). */
  r.get('/api/communities/:id/metrics', { preValidation, schema: { params: idParams } }, async (request) => {
    const { community } = await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    return { metrics: (await metricsOf(ctx.db, 'community', [community.id])).get(community.id) };
  });

  /**
   * Each of the community's pages with its own figures, most recently updated first, one page of rows at a time:
   * the rows come from the mobilization list's index, and figures are computed for those rows only.
   */
  const breakdown = { preValidation, schema: { params: idParams, querystring: breakdownQuery } };
  r.get('/api/communities/:id/metrics/mobilizations', breakdown, async (request) => {
    const { page, perPage } = request.query;
    const { community } = await findCommunityFor(ctx.db, actorIn(request), request.params.id);
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
