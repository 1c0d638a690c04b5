import { communityCreateSchema, communityUpdateSchema, embedOriginsUpdateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { actorIn, body, idParams, signedIn, typed } from '../http/typed';
import { presentCommunity } from './presenter';
import { createCommunity, findCommunityFor, listCommunitiesOf, updateCommunity } from './service';

/** Spec 01 §7 community calls; bad fields answer 400, as the spec's community calls do. */
export function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  r.get('/api/communities', { preValidation }, async (request) => {
    const rows = await listCommunitiesOf(ctx.db, actorIn(request).id);
    return rows.map((row) => presentCommunity(row.community, row.role));
  });

  r.post(
    '/api/communities',
    { preValidation, schema: { body: body(communityCreateSchema, { wrappedIn: 'community', status: 'bad_request' }) } },
    async (request, reply) => {
      const community = await createCommunity(ctx.db, actorIn(request).id, request.body);
      return reply.status(200).send(presentCommunity(community, 1));
    },
  );

  r.get('/api/communities/:id', { preValidation, schema: { params: idParams } }, async (request) => {
    const { community, membership } = await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    return presentCommunity(community, membership?.role);
  });

  r.put(
    '/api/communities/:id',
    {
      preValidation,
      schema: {
        params: idParams,
        body: body(communityUpdateSchema, { wrappedIn: 'community', status: 'bad_request' }),
      },
    },
    async (request) => {
      const { community, role } = await updateCommunity(ctx.db, actorIn(request), request.params.id, request.body);
      return presentCommunity(community, role);
    },
  );

  /**
   * The sites allowed to embed the community's action widgets (the settings' "Sites que podem incorporar widgets"
   * section): the whole list, normalised and without duplicates. A bad address is a 422 on `embed_origins` that
   * quotes it. Only the community's admins may change it (403 for a mobilizer, 404 for anyone else).
   */
  r.put(
    '/api/communities/:id/embed_origins',
    { preValidation, schema: { params: idParams, body: body(embedOriginsUpdateSchema) } },
    async (request) => {
      const { embed_origins } = request.body;
      const { community } = await updateCommunity(ctx.db, actorIn(request), request.params.id, { embed_origins });
      return { embed_origins: community.embedOrigins };
    },
  );
}
