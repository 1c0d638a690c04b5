import { type DonationFigures, METRICS_WINDOW_DAYS, type MetricsFigures } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { countedCondition, standingCondition } from '../actions/sources';
import type { Db, Tx } from '../db/client';

/**
 * How the rows of each source (aliased `x`) belong to the row the figures are for (aliased `scope`). Every
 * condition is an index lookup: on `mobilization_id` for a page; on `community_id` (or the community's page ids)
 * for a community; on `widget_id` for a widget.
 */
interface MetricsScope {
  table: SQL;
  /** form_entries and activist_pressures, which name only their page. */
  pageActions: SQL;
  /** donations: a widget's include the later charges of its recurring donations, which name no widget. */
  donations: SQL;
  subscriptions: SQL;
  /** A from-clause over the scope's twilio_calls, aliased `x`. */
  calls: SQL;
}

const SCOPES = {
  mobilization: {
    table: sql`mobilizations`,
    pageActions: sql`x.mobilization_id = scope.id`,
    donations: sql`x.mobilization_id = scope.id`,
    subscriptions: sql`x.mobilization_id = scope.id`,
    // A call belongs to a widget; the widget's block says which page it is on.
    calls: sql`twilio_calls x join widgets w on w.id = x.widget_id join blocks b on b.id = w.block_id
      where b.mobilization_id = scope.id`,
  },
  /** One widget: its actions, its donations and its recurring donations (each table has a `widget_id` index). */
  widget: {
    table: sql`widgets`,
    pageActions: sql`x.widget_id = scope.id`,
    donations: sql`(x.widget_id = scope.id
      or x.subscription_id = any(array(select s.id from subscriptions s where s.widget_id = scope.id)))`,
    subscriptions: sql`x.widget_id = scope.id`,
    calls: sql`twilio_calls x where x.widget_id = scope.id`,
  },
  community: {
    table: sql`communities`,
    // Every page of the community, archived or deleted too: what they collected is still the community's.
    pageActions: sql`x.mobilization_id = any(array(select m.id from mobilizations m where m.community_id = scope.id))`,
    // Donations keep their community when their page is gone (mobilization_id set null).
    donations: sql`x.community_id = scope.id`,
    subscriptions: sql`x.community_id = scope.id`,
    calls: sql`twilio_calls x where x.community_id = scope.id`,
  },
} satisfies Record<string, MetricsScope>;

export type MetricsScopeName = keyof typeof SCOPES;

const since = (days: number) => sql.raw(`now() - interval '${Math.trunc(days)} days'`);
const RECENT_ACTION = sql`x.created_at >= ${since(METRICS_WINDOW_DAYS.actions)}`;
const RECENT_DONATION = sql`x.created_at >= ${since(METRICS_WINDOW_DAYS.donations)}`;

/**
 * One statement for the figures of every row in `ids`, each kind counted as core's `actions/definitions.ts` defines
 * it (`actions/sources.ts`). Form entries, e-mail pressures, calls and donations are read once, in one union that
 * also yields the distinct people who took an action that counts and the latest such action; subscriptions are one
 * lookup. Every count has its recent window.
 */
