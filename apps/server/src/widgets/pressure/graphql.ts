import { and, count, desc, eq } from 'drizzle-orm';
import { workableCommunityFilter } from '../../communities/access';
import { twilioCalls, twilioCallTransitions, twilioConfigurations } from '../../db/schema';
import type { GraphQLContext } from '../../graphql/context';
import type { GraphQLModule } from '../../graphql/policy';
import { actorIn } from '../../graphql/read';
import { callTopics } from '../../telephony/calls';

/*
 * The telephony operations the original admin sent (PostGraphile-style names: `allTwilioCalls`,
 * `allTwilioConfigurations`, `watchTwilioCallTransitions`), over the generated tables' permissions, and
 * `watchTwilioCallTransitions` as a subscription: the call's transitions are pushed as the status webhook records
 * them (topic `twilio_call:<widget id>`), where the original polled the query every few seconds.
 */

interface CallFilter {
  widgetId: number;
  from: string;
}

/** Calls from `from` on the widget with their transitions, newest first, in the original's flat records. */
async function transitionsOf(gctx: GraphQLContext, { widgetId, from }: CallFilter) {
  const rows = await gctx.app.db
    .select({ call: twilioCalls, transition: twilioCallTransitions })
    .from(twilioCalls)
    .leftJoin(twilioCallTransitions, eq(twilioCallTransitions.twilioCallId, twilioCalls.id))
    .where(
      and(
        eq(twilioCalls.widgetId, widgetId),
        eq(twilioCalls.from, from),
        workableCommunityFilter(actorIn(gctx), twilioCalls.communityId),
      ),
    )
    .orderBy(
      desc(twilioCalls.createdAt),
      desc(twilioCalls.id),
      desc(twilioCallTransitions.createdAt),
      desc(twilioCallTransitions.id),
    )
    .limit(RECORDS);
  return rows.map(({ call, transition }) => ({
    widgetId: call.widgetId,
    activistId: call.activistId,
    twilioCallId: call.id,
    twilioCallAccountSid: null,
    twilioCallCallSid: call.twilioCallSid,
    twilioCallFrom: call.from,
    twilioCallTo: call.to,
    twilioCallTransitionId: transition?.id ?? null,
    twilioCallTransitionSequenceNumber: transition?.sequenceNumber ?? null,
    twilioCallTransitionStatus: transition?.status ?? null,
    twilioCallTransitionCallDuration: transition?.callDuration ?? null,
    twilioCallTransitionCreatedAt: transition?.createdAt.toISOString() ?? null,
    twilioCallTransitionUpdatedAt: transition?.createdAt.toISOString() ?? null,
  }));
}

/** A number's calls on one widget are a handful; this bounds a list that only a script could grow. */
const RECORDS = 50;

/** The community's Twilio settings, the token never read back. */
async function configurations(gctx: GraphQLContext, communityId?: number | null) {
  const surface = gctx.surface;
  const rows = await surface.rows(
    surface.table('twilio_configurations'),
    gctx,
    {},
    communityId ? eq(twilioConfigurations.communityId, communityId) : undefined,
  );
  return rows.map((r) => ({
    id: r.id,
    communityId: r.community_id,
    twilioAccountSid: r.twilio_account_sid,
    twilioAuthToken: null,
    twilioNumber: r.twilio_number,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export const telephonyGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    input TwilioCallCondition { widgetId: Int communityId: Int from: String }
    input TwilioConfigurationCondition { communityId: Int }
    input WatchTwilioCallTransitionsInput { widgetId: Int! from: String! }
    type TwilioCallsConnection { totalCount: Int! }
    type TwilioConfiguration {
      id: Int! communityId: Int! twilioAccountSid: String!
      "Write-only: always null."
      twilioAuthToken: String
      twilioNumber: String! createdAt: timestamptz! updatedAt: timestamptz!
    }
    type TwilioConfigurationsConnection { totalCount: Int! nodes: [TwilioConfiguration!]! }
    type WatchTwilioCallTransitionsRecord {
      widgetId: Int activistId: Int twilioCallId: Int twilioCallAccountSid: String twilioCallCallSid: String
      twilioCallFrom: String twilioCallTo: String twilioCallTransitionId: Int twilioCallTransitionSequenceNumber: Int
      twilioCallTransitionStatus: String twilioCallTransitionCallDuration: Int
      twilioCallTransitionCreatedAt: timestamptz twilioCallTransitionUpdatedAt: timestamptz
    }
    extend type query_root {
      "Calls of the caller's communities, counted (the original's PostGraphile connection)."
      allTwilioCalls(condition: TwilioCallCondition): TwilioCallsConnection!
      allTwilioConfigurations(condition: TwilioConfigurationCondition): TwilioConfigurationsConnection!
      "The calls from a number on a widget with their transitions, newest first (at most 50 records)."
      watchTwilioCallTransitions(call: WatchTwilioCallTransitionsInput!): [WatchTwilioCallTransitionsRecord!]!
    }
    type subscription_root {
      "The same records, sent at once and again each time a call changes state."
      watchTwilioCallTransitions(call: WatchTwilioCallTransitionsInput!): [WatchTwilioCallTransitionsRecord!]!
    }
  `,
  resolvers: {
    allTwilioCalls: async ({ condition }, gctx) => {
      const [row] = await gctx.app.db
        .select({ n: count() })
        .from(twilioCalls)
        .where(
          and(
            workableCommunityFilter(actorIn(gctx), twilioCalls.communityId),
            condition?.widgetId != null ? eq(twilioCalls.widgetId, condition.widgetId) : undefined,
            condition?.communityId != null ? eq(twilioCalls.communityId, condition.communityId) : undefined,
            condition?.from != null ? eq(twilioCalls.from, condition.from) : undefined,
          ),
        );
      return { totalCount: Number(row?.n ?? 0) };
    },
    allTwilioConfigurations: async ({ condition }, gctx) => {
      const nodes = await configurations(gctx, condition?.communityId);
      return { totalCount: nodes.length, nodes };
    },
    watchTwilioCallTransitions: ({ call }, gctx) => transitionsOf(gctx, call),
  },
  subscriptions: {
    watchTwilioCallTransitions: async function* ({ call }: { call: CallFilter }, gctx: GraphQLContext) {
      const stop = new AbortController();
      const events = gctx.app.events.listen(callTopics.widget(call.widgetId), stop.signal);
      try {
        let last = await transitionsOf(gctx, call);
        yield { watchTwilioCallTransitions: last };
        for await (const _ of events) {
          const next = await transitionsOf(gctx, call);
          if (JSON.stringify(next) === JSON.stringify(last)) continue;
          last = next;
          yield { watchTwilioCallTransitions: next };
        }
      } finally {
        stop.abort();
      }
    },
  },
};
