import { sql } from 'drizzle-orm';
import type { ActionData } from '../data';

/**
 * A donation: a paid charge (core's `DONATION_STANDINGS`), a recurring gift's later charges included, which count
 * for their subscription's widget. A donation keeps its donor as given at checkout (`customer`).
 */
export const donationActions = {
  table: 'donations',
  tables: ['donations', 'subscriptions'],
  counted: (x) => sql`mutirao_donation_counts(${x}.status)`,
  state: sql`x.status`,
  mobilization: sql`x.mobilization_id`,
  widget: sql`coalesce(x.widget_id, xs.widget_id)`,
  joins: sql`left join subscriptions xs on xs.id = x.subscription_id`,
  amount: sql`x.amount`,
  belongsTo: {
    mobilization: (id) => sql`x.mobilization_id = ${id}`,
    // Each table has a `widget_id` index; the later charges name only their subscription.
    widget: (id) => sql`(x.widget_id = ${id}
      or x.subscription_id = any(array(select s.id from subscriptions s where s.widget_id = ${id})))`,
    // A donation keeps its community when its page is gone (mobilization_id set null).
    community: (id) => sql`x.community_id = ${id}`,
  },
  customer: sql`jsonb_build_object('name', x.customer->>'name', 'email', x.customer->>'email',
    'phone', nullif(concat_ws(' ', x.customer->'phone'->>'ddd', x.customer->'phone'->>'number'), ''),
    'city', x.customer->'address'->>'city')`,
  reportColumn: 'communityReports.colDonations',
  metrics: {
    donations: { standing: 'counted' },
    donations_last_30_days: { standing: 'counted', window: 'donations' },
    total_fund_raising: { standing: 'counted', sum: 'amount' },
    fund_raising_last_30_days: { standing: 'counted', window: 'donations', sum: 'amount' },
    pending_donations: { standing: 'pending' },
    refused_donations: { standing: 'attempt' },
    refunded_donations: { standing: 'returned' },
  },
  personalData: [
    {
      key: 'donations',
      query: (activistId) =>
        sql`select x.id, x.created_at, x.mobilization_id, m.name as mobilization_name, x.widget_id, x.amount,
            x.payment_method, x.status, x.customer
          from donations x left join mobilizations m on m.id = x.mobilization_id
          where x.activist_id = ${activistId} order by x.created_at`,
      details: (r) => ({ amount: r.amount, status: r.status, customer: r.customer }),
    },
    {
      key: 'subscriptions',
      query: (activistId) =>
        sql`select x.id, x.created_at, x.mobilization_id, m.name as mobilization_name, x.amount, x.period, x.status,
            x.customer, x.canceled_at
          from subscriptions x left join mobilizations m on m.id = x.mobilization_id
          where x.activist_id = ${activistId} order by x.created_at`,
      details: (r) => ({ amount: r.amount, period: r.period, status: r.status }),
    },
  ],
  erasure: [
    // Amount, method and status stay; the donor goes, from the provider's answers too (a Pagar.me transaction names
    // its customer, card, address, phone and billing; its postback, kept as `last_postback`, all of them again).
    {
      count: 'donation',
      statement: (activistId) => sql`
        update donations set activist_id = null, customer = null,
          gateway_data = gateway_data - 'customer' - 'card' - 'address' - 'phone' - 'billing' - 'last_postback'
        where activist_id = ${activistId} returning id`,
    },
    // A recurring gift is canceled (nothing is charged to nobody) and loses donor, card and manage link.
    {
      count: 'subscription',
      statement: (activistId) => sql`
        update subscriptions set activist_id = null, customer = null, card_data = null, manage_token_hash = null,
          manage_token_expires_at = null, retry_at = null,
          status = case when status in ('active', 'pending', 'unpaid') then 'canceled' else status end,
          canceled_at = case when status in ('active', 'pending', 'unpaid') then now() else canceled_at end,
          updated_at = now()
        where activist_id = ${activistId} returning id`,
    },
  ],
} as const satisfies ActionData;
