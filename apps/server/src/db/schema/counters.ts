import { bigint, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/** How many counter rows one widget's actions spread over, so concurrent submissions rarely wait on one row. */
export const WIDGET_COUNTER_SHARDS = 16;

/**
 * Live action counts per widget, whatever the kind: one count of the rows of its kind's action table (form entries,
 * pressures, donations). Kept by the same statement-level triggers on every action table, so every path that
 * inserts or deletes rows (the API, the seed, a cascade, SQL by hand) keeps them exact, and spread over shards so
 * that a busy widget's submissions do not queue on one row lock. A widget's count is the sum of its shards. No
 * foreign key: a hard-deleted widget's cascade would otherwise refuse the trigger's last update; an orphan row is
 * harmless and never read.
 */
export const widgetCounters = pgTable(
  'widget_counters',
  {
    widgetId: integer('widget_id').notNull(),
    shard: smallint('shard').notNull(),
    actions: bigint('actions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.widgetId, t.shard] })],
);
