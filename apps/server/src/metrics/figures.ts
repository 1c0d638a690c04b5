import {
  ACTION_KINDS,
  type ActionKind,
  type DonationFigures,
  METRICS_WINDOW_DAYS,
  type MetricsFigures,
} from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Figure } from '../actions/data';
import { type ACTION_DATA, actionData } from '../actions/registry';
import { countedCondition, standingCondition } from '../actions/sources';
import type { Db, Tx } from '../db/client';

/**
 * The row the figures are for (aliased `scope`): a page, a widget or a community. Each kind says how its rows belong
 * to one (`belongsTo`, an index lookup); a kind whose table names only its page belongs to a community through the
 * community's pages, archived or deleted too (what they collected is still the community's).
 */
interface MetricsScope {
  table: SQL;
  /** How a kind's rows (aliased `x`) belong to the scope. */
  rows: (kind: ActionKind) => SQL;
  subscriptions: SQL;
}

const SCOPES = {
  mobilization: {
    table: sql`mobilizations`,
    rows: (kind) => actionData(kind).belongsTo.mobilization(sql`scope.id`),
    subscriptions: sql`x.mobilization_id = scope.id`,
  },
  /** One widget: its actions, and its recurring donations. */
  widget: {
    table: sql`widgets`,
    rows: (kind) => actionData(kind).belongsTo.widget(sql`scope.id`),
    subscriptions: sql`x.widget_id = scope.id`,
  },
  community: {
    table: sql`communities`,
    rows: (kind) => {
      const { belongsTo } = actionData(kind);
      return (
        belongsTo.community?.(sql`scope.id`) ??
        belongsTo.mobilization(sql`any(array(select m.id from mobilizations m where m.community_id = scope.id))`)
      );
    },
    subscriptions: sql`x.community_id = scope.id`,
  },
} satisfies Record<string, MetricsScope>;

export type MetricsScopeName = keyof typeof SCOPES;

/** The figures every kind declares (`actions/kinds/`), by name, with their kind. */
const FIGURES = ACTION_KINDS.flatMap((kind) =>
  Object.entries(actionData(kind).metrics).map(([name, figure]) => ({ kind, name, figure: figure as Figure })),
);
type DeclaredFigure = { [K in ActionKind]: keyof (typeof ACTION_DATA)[K]['metrics'] }[ActionKind];
/** The figures counted over every kind here; with the kinds' own, every figure (or this does not compile). */
type CommonFigure = 'activists' | 'activists_last_90_days' | 'active_subscriptions' | 'last_action_at';
const everyFigure: Exclude<keyof MetricsFigures, DeclaredFigure | CommonFigure> extends never ? true : never = true;
void everyFigure;

const recent = (window: keyof typeof METRICS_WINDOW_DAYS) =>
  sql.raw(`x.created_at >= now() - interval '${Math.trunc(METRICS_WINDOW_DAYS[window])} days'`);

/** One declared figure over the union of actions: a count (or sum) of its kind's rows that stand as it says. */
function figureSql({ kind, name, figure }: (typeof FIGURES)[number]) {
  const where = [sql`x.source = ${kind}`];
  if (figure.standing === 'counted') where.push(sql`x.counted`);
  else if (figure.standing !== 'any') where.push(standingCondition(kind, figure.standing));
  if (figure.window) where.push(recent(figure.window));
  const filter = sql.join(where, sql` and `);
  const value = figure.sum
    ? sql`coalesce(sum(x.amount) filter (where ${filter}), 0)::float8`
    : sql`(count(*) filter (where ${filter}))::int`;
  return sql`${value} as ${sql.identifier(name)}`;
}

/**
 * One statement for the figures of every row in `ids`, each kind counted as core's `actions/definitions.ts` defines
 * it. Every kind's actions are read once, in one union that also yields the distinct people who took an action that
 * counts and the latest such action; subscriptions are one lookup.
 */
function metricsQuery(scope: MetricsScope, ids: number[]) {
  const branches = ACTION_KINDS.map((kind) => {
    const d = actionData(kind);
    const rows = d.rows?.(sql`x`);
    return sql`select ${kind}::text as source, x.activist_id, x.created_at, ${d.state} as status,
        ${d.amount} as amount, ${countedCondition(kind)} as counted
      from ${sql.raw(d.table)} x ${d.joins ?? sql``}
      where ${scope.rows(kind)}${rows ? sql` and ${rows}` : sql``}`;
  });
  const recentAction = recent('actions');
  return sql`
    select scope.id, acts.*, sb.active_subscriptions
    from ${scope.table} scope
    cross join lateral (
      select count(distinct x.activist_id) filter (where x.counted)::int as activists,
        (count(distinct x.activist_id) filter (where x.counted and ${recentAction}))::int as activists_last_90_days,
        max(x.created_at) filter (where x.counted) as last_action_at,
        ${sql.join(FIGURES.map(figureSql), sql`, `)}
      from (${sql.join(branches, sql` union all `)}) x
    ) acts
    cross join lateral (
      select count(*)::int as active_subscriptions from subscriptions x where ${scope.subscriptions} and x.status = 'active'
    ) sb
    where scope.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
}

function presentFigures(row: Record<string, unknown>): MetricsFigures {
  const n = (v: unknown) => Number(v ?? 0);
  const last = row.last_action_at as string | Date | null;
  const figures: Record<string, number | string | null> = {
    activists: n(row.activists),
    activists_last_90_days: n(row.activists_last_90_days),
  };
  for (const { name } of FIGURES) figures[name] = n(row[name]);
  figures.active_subscriptions = n(row.active_subscriptions);
  figures.last_action_at = last ? new Date(last).toISOString() : null;
  return figures as unknown as MetricsFigures;
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

/** One line of the actions by origin: the embedding site (null: the page itself) and its actions that count. */
export interface OriginFigures {
  origin: string | null;
  actions: number;
}

/**
 * The actions that count of one page or community by where they were taken (issue 35): the page itself (`origin`
 * null) first, then each embedding site, most actions first; one page of those lines at a time, with how many there
 * are. The rows are found as the figures find them (each kind's `belongsTo`, an index lookup), so this costs what
 * the figures cost.
 */
export async function actionsByOrigin(
  db: Db | Tx,
  scope: 'mobilization' | 'community',
  id: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ origins: OriginFigures[]; total: number }> {
  const s = SCOPES[scope];
  const branches = ACTION_KINDS.map((kind) => {
    const d = actionData(kind);
    const rows = d.rows?.(sql`x`);
    return sql`select x.origin from ${sql.raw(d.table)} x ${d.joins ?? sql``}
      where ${s.rows(kind)}${rows ? sql` and ${rows}` : sql``} and ${countedCondition(kind)}`;
  });
  const result = (await db.execute(sql`
    select g.origin, g.actions, count(*) over ()::int as total
    from (
      select x.origin, count(*)::int as actions
      from ${s.table} scope cross join lateral (${sql.join(branches, sql` union all `)}) x
      where scope.id = ${id}
      group by x.origin
    ) g
    order by g.origin is not null, g.actions desc, g.origin
    limit ${limit} offset ${offset}`)) as unknown as {
    rows: { origin: string | null; actions: number; total: number }[];
  };
  return {
    origins: result.rows.map((r) => ({ origin: r.origin, actions: Number(r.actions) })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}
