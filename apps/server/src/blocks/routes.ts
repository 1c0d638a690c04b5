import {
  blockCreateSchema,
  blockFilterSchema,
  blockListQuerySchema,
  blockPositionsSchema,
  blockUpdateSchema,
} from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { requireUser } from '../http/session';
import { idParam, parseInput, unwrap } from '../http/validate';
import { moveBlocks } from './positions';
import { createBlock, deleteBlock, listBlocks, updateBlock } from './service';

/** Blocks, spec 01 §7 paths (widgets are in `widgets/routes.ts`). Every route checks the page's community first. */
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
}
