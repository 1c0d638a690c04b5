import { policies, recipientSchema } from '@mutirao/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { presentRecipient, readRecipient, saveRecipient } from './recipient';
import { findCommunityFor } from './service';

/**
 * The community's Recebedor tab (spec 01 §2 `/community/recipient`): the bank account donations are paid into. Bank
 * data decides where the money goes, so only its admins (role 1, or a platform admin) read or change it: another
 * member gets 403, anyone else the same 404 as for a missing community.
 */
export function recipientRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const sandbox = ctx.payments.driver.name === 'sandbox';
  const managed = async (request: FastifyRequest, communityId: number) => {
    const actor = actorIn(request);
    const { membership } = await findCommunityFor(ctx.db, actor, communityId);
    if (!policies.canManageBankData(actor, membership))
      throw new AppError('forbidden', undefined, 'errors.bankDataAdminsOnly');
  };

  r.get('/api/communities/:id/recipient', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await managed(request, request.params.id);
    reply.header('cache-control', 'no-store');
    return presentRecipient(await readRecipient(ctx.db, request.params.id), sandbox);
  });

  r.put('/api/communities/:id/recipient', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await managed(request, request.params.id);
    const input = parseBody(recipientSchema, unwrap(request.body, 'recipient'), 'unprocessable');
    const row = await saveRecipient(ctx, request.params.id, input, (error) =>
      request.log.error({ err: error }, 'payment provider refused or failed to save a recipient'),
    );
    reply.header('cache-control', 'no-store');
    return presentRecipient(row, sandbox);
  });
}
