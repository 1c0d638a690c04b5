import {
  blockCreateSchema,
  blockFilterSchema,
  blockListQuerySchema,
  blockPositionsSchema,
  blockUpdateSchema,
  widgetFilterSchema,
  widgetListQuerySchema,
  widgetUpdateSchema,
} from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { requireUser } from '../http/session';
import { idParam, parseInput, unwrap } from '../http/validate';
import { createBlock, deleteBlock, listBlocks, listWidgets, moveBlocks, updateBlock, updateWidget } from './service';

/** Blocks and widgets, spec 01 §7 paths. Every route checks the page's community first. */
export function blockRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = async (request: Parameters<typeof requireUser>[1]) => actorOf(await requireUser(ctx, request));
  const pageId = (params: unknown) => idParam((params as { id: string }).id);

  // Lists filter by `hidden` and `menu_hidden`; `GET /blocks` names the page with `mobilization_id`.
  app.get('/api/mobilizations/:id/blocks', async (request) => {
    const who = await actor(request);
    return listBlocks(ctx.db, who, pageId(request.params), parseInput(blockFilterSchema, request.query));
  });
  app.get('/api/blocks', async (request) => {
    const who = await actor(request);
    const { mobilization_id, ...filter } = parseInput(blockListQuerySchema, request.query);
    return listBlocks(ctx.db, who, mobilization_id, filter);
  });

  app.post('/api/mobilizations/:id/blocks', async (request) => {
    const who = await actor(request);
    const input = parseInput(blockCreateSchema, unwrap(request.body, 'block'), 'unprocessable');
    return createBlock(ctx.db, who, pageId(request.params), input);
  });

  app.put('/api/blocks/:id', async (request) => {
    const who = await actor(request);
    const input = parseInput(blockUpdateSchema, unwrap(request.body, 'block'), 'unprocessable');
    return updateBlock(ctx.db, who, pageId(request.params), input);
  });

  app.put('/api/blocks', async (request) => {
    const who = await actor(request);
    return moveBlocks(ctx.db, who, parseInput(blockPositionsSchema, request.body, 'unprocessable'));
  });

  app.delete('/api/blocks/:id', async (request, reply) => {
    await deleteBlock(ctx.db, await actor(request), pageId(request.params));
    return reply.status(204).send();
  });

  // Widget lists filter by `block_id` and `kind`; `GET /widgets` names the page with `mobilization_id`.
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
}
