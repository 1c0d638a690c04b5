import type { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { CSV_BOM, csvLine } from './csv';

/*
 * The exports as one `COPY (SELECT …) TO STDOUT (FORMAT csv)` on PostgreSQL, byte for byte what `csv.ts` writes in
 * the batches (which stay the PGlite path): the query gives each cell as the text `csvCell` would start from, with
 * the formula guard applied and '' made NULL; COPY's own quoting is then ours (a cell is quoted when it holds `"`,
 * `,`, CR or LF, with `""` for a quote; a NULL is nothing), and the stream turns each row's LF into CRLF.
 */

/** `Database.copyOut`, which only PostgreSQL has. */
export type CopyOut = NonNullable<Database['copyOut']>;

/** The copy capability of a database, bound to it (undefined on PGlite). */
export const copyOutOf = (database: Database): CopyOut | undefined =>
  database.copyOut ? (text, options) => database.copyOut?.(text, options) as Readable : undefined;

/** A string as an SQL literal, for COPY, which takes no parameters (standard_conforming_strings is on). */
export const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * A text cell as `csvCell` writes it: a leading `=`, `+`, `-`, `@`, tab or CR (by code: `ascii` costs next to
 * nothing where `left` makes a string) gets an apostrophe, and '' is NULL, so that COPY writes nothing rather than
 * `""`. `column` is read more than once: give a column, not a computation.
 */
export const guardedCell = (column: string) =>
  `case when ascii(${column}) in (61, 43, 45, 64, 9, 13) then '''' || ${column} else nullif(${column}, '') end`;

/** A timestamp with time zone as the batches write it: its UTC text, to the second. */
export const utcSecondsSql = (column: string) => `left((${column} at time zone 'UTC')::text, 19)`;

/**
 * A report as chunks: the BOM and the header line, then COPY's rows as they arrive (Buffers). `beforeLast` runs once
 * the COPY has ended, before its last chunk goes out, so a client that has the whole file sees what it did.
 */
export async function* copyCsv(
  copyOut: CopyOut,
  header: readonly unknown[],
  query: string,
  beforeLast?: () => Promise<unknown>,
): AsyncGenerator<string | Buffer> {
  yield CSV_BOM + csvLine(header);
  const rows = copyOut(`COPY (${query}) TO STDOUT (FORMAT csv)`, { crlf: true });
  let held: Buffer | undefined;
  try {
    for await (const chunk of rows as AsyncIterable<Buffer>) {
      if (held) yield held;
      held = chunk;
    }
  } finally {
    // A reader that stops early (the client went away) ends the COPY and its connection.
    if (!rows.destroyed) rows.destroy();
  }
  await beforeLast?.();
  if (held) yield held;
}
