import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { TwilioConfiguration } from '../db/schema';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { unwrap } from '../http/validate';
import { findCommunityFor } from './service';
import { readTwilioConfiguration, saveTwilioConfiguration } from './twilioConfiguration';

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

  r.get('/api/communities/:id/twilio', { preValidation, schema: { params: idParams } }, async (request, reply) => {
    await findCommunityFor(ctx.db, actorIn(request), request.params.id);
    reply.header('cache-control', 'no-store');
    return present(await readTwilioConfiguration(ctx, request.params.id), sandbox);
  });

  r.put('/api/communities/:id/twilio', { preValidation, schema: { params: idParams } }, async (request) => {
    const body = () => unwrap(request.body, 'twilio_configuration');
    return present(await saveTwilioConfiguration(ctx, actorIn(request), request.params.id, body), sandbox);
  });
}
