import type { ActionStanding, MessageKey, MetricsFigures } from '@mutirao/core';
import type { SQL } from 'drizzle-orm';
import type * as schema from '../db/schema';

/**
 * What a kind of action stores about people, declared once per kind in `actions/kinds/` and listed in
 * `actions/registry.ts`. Erasure, the personal-data export, the people list's filters and counts, the reports, the
 * Métricas figures and the Mailchimp sync read these declarations; none of them names a kind. In every SQL fragment the
 * kind's table is aliased `x`.
 */
export interface ActionData {
  /** The table whose rows are the actions, also the `source` its consents point into (`activist_consents.source`). */
  table: ActionTable;
  /**
   * Which rows of the table are actions of this kind at all, counted or not: a phone visit's pressure row is none.
   * Undefined: every row.
   */
  rows?: (x: SQL) => SQL;
  /** Which of those count (core's `actions/definitions.ts`, as migration 0032's SQL functions). Undefined: all. */
  counted?: (x: SQL) => SQL;
  /** The row's state (a donation's or a call's), for the profile's wording; null for a kind without states. */
  state: SQL;
  /** The row's page: its own column, or its widget's block's for a call. */
  mobilization: SQL;
  /** The row's widget: a recurring donation's later charges count for their subscription's widget. */
  widget: SQL;
  /** Joins that `mobilization` and `widget` need (aliases `x…`). */
  joins?: SQL;
  /** Integer cents for a donation, null otherwise. */
  amount: SQL;
  /**
   * The conditions that a row belongs to a page, a widget or a community (`id`), each served by an index of the
   * table. `community` is undefined for a table that names only its page: its rows are read page by page.
   */
  belongsTo: { mobilization: (id: SQL) => SQL; widget: (id: SQL) => SQL; community?: (id: SQL) => SQL };
  /**
   * The person a row names when it has no person (a donation keeps its donor as given at checkout): a jsonb with
   * `name`, `email`, `phone` and `city`. Undefined: the row names its person only through `activist_id`.
   */
  customer?: SQL;
  /** Its column of counts in the activists report (`activists.csv`). */
  reportColumn: MessageKey;
  /**
   * The Métricas figures it gives, each the count of its rows in a standing ('any': every row), in the recent window
   * given, or their amounts summed.
   */
  metrics: Partial<Record<keyof MetricsFigures, Figure>>;
  /** What the personal-data export (LGPD access) gives of the person's rows: one section per table. */
  personalData: readonly PersonalSection[];
  /**
   * How erasure (LGPD) treats the person's rows, in order, in the erasure's transaction: the action stays (counts and
   * totals stay right) and nothing of the person does. Each step may name its count in the audit row.
   */
  erasure: readonly ErasureStep[];
  /** The tables of the schema this declaration covers, erasure included (checked by `actions/registry.ts`). */
  tables: readonly SchemaTable[];
}

export interface Figure {
  standing: ActionStanding | 'any';
  window?: 'actions' | 'donations';
  sum?: 'amount';
}

export interface PersonalSection {
  /** Its key in the JSON export. */
  key: string;
  /** The person's rows, oldest first: `id`, `created_at`, `mobilization_name` when it has one, and the rest. */
  query: (activistId: number) => SQL;
  /** What the CSV export's 'Detalhes' cell shows of a row. */
  details: (row: Record<string, unknown>) => unknown;
}

export interface ErasureStep {
  /** The name of its count of rows in the audit's `anonymised` (its statement then returns the rows it changed). */
  count?: string;
  statement: (activistId: number) => SQL;
}

/** The tables whose rows are actions, each counted per widget by the counting triggers of migration 0032. */
export const ACTION_TABLES = ['form_entries', 'activist_pressures', 'twilio_calls', 'donations'] as const;
export type ActionTable = (typeof ACTION_TABLES)[number];

/** The schema's tables by their export name in `db/schema`. */
export type SchemaTable = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { name: string } } ? K : never;
}[keyof typeof schema];

/** The schema's tables whose rows name a person (`activist_id`): each must be declared by a kind or by erasure. */
export type TableNamingAPerson = {
  [K in SchemaTable]: (typeof schema)[K] extends { activistId: unknown } ? K : never;
}[SchemaTable];
