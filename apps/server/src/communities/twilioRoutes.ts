import { policies, twilioConfigurationSchema } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { type TwilioConfiguration, twilioConfigurations } from '../db/schema';
import { AppError } from '../http/errors';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { parseBody, unwrap } from '../http/validate';
import { findCommunityFor } from './service';

/** What the Twilio tab reads: never the token, only whether one is stored. */
function present(row: TwilioConfiguration | undefined, sandbox: boolean) {
  return {
    twilio_configuration: row
      ? {
          id: row.id,
          community_id: row.communityId,
          twilio_account_sid: row.twilioAccountSid,
          twilio_number: row.twilioNumber,
          auth_token_set: true,
          updated_at: row.updatedAt.toISOString(),
        }
      : null,
    sandbox,
  };
}

/**
 * The community's Twilio tab (spec 01 §2 `/community/twilio`). Members read it (the SID and number, never the
 * token); only its admins change it; anyone else gets the same 404 as for a missing community.
 */
export function twilioConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const sandbox = ctx.telephony.driver.name === 'sandbox';
  const read = async (communityId: number) => {
    const [row] = await ctx.db
      .select()
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId))
      .limit(1);
    return row;
  };

  r.get('/api/communities/:id/twilio', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    reply.header('cache-control', 'no-store');
    return present(await read(request.params.id), sandbox);
  });

  r.put('/api/communities/:id/twilio', { preValidation, schema: { params: idParams } }, async (request) => {
    const actor = actorIn(request);
    const communityId = request.params.id;
    const { membership } = await findCommunityFor(ctx.db, actor, communityId);
    if (!policies.canManageCommunity(actor, membership)) throw new AppError('forbidden', undefined, 'twilio.readOnly');
    const input = parseBody(twilioConfigurationSchema, unwrap(request.body, 'twilio_configuration'), 'unprocessable');
    const existing = await read(communityId);
    if (!existing && !input.twilio_auth_token)
      throw new AppError('unprocessable', { twilio_auth_token: ['twilio.tokenRequired'] });
    const values = {
      twilioAccountSid: input.twilio_account_sid,
      twilioNumber: input.twilio_number,
      ...(input.twilio_auth_token ? { twilioAuthToken: ctx.telephony.box.seal(input.twilio_auth_token) } : {}),
      updatedAt: new Date(),
    };
    const [row] = existing
      ? await ctx.db
          .update(twilioConfigurations)
          .set(values)
          .where(eq(twilioConfigurations.id, existing.id))
          .returning()
      : await ctx.db
          .insert(twilioConfigurations)
          .values({ communityId, twilioAuthToken: '', ...values })
          .onConflictDoUpdate({ target: twilioConfigurations.communityId, set: values })
          .returning();
    return present(row, sandbox);
  });
}
