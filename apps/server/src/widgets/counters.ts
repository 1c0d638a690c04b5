import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { widgetCounters } from '../db/schema';

/**
 * Action counts of many widgets in one query (the widget lists), from the trigger-kept shards of `widget_counters`:
 * at most 16 rows per widget, however many actions it has. Every kind is counted the same way (its action table's
 * rows: form entries, pressures, donations), so a widget without actions simply has none.
 */
export async function actionCounts(db: Db | Tx, widgetIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!widgetIds.length) return counts;
  const rows = await db
    .select({ widgetId: widgetCounters.widgetId, n: sql<string>`sum(${widgetCounters.actions})` })
    .from(widgetCounters)
    .where(inArray(widgetCounters.widgetId, widgetIds))
    .groupBy(widgetCounters.widgetId);
  for (const row of rows) counts.set(row.widgetId, Number(row.n));
  return counts;
}

/** One widget's action count; inside a transaction it includes the transaction's own actions. */
export async function actionCount(db: Db | Tx, widgetId: number): Promise<number> {
  return (await actionCounts(db, [widgetId])).get(widgetId) ?? 0;
}
