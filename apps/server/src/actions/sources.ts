import {
  ACTION_DEFINITIONS,
  ACTION_KINDS,
  type ActionDefinition,
  type ActionKind,
  type ActionStanding,
} from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';

/*
 * The server's half of core's `actions/definitions.ts`: where each kind of action is stored and which of its rows
 * count, in SQL. The rule itself is written once, as migration 0032's functions (`mutirao_donation_counts`,
 * `mutirao_call_counts`, `mutirao_pressure_counts`), which the widget counters' triggers call too; this file is the
 * only place the queries name them. The counters, the Métricas figures, the donation stats, the mobilization list,
 * the reports, the people list and profile and the Mailchimp sync all read their actions from here.
 */

/** The tables whose rows are actions, each counted per widget by the counting triggers of migration 0032. */
export const ACTION_TABLES = ['form_entries', 'activist_pressures', 'twilio_calls', 'donations'] as const;
export type ActionTable = (typeof ACTION_TABLES)[number];

/** Where a kind's actions are stored and how one of its rows (aliased `x`) reads as an action. */
export interface KindActions {
  /** Its table, also the `source` its consents point into (`activist_consents.source`). */
  table: ActionTable;
  /**
   * Which rows of the table (aliased as given) are actions of this kind at all, counted or not: a phone visit's
   * pressure row is none. Undefined: every row.
   */
  rows?: (x: SQL) => SQL;
  /** Which of those count (`actions/definitions.ts`). Undefined: every one. */
  counted?: (x: SQL) => SQL;
  /** The row's state (a donation's or a call's), for the profile's wording; null for a kind without states. */
  state: SQL;
  /** The row's page: its own column, or its widget's block's for a call. */
  mobilization: SQL;
  /** The row's widget: a recurring donation's later charges count for their subscription's widget. */
  widget: SQL;
  /** Joins that `mobilization` and `widget` need. */
  joins?: SQL;
  /** Integer cents for a donation, null otherwise. */
  amount: SQL;
}

export const ACTION_SOURCES = {
  form: {
    table: 'form_entries',
    state: sql`null::text`,
    mobilization: sql`x.mobilization_id`,
    widget: sql`x.widget_id`,
    amount: sql`null::int`,
  },
  pressure: {
    table: 'activist_pressures',
    rows: (x) => sql`mutirao_pressure_counts(${x}.channel)`,
    state: sql`null::text`,
    mobilization: sql`x.mobilization_id`,
    widget: sql`x.widget_id`,
    amount: sql`null::int`,
  },
  'pressure-phone': {
    table: 'twilio_calls',
    counted: (x) => sql`mutirao_call_counts(${x}.status)`,
    state: sql`x.status`,
    mobilization: sql`xb.mobilization_id`,
    widget: sql`x.widget_id`,
    joins: sql`join widgets xw on xw.id = x.widget_id join blocks xb on xb.id = xw.block_id`,
    amount: sql`null::int`,
  },
  donation: {
    table: 'donations',
    counted: (x) => sql`mutirao_donation_counts(${x}.status)`,
    state: sql`x.status`,
    mobilization: sql`x.mobilization_id`,
    widget: sql`coalesce(x.widget_id, xs.widget_id)`,
    joins: sql`left join subscriptions xs on xs.id = x.subscription_id`,
    amount: sql`x.amount`,
  },
} as const satisfies Record<ActionKind, KindActions>;

const source = (kind: ActionKind): KindActions => ACTION_SOURCES[kind];

/** The conditions that a row of the kind's table, aliased `alias`, is an action of the kind (that counts). */
function conditionsOf(kind: ActionKind, alias: string, counted: boolean): SQL[] {
  const x = sql.raw(alias);
  const { rows, counted: counts } = source(kind);
  return [rows?.(x), counted ? counts?.(x) : undefined].filter((c): c is SQL => c !== undefined);
}

/** The condition that a row of the kind's table, aliased `alias`, is an action of the kind that counts. */
export function countedCondition(kind: ActionKind, alias = 'x'): SQL {
  const conditions = conditionsOf(kind, alias, true);
  return conditions.length ? sql`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

/**
 * The condition that a row of a kind with states (aliased `alias`) stands as given: `counted` by the SQL functions,
 * the others by core's table of states (the Métricas screens' pending, refused and refunded donations).
 */
export function standingCondition(kind: 'donation' | 'pressure-phone', standing: ActionStanding, alias = 'x'): SQL {
  if (standing === 'counted') return countedCondition(kind, alias);
  const standings = (ACTION_DEFINITIONS[kind] as ActionDefinition).standings ?? {};
  const states = Object.keys(standings).filter((state) => standings[state] === standing);
  return sql`${sql.raw(alias)}.status in (${sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  )})`;
}

/**
 * Every action of the given kinds as one relation, `(activist_id, kind, mobilization_id, widget_id, created_at, id,
 * source, state, amount)`: only those that count (`counted`), or every one with its state (a person's profile shows
 * attempts for what they are). A caller's condition on `activist_id`, `mobilization_id` or `created_at` is pushed into
 * each branch by the planner, so each reads through its table's index.
 */
export function actionsRelation({
  kinds = ACTION_KINDS,
  counted = true,
}: {
  kinds?: readonly ActionKind[];
  counted?: boolean;
} = {}): SQL {
  const branches = kinds.map((kind) => {
    const s = source(kind);
    const conditions = conditionsOf(kind, 'x', counted);
    return sql`select x.activist_id, ${kind}::text as kind, ${s.mobilization} as mobilization_id,
      ${s.widget} as widget_id, x.created_at, x.id, ${s.table}::text as source, ${s.state} as state,
      ${s.amount} as amount
      from ${sql.raw(s.table)} x ${s.joins ?? sql``}
      ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`;
  });
  return sql`(${sql.join(branches, sql` union all `)})`;
}