function metricsQuery(scope: MetricsScope, ids: number[]) {
  const { table, pageActions, donations, subscriptions, calls } = scope;
  const of = (source: string, extra?: SQL) => sql`x.source = ${source}${extra ? sql` and ${extra}` : sql``}`;
  const counted = sql`x.counted`;
  const recentAction = sql`${counted} and ${RECENT_ACTION}`;
  const paid = of('donation', counted);
  return sql`
    select scope.id, acts.*, sb.active_subscriptions
    from ${table} scope
    cross join lateral (
      select count(distinct x.activist_id) filter (where ${counted})::int as activists,
        (count(distinct x.activist_id) filter (where ${recentAction}))::int as activists_recent,
        max(x.created_at) filter (where ${counted}) as last_action_at,
        (count(*) filter (where ${of('form')}))::int as form_entries,
        (count(*) filter (where ${of('form', RECENT_ACTION)}))::int as form_entries_recent,
        (count(*) filter (where ${of('pressure')}))::int as pressures,
        (count(*) filter (where ${of('pressure', RECENT_ACTION)}))::int as pressures_recent,
        (count(*) filter (where ${of('call', counted)}))::int as phone_pressures,
        (count(*) filter (where ${of('call', recentAction)}))::int as phone_pressures_recent,
        (count(*) filter (where ${of('call')}))::int as phone_calls,
        (count(*) filter (where ${of('call', RECENT_ACTION)}))::int as phone_calls_recent,
        (count(*) filter (where ${paid}))::int as donations,
        (count(*) filter (where ${paid} and ${RECENT_DONATION}))::int as donations_recent,
        coalesce(sum(x.amount) filter (where ${paid}), 0)::float8 as raised,
        coalesce(sum(x.amount) filter (where ${paid} and ${RECENT_DONATION}), 0)::float8 as raised_recent,
        (count(*) filter (where ${of('donation', standingCondition('donation', 'pending'))}))::int as pending,
        (count(*) filter (where ${of('donation', standingCondition('donation', 'attempt'))}))::int as refused,
        (count(*) filter (where ${of('donation', standingCondition('donation', 'returned'))}))::int as refunded
      from (
        select 'form' as source, x.activist_id, x.created_at, null::text as status, null::int as amount,
          true as counted
          from form_entries x where ${pageActions}
        union all
        select 'pressure', x.activist_id, x.created_at, null, null, true
          from activist_pressures x where ${pageActions} and ${countedCondition('pressure')}
        union all
        select 'call', x.activist_id, x.created_at, x.status, null, ${countedCondition('pressure-phone')} from ${calls}
        union all
        select 'donation', x.activist_id, x.created_at, x.status, x.amount, ${countedCondition('donation')}
          from donations x where ${donations}
      ) x
    ) acts
    cross join lateral (
      select count(*)::int as active_subscriptions from subscriptions x where ${subscriptions} and x.status = 'active'
    ) sb
    where scope.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
}

function presentFigures(row: Record<string, unknown>): MetricsFigures {
  const n = (v: unknown) => Number(v ?? 0);
  const last = row.last_action_at as string | Date | null;
  return {
    activists: n(row.activists),
    activists_last_90_days: n(row.activists_recent),
    form_entries: n(row.form_entries),
    form_entries_last_90_days: n(row.form_entries_recent),
    pressures: n(row.pressures),
    pressures_last_90_days: n(row.pressures_recent),
    phone_pressures: n(row.phone_pressures),
    phone_pressures_last_90_days: n(row.phone_pressures_recent),
    phone_calls: n(row.phone_calls),
    phone_calls_last_90_days: n(row.phone_calls_recent),
    donations: n(row.donations),
    donations_last_30_days: n(row.donations_recent),
    total_fund_raising: n(row.raised),
    fund_raising_last_30_days: n(row.raised_recent),
    pending_donations: n(row.pending),
    refused_donations: n(row.refused),
    refunded_donations: n(row.refunded),
    active_subscriptions: n(row.active_subscriptions),
    last_action_at: last ? new Date(last).toISOString() : null,
  };
}

/** The figures of each existing row of `ids` in the scope, by id. Callers check access first. */
export async function metricsOf(db: Db | Tx, scope: MetricsScopeName, ids: number[]) {
  const figures = new Map<number, MetricsFigures>();
  if (!ids.length) return figures;
  const result = (await db.execute(metricsQuery(SCOPES[scope], ids))) as unknown as {
    rows: Record<string, unknown>[];
  };
  for (const row of result.rows) figures.set(Number(row.id), presentFigures(row));
  return figures;
}

/** A donation widget's figures for its organisers: the donation part of its metrics. Callers check access first. */
export async function donationFiguresOf(db: Db | Tx, widgetId: number): Promise<DonationFigures> {
  const m = (await metricsOf(db, 'widget', [widgetId])).get(widgetId);
  return {
    pledged: m?.total_fund_raising ?? 0,
    paid: m?.donations ?? 0,
    pending: m?.pending_donations ?? 0,
    refused: m?.refused_donations ?? 0,
    refunded: m?.refunded_donations ?? 0,
    recurring_active: m?.active_subscriptions ?? 0,
  };
}
