import { widgetFilterSchema, widgetListQuerySchema, widgetUpdateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { requireUser } from '../http/session';
import { idParam, parseInput, unwrap } from '../http/validate';
import { SERVER_WIDGET_KINDS, type ServerWidgetKind } from './kinds';
import { listWidgets, updateWidget } from './service';

/**
 * Widgets, spec 01 §7 paths: the organiser's list and update (every route checks the page's community first), then
 * each kind's own visitor routes from its module.
 */
export function widgetRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = async (request: Parameters<typeof requireUser>[1]) => actorOf(await requireUser(ctx, request));
  const pageId = (params: unknown) => idParam((params as { id: string }).id);

  // Lists filter by `block_id` and `kind`; `GET /widgets` names the page with `mobilization_id`.
  app.get('/api/mobilizations/:id/widgets', async (request) => {
    const who = await actor(request);
    return listWidgets(ctx.db, who, pageId(request.params), parseInput(widgetFilterSchema, request.query));
  });
  app.get('/api/widgets', async (request) => {
    const who = await actor(request);
    const { mobilization_id, ...filter } = parseInput(widgetListQuerySchema, request.query);
    return listWidgets(ctx.db, who, mobilization_id, filter);
  });

  app.put('/api/mobilizations/:id/widgets/:widget', async (request) => {
    const who = await actor(request);
    const input = parseInput(widgetUpdateSchema, unwrap(request.body, 'widget'), 'unprocessable');
    const widgetId = idParam((request.params as { widget: string }).widget);
    return updateWidget(ctx.db, who, pageId(request.params), widgetId, input);
  });

  for (const kind of Object.values<ServerWidgetKind>(SERVER_WIDGET_KINDS)) kind.routes?.(app, ctx);
}
