import { type Actor, policies, twilioConfigurationSchema } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { twilioConfigurations } from '../db/schema';
import { AppError } from '../http/errors';
import { parseBody } from '../http/validate';
import { findCommunityFor } from './service';

export async function readTwilioConfiguration(ctx: Pick<AppContext, 'db'>, communityId: number) {
  const [row] = await ctx.db
    .select()
    .from(twilioConfigurations)
    .where(eq(twilioConfigurations.communityId, communityId))
    .limit(1);
  return row;
}

/**
 * Saves the community's Twilio settings (the Twilio tab's `PUT`, and GraphQL's `addTwilioConfiguration` and
 * `updateTwilioConfiguration`): a stranger gets the 404 of a missing community, a member the policy does not let
 * manage it a 403 on `twilio.readOnly` (spec 01 §6 lets every member); the fields are checked by the core schema; the token is sealed, and a blank one keeps the
 * stored token (it is required when there is none).
 */
export async function saveTwilioConfiguration(
  ctx: AppContext,
  actor: Actor,
  communityId: number,
  /** The fields as the core schema names them, read once the caller may change the settings. */
  body: () => unknown,
) {
  const { membership } = await findCommunityFor(ctx.db, actor, communityId);
  if (!policies.canManageCommunity(actor, membership)) throw new AppError('forbidden', undefined, 'twilio.readOnly');
  const input = parseBody(twilioConfigurationSchema, body(), 'unprocessable');
  const existing = await readTwilioConfiguration(ctx, communityId);
  if (!existing && !input.twilio_auth_token)
    throw new AppError('unprocessable', { twilio_auth_token: ['twilio.tokenRequired'] });
  const values = {
    twilioAccountSid: input.twilio_account_sid,
    twilioNumber: input.twilio_number,
    ...(input.twilio_auth_token ? { twilioAuthToken: ctx.telephony.box.seal(input.twilio_auth_token) } : {}),
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await ctx.db.update(twilioConfigurations).set(values).where(eq(twilioConfigurations.id, existing.id)).returning()
    : await ctx.db
        .insert(twilioConfigurations)
        .values({ communityId, twilioAuthToken: '', ...values })
        .onConflictDoUpdate({ target: twilioConfigurations.communityId, set: values })
        .returning();
  if (!row) throw new Error('twilio_configurations write returned nothing');
  return row;
}
