import { checkVisitorPhone, msg, parseTargets } from '@mutirao/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { workableCommunityFilter } from '../../communities/access';
import {
  blocks,
  mobilizations,
  twilioCalls,
  twilioCallTransitions,
  twilioConfigurations,
  widgets,
} from '../../db/schema';
import type { MutationArgs } from '../../graphql/args.generated';
import type { GraphQLContext } from '../../graphql/context';
import { domainErrors } from '../../graphql/errors';
import type { GraphQLModule } from '../../graphql/policy';
import { actorIn, rowOf } from '../../graphql/read';
import { AppError, notFound } from '../../http/errors';
import { callTopics } from '../../telephony/calls';
import { placeCall } from './phoneCall';

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

/**
 * The original admin's mutation that starts a call, for an organiser trying a phone pressure widget of a page they
 * work on: the call is recorded in the document's transaction and placed once it commits, through the same driver
 * and webhook as a visitor's.
 */
async function addTwilioCall(gctx: GraphQLContext, call: MutationArgs['addTwilioCall']['input']['call']) {
  const [widget] = await gctx.surface.rows(
    gctx.surface.table('widgets'),
    gctx,
    { limit: 1 },
    and(eq(widgets.id, call.widgetId), eq(widgets.kind, 'pressure-phone')),
  );
  if (!widget) throw notFound();
  const [page] = await gctx.app.db
    .select({ communityId: mobilizations.communityId })
    .from(blocks)
    .innerJoin(mobilizations, eq(mobilizations.id, blocks.mobilizationId))
    .where(eq(blocks.id, widget.block_id as number));
  if (!page) throw notFound();
  const targets = parseTargets(rowOf(widget).settings && (rowOf(widget).settings as { targets?: unknown }).targets);
  const target = targets.find((t) => t.channel === 'phone' && t.address === call.to.replace(/[\s().-]/g, ''));
  if (!target) throw new AppError('unprocessable', { to: [msg('kinds.pressure.selectTarget')] });
  const checked = checkVisitorPhone(call.from, targets);
  if ('error' in checked) throw new AppError('unprocessable', { from: [checked.error] });
  const account = await gctx.app.telephony.accountOf(gctx.app.db, page.communityId);
  if (!account) throw new AppError('conflict', undefined, 'kinds.pressure.noTelephony');
  const [row] = await gctx.app.db
    .insert(twilioCalls)
    .values({
      widgetId: call.widgetId,
      communityId: page.communityId,
      activistId: call.activistId ?? null,
      from: checked.phone,
      to: target.address,
    })
    .returning();
  if (!row) throw new Error('twilio_calls insert returned nothing');
  gctx.afterCommit(async (app) => {
    await placeCall(app, account, { id: row.id, widgetId: row.widgetId }, row.from, row.to);
  });
  return {
    twilioCall: {
      id: row.id,
      widgetId: row.widgetId,
      activistId: row.activistId,
      communityId: row.communityId,
      twilioAccountSid: null,
      twilioCallSid: row.twilioCallSid,
      from: row.from,
      to: row.to,
      data: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

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
    input TwilioCallInput { widgetId: Int! communityId: Int from: String! to: String! activistId: Int }
    input AddTwilioCallInput { call: TwilioCallInput! }
    type TwilioCall {
      id: Int! widgetId: Int! activistId: Int communityId: Int! twilioAccountSid: String twilioCallSid: String
      from: String! to: String! data: jsonb createdAt: timestamptz! updatedAt: timestamptz!
    }
    type AddTwilioCallPayload { twilioCall: TwilioCall }
    extend type mutation_root {
      "Starts a call from the community's number to 'from', bridged to 'to' (one of the widget's targets) once answered."
      addTwilioCall(input: AddTwilioCallInput!): AddTwilioCallPayload
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
    addTwilioCall: ({ input }, gctx) => domainErrors(gctx.locale, () => addTwilioCall(gctx, input.call)),
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
