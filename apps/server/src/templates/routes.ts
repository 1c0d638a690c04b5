import { msg, templateCreateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { requireUser } from '../http/session';
import { idParam, parseInput } from '../http/validate';
import { presentTemplate } from './presenter';
import { createTemplateFromMobilization, deleteTemplate, listTemplates } from './service';

/** spec 01 §7 template calls, under /api. */
export function templateRoutes(app: FastifyInstance, ctx: AppContext) {
  /** `?community_id=` (required): the community's own templates and the global ones; `global=true|false` narrows. */
  app.get('/api/templates', async (request) => {
    const user = await requireUser(ctx, request);
    const query = request.query as Record<string, unknown>;
    const communityId = Number(query.community_id);
    if (!Number.isInteger(communityId) || communityId <= 0)
      throw new AppError('bad_request', { community_id: [msg('mobilizationForm.communityRequired')] });
    const global = query.global === 'true' ? true : query.global === 'false' ? false : undefined;
    const rows = await listTemplates(ctx.db, actorOf(user), { communityId, global });
    return rows.map(presentTemplate);
  });

  /** `{name, goal, mobilization_id, global}`; success is 200, as the admin app expects. */
  app.post('/api/templates', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const input = parseInput(templateCreateSchema, request.body, 'unprocessable');
    const template = await createTemplateFromMobilization(ctx.db, actorOf(user), input);
    return reply.status(200).send(presentTemplate(template));
  });

  app.delete('/api/templates/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const template = await deleteTemplate(ctx.db, actorOf(user), idParam((request.params as { id: string }).id));
    return presentTemplate(template);
  });
}
