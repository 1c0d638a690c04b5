import { widgetFilterSchema, widgetListQuerySchema, widgetUpdateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { actorIn, idParams, pageWidgetParams, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { closeVisitorGuards } from '../rate-limit/visitorGuards';
import { actionCount } from './counters';
import { SERVER_WIDGET_KINDS, type ServerWidgetKind, serverKind } from './kinds';
import { listWidgets, updateWidget } from './service';
import { findPublishedWidget } from './visitor';

/**
 * Widgets, spec 01 §7 paths: the organiser's list and update (every route checks the page's community first), then
 * each kind's own routes from its module.
 */
export function widgetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  // Lists filter by `block_id` and `kind`; `GET /widgets` names the page with `mobilization_id`.
  r.get(
    '/api/mobilizations/:id/widgets',
    { preValidation, schema: { params: idParams, querystring: widgetFilterSchema } },
    (request) => listWidgets(ctx.db, actorIn(request), request.params.id, request.query),
  );
  r.get('/api/widgets', { preValidation, schema: { querystring: widgetListQuerySchema } }, (request) => {
    const { mobilization_id, ...filter } = request.query;
    return listWidgets(ctx.db, actorIn(request), mobilization_id, filter);
  });

  r.put(
    '/api/mobilizations/:id/widgets/:widget',
    { preValidation, schema: { params: pageWidgetParams } },
    (request) => {
      const input = parseBody(widgetUpdateSchema, unwrap(request.body, 'widget'), 'unprocessable');
      return updateWidget(ctx.db, actorIn(request), request.params.id, request.params.widget, input);
    },
  );

  // An action widget's live count (what its counter shows): the public page may have been rendered, and cached,
  // before the latest actions, so each island reads it on load. Any published widget whose kind counts actions.
  r.get('/api/widgets/:id/count', { schema: { params: idParams } }, async (request, reply) => {
    const found = await findPublishedWidget(ctx.db, request.params.id);
    if (!serverKind(found.widget.kind)?.counts) throw new AppError('not_found', undefined, 'widgets.notFound');
    reply.header('cache-control', 'no-store');
    return { count: await actionCount(ctx.db, found.widget.id) };
  });

  for (const kind of Object.values<ServerWidgetKind>(SERVER_WIDGET_KINDS)) kind.routes?.(app, ctx);
  // The visitor actions counted only in this process's memory reach the database before it closes.
  app.addHook('onClose', () => closeVisitorGuards(ctx));
}
