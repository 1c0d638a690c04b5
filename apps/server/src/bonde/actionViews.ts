import { ACTION_KINDS, type ActionKind } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ACTION_DATA, actionData } from '../actions/registry';
import { workableCommunityFilter } from '../communities/access';
import type { GraphQLModule } from '../graphql/policy';

/*
 * Bonde's views of actions, under Bonde's names and columns (its `participations`, `donation_transactions` and
 * `activist_pressures_range`), served as views over our own tables: each is a query the generated surface reads
 * as if it were a table (`ViewSource` in `graphql/policy.ts`), with its `_bool_exp`, `_aggregate` and permission.
 * Nothing is stored twice. Each kind's rows come from its declaration (`actions/registry.ts`): its table, which rows
 * are actions and which count, its page and widget. Only counted actions are participations: a refused payment or
 * an unanswered call is none (core's `actions/definitions.ts`). Bonde's timestamps have no time zone; ours are read
 * in UTC.
 */

/** Bonde's `participate_kind` for each kind of action; a kind added to core does not compile until named here. */
const PARTICIPATE_KIND = {
  form: sql`'form_entry'`,
  pressure: sql`'activist_pressure'`,
  'pressure-phone': sql`'activist_pressure'`,
  donation: sql`case when x.subscription_id is null then 'donation' else 'subscription' end`,
} as const satisfies Record<ActionKind, SQL>;

/**
 * The counted actions of some kinds, one row each with its person, in Bonde's columns. Each kind's page joins its
 * community, so a filter on `community_id`, `mobilization_id` or `widget_id` reaches every kind's own index.
 */
function participationRows(kinds: readonly ActionKind[], withPerson: boolean) {
  return sql.join(
    kinds.map((kind) => {
      const d = actionData(kind);
      const x = sql`x`;
      return sql`select xpm.community_id, xpm.id as mobilization_id, ${d.widget} as widget_id,
          x.activist_id, xa.email, (x.created_at at time zone 'UTC') as participate_at,
          ${PARTICIPATE_KIND[kind]} as participate_kind, x.id as participate_id
        from ${sql.identifier(d.table)} x ${d.joins ?? sql``}
          join mobilizations xpm on xpm.id = ${d.mobilization}
          left join activists xa on xa.id = x.activist_id
        where ${d.rows?.(x) ?? sql`true`} and ${d.counted?.(x) ?? sql`true`}
          ${withPerson ? sql`and x.activist_id is not null` : sql``}`;
    }),
    sql` union all `,
  );
}

/**
 * One row per counted action and its person (Bonde's `participations`): an action whose person was erased has none
 * and is left out, as Bonde's view joined its activists. `participate_id` is the action's own id.
 */
export const participations = pgTable('participations', {
  communityId: integer('community_id'),
  mobilizationId: integer('mobilization_id'),
  widgetId: integer('widget_id'),
  activistId: integer('activist_id'),
  email: text('email'),
  participateAt: timestamp('participate_at'),
  participateKind: text('participate_kind'),
  /** Not unique across kinds: the view's key only breaks ties in its order. */
  participateId: integer('participate_id').primaryKey(),
});

/**
 * Each pressure widget's pressures per day (Bonde's `activist_pressures_range`): e-mail pressures and completed
 * calls, whoever made them (an erased person's too), the day in UTC. `community_id` is not in the schema; the permission reads it.
 */
export const activistPressuresRange = pgTable('activist_pressures_range', {
  widgetId: integer('widget_id'),
  /** The day (midnight UTC); the view's key only breaks ties in its order. */
  createdAt: timestamp('created_at').primaryKey(),
  total: integer('total'),
  communityId: integer('community_id'),
});

const donation = ACTION_DATA.donation;

/**
 * Every charge sent to the payment provider (Bonde's `donation_transactions`), with its state. `payable_amount` is
 * what the community receives, in reais, once the charge is paid (null before, as Bonde's payables); Bonde's
 * `payable_date` and `payable_status` (the provider's transfer to the bank) are not kept by us and read null.
 */
export const donationTransactions = pgTable('donation_transactions', {
  donationId: integer('donation_id').primaryKey(),
  communityId: integer('community_id'),
  widgetId: integer('widget_id'),
  mobilizationId: integer('mobilization_id'),
  blockId: integer('block_id'),
  activistId: integer('activist_id'),
  donationEmail: text('donation_email'),
  donationAmount: integer('donation_amount'),
  subscriptionId: integer('subscription_id'),
  transactionStatus: text('transaction_status'),
  paymentDate: timestamp('payment_date'),
  payableDate: timestamp('payable_date'),
  payableAmount: doublePrecision('payable_amount'),
  payableStatus: text('payable_status'),
  subscriptionStatus: text('subscription_status'),
});

export const actionViewsGraphQL: GraphQLModule = {
  tables: {
    participations: {
      view: { table: participations, rows: participationRows(ACTION_KINDS, true) },
      select: (actor) => workableCommunityFilter(actor, participations.communityId),
    },
    activist_pressures_range: {
      view: {
        table: activistPressuresRange,
        rows: sql`select widget_id, participate_at::date::timestamp as created_at, count(*)::int as total, community_id
          from (${participationRows(['pressure', 'pressure-phone'], false)}) p group by widget_id, 2, community_id`,
      },
      hidden: ['community_id'],
      select: (actor) => workableCommunityFilter(actor, activistPressuresRange.communityId),
    },
    donation_transactions: {
      view: {
        table: donationTransactions,
        rows: sql`select x.id as donation_id, x.community_id, ${donation.widget} as widget_id,
            ${donation.mobilization} as mobilization_id, xdw.block_id, x.activist_id,
            x.customer->>'email' as donation_email, x.amount / 100 as donation_amount, x.subscription_id,
            x.status as transaction_status, (x.created_at at time zone 'UTC') as payment_date,
            null::timestamp as payable_date,
            case when ${donation.counted(sql`x`)} then x.amount / 100.0 end::float8 as payable_amount,
            null::text as payable_status, xs.status as subscription_status
          from donations x ${donation.joins} left join widgets xdw on xdw.id = ${donation.widget}
          where x.transaction_id is not null`,
      },
      select: (actor) => workableCommunityFilter(actor, donationTransactions.communityId),
    },
  },
};
