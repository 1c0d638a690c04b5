import { msg, templateApplySchema, templateCreateSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { actorIn, idParams, requiredQueryId, signedIn, typed } from '../http/typed';
import { presentMobilizations } from '../mobilizations/queries';
import { presentTemplate } from './presenter';
import { templatePreview } from './preview';
import { applyTemplate, createTemplateFromMobilization, deleteTemplate, listTemplates } from './service';

/** `?community_id=` (required): the community's own templates and the global ones; `global=true|false` narrows. */
const listQuery = z.object({
  community_id: requiredQueryId(msg('mobilizationForm.communityRequired')),
  global: z
    .unknown()
    .transform((raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined))
    .optional(),
});

/** spec 01 §7 template calls, under /api. */
export function templateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  r.get('/api/templates', { preValidation, schema: { querystring: listQuery } }, async (request) => {
    const { community_id: communityId, global } = request.query;
    const rows = await listTemplates(ctx.db, actorIn(request), { communityId, global });
    return rows.map(presentTemplate);
  });

  /** `{name, goal, mobilization_id, global}`; success is 200, as the admin app expects. */
  r.post('/api/templates', { preValidation, schema: { body: templateCreateSchema } }, async (request, reply) => {
    const template = await createTemplateFromMobilization(ctx.db, actorIn(request), request.body);
    return reply.status(200).send(presentTemplate(template));
  });

  /** What the template choice screens draw a thumbnail from: the design and the first blocks. */
  r.get('/api/templates/:id/preview', { preValidation, schema: { params: idParams } }, (request) =>
    templatePreview(ctx.db, actorIn(request), request.params.id),
  );

  r.delete('/api/templates/:id', { preValidation, schema: { params: idParams } }, async (request) =>
    presentTemplate(await deleteTemplate(ctx.db, actorIn(request), request.params.id)),
  );

  /** Create the mobilization's content from a template (the spec does not show this path). */
  r.post(
    '/api/mobilizations/:id/template',
    { preValidation, schema: { params: idParams, body: templateApplySchema } },
    async (request) => {
      const { id } = request.params;
      const mobilization = await applyTemplate(ctx.db, actorIn(request), id, request.body.template_mobilization_id);
      return (await presentMobilizations(ctx.db, [mobilization]))[0];
    },
  );
}
