import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CSV_BOM, csvLine } from './csv';

/** Rows per query: big enough to keep the round trips few, small enough that PGlite serves others in between. */
export const EXPORT_BATCH = 2000;

/**
 * One keyset batch with its plan pinned rather than left to the statistics, which PGlite never refreshes (it runs no
 * autovacuum) and PostgreSQL refreshes only a while after a burst of rows. Left alone, the planner may sort all the
 * remaining rows, or walk the primary key filtering out other owners' rows, for each batch: the export turns
 * quadratic. The caller writes the keyset as a row comparison (`(owner_id, id) > ($1, $2) and owner_id <= $1 order
 * by owner_id, id`) that only an `(owner_id, id)` index serves without a sort; sorting (full and incremental) is
 * switched off for this one short transaction, so that index is the plan.
 */
export function pinnedBatch<R>(db: Db, query: SQL): Promise<R[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true)`,
    );
    return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
  });
}

/**
 * A whole report as CSV text, batch by batch: a BOM and the header row, then each batch's lines as one chunk. Only
 * one batch is in hand at a time, so memory stays flat however many rows there are. `positionOf` gives the keyset
 * position after a row (the id, or a time, a kind and an id), which `batchAfter` reads from; undefined starts.
 */
export async function* keysetCsvBy<R, P>(
  header: readonly unknown[],
  batchAfter: (after: P | undefined) => Promise<R[]>,
  cellsOf: (row: R) => readonly unknown[],
  positionOf: (row: R) => P,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  let after: P | undefined;
  for (;;) {
    const rows = await batchAfter(after);
    let chunk = '';
    for (const row of rows) chunk += csvLine(cellsOf(row));
    if (chunk) yield chunk;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || !last) return;
    after = positionOf(last);
  }
}

/** `keysetCsvBy` over the rows' ids, the usual keyset. */
export function keysetCsv<R extends { id: number | string }>(
  header: readonly unknown[],
  batchAfter: (afterId: number) => Promise<R[]>,
  cellsOf: (row: R) => readonly unknown[],
): AsyncGenerator<string> {
  return keysetCsvBy(
    header,
    (after?: number) => batchAfter(after ?? 0),
    cellsOf,
    (row) => Number(row.id),
  );
}
