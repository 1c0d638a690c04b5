import { communityCreateSchema, communityUpdateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../http/session';
import { idParam, parseInput, unwrap } from '../http/validate';
import { presentCommunity } from './presenter';
import { actorOf, createCommunity, findCommunityFor, listCommunitiesOf, updateCommunity } from './service';

export function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/communities', async (request) => {
    const user = await requireUser(ctx, request);
    const rows = await listCommunitiesOf(ctx.db, user.id);
    return rows.map((r) => presentCommunity(r.community, r.role));
  });

  app.post('/api/communities', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const input = parseInput(communityCreateSchema, unwrap(request.body, 'community'));
    const community = await createCommunity(ctx.db, user.id, input);
    return reply.status(200).send(presentCommunity(community, 1));
  });

  app.get('/api/communities/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { community, membership } = await findCommunityFor(
      ctx.db,
      actorOf(user),
      idParam((request.params as { id: string }).id),
    );
    return presentCommunity(community, membership?.role);
  });

  app.put('/api/communities/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const id = idParam((request.params as { id: string }).id);
    const input = parseInput(communityUpdateSchema, unwrap(request.body, 'community'));
    const { community, role } = await updateCommunity(ctx.db, actorOf(user), id, input);
    return presentCommunity(community, role);
  });
}
