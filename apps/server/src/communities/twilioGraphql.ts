import type { TwilioConfiguration } from '../db/schema';
import type { GraphQLContext } from '../graphql/context';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { AppError, type FieldErrors } from '../http/errors';
import { saveTwilioConfiguration } from './twilioConfiguration';

/*
 * The Twilio settings as Bonde's admin-client wrote them: PostGraphile-style `addTwilioConfiguration` and
 * `updateTwilioConfiguration` ({input: {config: {...}}} answering {twilioConfiguration}), and the count it reads
 * before choosing one, `postgraphql_twilio_configurations_aggregate` (the generated `twilio_configurations_aggregate`
 * under the name Hasura gave the old PostGraphile schema). Both mutations save as the Twilio tab does (the same
 * checks and messages); the token is write-only, read back as null.
 */

/** The core schema's field names, as the client named them. */
const CLIENT_NAMES: Record<string, string> = {
  twilio_account_sid: 'twilioAccountSid',
  twilio_auth_token: 'twilioAuthToken',
  twilio_number: 'twilioNumber',
};

interface ConfigInput {
  communityId: number;
  twilioAccountSid: string;
  twilioAuthToken?: string | null;
  twilioNumber: string;
}

const present = (row: TwilioConfiguration) => ({
  id: row.id,
  communityId: row.communityId,
  twilioAccountSid: row.twilioAccountSid,
  twilioAuthToken: null,
  twilioNumber: row.twilioNumber,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A community the caller does not work in is absent: the payload is null, as for a row one may not see. */
async function save(gctx: GraphQLContext, config: ConfigInput) {
  return domainErrors(gctx.locale, async () => {
    try {
      const row = await saveTwilioConfiguration(gctx.app, actorIn(gctx), config.communityId, () => ({
        twilio_account_sid: config.twilioAccountSid,
        twilio_auth_token: config.twilioAuthToken ?? '',
        twilio_number: config.twilioNumber,
      }));
      return { twilioConfiguration: present(row) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return null;
      if (!(error instanceof AppError) || !error.fields) throw error;
      const fields: FieldErrors = {};
      for (const [name, messages] of Object.entries(error.fields)) fields[CLIENT_NAMES[name] ?? name] = messages;
      throw new AppError(error.code, fields, error.message, error.reason);
    }
  });
}

export const twilioConfigurationGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    input TwilioConfigurationInput {
      communityId: Int! twilioAccountSid: String! twilioAuthToken: String! twilioNumber: String!
    }
    "The token may be left out (or blank) to keep the stored one."
    input TwilioConfigurationPatch {
      communityId: Int! twilioAccountSid: String! twilioAuthToken: String twilioNumber: String!
    }
    input AddTwilioConfigurationInput { config: TwilioConfigurationInput! }
    input UpdateTwilioConfigurationInput { config: TwilioConfigurationPatch! }
    type AddTwilioConfigurationPayload { twilioConfiguration: TwilioConfiguration }
    type UpdateTwilioConfigurationPayload { twilioConfiguration: TwilioConfiguration }
    extend type mutation_root {
      "Saves the community's Twilio settings as its Twilio tab does; null for a community the caller does not work in."
      addTwilioConfiguration(input: AddTwilioConfigurationInput!): AddTwilioConfigurationPayload
      "The same save, for settings that exist (the token may be left out to keep it)."
      updateTwilioConfiguration(input: UpdateTwilioConfigurationInput!): UpdateTwilioConfigurationPayload
    }
    extend type query_root {
      "twilio_configurations_aggregate under Bonde's name for it."
      postgraphql_twilio_configurations_aggregate(
        distinct_on: [twilio_configurations_select_column!]
        where: twilio_configurations_bool_exp
        order_by: [twilio_configurations_order_by!]
        limit: Int
        offset: Int
      ): twilio_configurations_aggregate!
    }
  `,
  resolvers: {
    addTwilioConfiguration: ({ input }, gctx) => save(gctx, input.config),
    updateTwilioConfiguration: ({ input }, gctx) => save(gctx, input.config),
    postgraphql_twilio_configurations_aggregate: (args, gctx) =>
      domainErrors(gctx.locale, () =>
        gctx.surface.aggregate(gctx.surface.table('twilio_configurations'), gctx, args as never),
      ),
  },
};
