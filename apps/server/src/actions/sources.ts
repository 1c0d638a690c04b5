import {
  ACTION_DEFINITIONS,
  ACTION_KINDS,
  type ActionDefinition,
  type ActionKind,
  type ActionStanding,
} from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { actionData } from './registry';

/*
 * The server's half of core's `actions/definitions.ts`: each kind's actions as SQL, from the kinds' declarations
 * (`actions/registry.ts`). Which rows count is written once, as migration 0032's functions
 * (`mutirao_donation_counts`, `mutirao_call_counts`, `mutirao_pressure_counts`), which the widget counters' triggers
 * call too. The counters, the Métricas figures, the donation stats, the mobilization list, the reports, the people
 * list and profile and the Mailchimp sync read their actions through here or the registry.
 */

/** The conditions that a row of the kind's table, aliased `alias`, is an action of the kind (that counts). */
function conditionsOf(kind: ActionKind, alias: string, counted: boolean): SQL[] {
  const x = sql.raw(alias);
  const { rows, counted: counts } = actionData(kind);
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
export function standingCondition(kind: ActionKind, standing: ActionStanding, alias = 'x'): SQL {
  if (standing === 'counted') return countedCondition(kind, alias);
  const standings = (ACTION_DEFINITIONS[kind] as ActionDefinition).standings ?? {};
  const states = Object.keys(standings).filter((state) => standings[state] === standing);
  // A kind without states: every row counts, so none stands otherwise.
  if (!states.length) return sql`false`;
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
    const s = actionData(kind);
    const conditions = conditionsOf(kind, 'x', counted);
    return sql`select x.activist_id, ${kind}::text as kind, ${s.mobilization} as mobilization_id,
      ${s.widget} as widget_id, x.created_at, x.id, ${s.table}::text as source, ${s.state} as state,
      ${s.amount} as amount
      from ${sql.raw(s.table)} x ${s.joins ?? sql``}
      ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`;
  });
  return sql`(${sql.join(branches, sql` union all `)})`;
}
