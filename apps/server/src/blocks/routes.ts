import {
  blockCreateSchema,
  blockFilterSchema,
  blockListQuerySchema,
  blockPositionsSchema,
  blockUpdateSchema,
} from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { moveBlocks } from './positions';
import { createBlock, deleteBlock, listBlocks, updateBlock } from './service';

/** Blocks, spec 01 §7 paths (widgets are in `widgets/routes.ts`). Every route checks the page's community first. */
export function blockRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  // Lists filter by `hidden` and `menu_hidden`; `GET /blocks` names the page with `mobilization_id`.
  r.get(
    '/api/mobilizations/:id/blocks',
    { preValidation, schema: { params: idParams, querystring: blockFilterSchema } },
    (request) => listBlocks(ctx.db, actorIn(request), request.params.id, request.query),
  );
  r.get('/api/blocks', { preValidation, schema: { querystring: blockListQuerySchema } }, (request) => {
    const { mobilization_id, ...filter } = request.query;
    return listBlocks(ctx.db, actorIn(request), mobilization_id, filter);
  });

  r.post('/api/mobilizations/:id/blocks', { preValidation, schema: { params: idParams } }, (request) => {
    const input = parseBody(blockCreateSchema, unwrap(request.body, 'block'), 'unprocessable');
    return createBlock(ctx.db, actorIn(request), request.params.id, input);
  });

  r.put('/api/blocks/:id', { preValidation, schema: { params: idParams } }, (request) => {
    const input = parseBody(blockUpdateSchema, unwrap(request.body, 'block'), 'unprocessable');
    return updateBlock(ctx.db, actorIn(request), request.params.id, input);
  });

  r.put('/api/blocks', { preValidation, schema: { body: blockPositionsSchema } }, (request) =>
    moveBlocks(ctx.db, actorIn(request), request.body),
  );

  r.delete('/api/blocks/:id', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await deleteBlock(ctx.db, actorIn(request), request.params.id);
    return reply.status(204).send();
  });
}
