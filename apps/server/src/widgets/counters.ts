import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { widgetCounters } from '../db/schema';

/**
 * Form-entry counts of many widgets in one query (the widget lists), from the trigger-kept shards of
 * `widget_counters`: at most 16 rows per widget, however many entries it has.
 */
export async function formEntriesCounts(db: Db | Tx, widgetIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!widgetIds.length) return counts;
  const rows = await db
    .select({ widgetId: widgetCounters.widgetId, n: sql<string>`sum(${widgetCounters.formEntries})` })
    .from(widgetCounters)
    .where(inArray(widgetCounters.widgetId, widgetIds))
    .groupBy(widgetCounters.widgetId);
  for (const row of rows) counts.set(row.widgetId, Number(row.n));
  return counts;
}

/** One widget's form-entry count; inside a transaction it includes the transaction's own entries. */
export async function formEntriesCount(db: Db | Tx, widgetId: number): Promise<number> {
  return (await formEntriesCounts(db, [widgetId])).get(widgetId) ?? 0;
}
