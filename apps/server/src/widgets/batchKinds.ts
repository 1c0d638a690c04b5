import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { type ClaimRow, claimStatement, claimWriter } from './donation/claim';
import { type EntryRow, FORM_ENTRY_BATCH, formEntryWriter } from './form/groupCommit';
import { type Answer, answerStatement, idempotencyWriters, type Reservation, reserveStatement } from './idempotency';
import { PRESSURE_BATCH, type PressureRow, pressureWriter } from './pressure/submit';

/*
 * The kinds of batch the group-commit writers write (`GroupWriter`), by the name Prometheus counts them under
 * (`mutirao_action_batches_total{kind}`), for the bench: `POST /api/dev/batch-statement` (test seed only) renders a
 * kind's real statement for N copies of the last row this process wrote of it, and pgbench runs that text at the
 * run's average batch size (docs/bench.md). A new kind of batch is one more entry in `BATCH_KINDS`.
 */

type Writers = Pick<Database, 'db' | 'kind'>;

export interface BatchKind<Row> {
  /** This process's writer of the kind for a database: its last written row is the model of the copies. */
  writer(database: Writers, writers: number): { lastRow: Row | undefined };
  /** The statement a batch of these rows is written with, exactly as the writer sends it. */
  statement(rows: Row[]): SQL;
  /**
   * A copy of a written row in which every value the database holds unique (an activist's e-mail, a key) carries
   * `unique`, so copies written together or again are new rows, as a crowd's are.
   */
  distinct(row: Row, unique: string): Row;
  /** The widget the row acts on, when it acts on one. */
  widgetOf(row: Row): number | undefined;
}

/** `name@host` → `name-{unique}@host`. */
const emailWith = (email: string, unique: string) => {
  const at = email.lastIndexOf('@');
  return at < 0 ? `${email}-${unique}` : `${email.slice(0, at)}-${unique}${email.slice(at)}`;
};

/** A row with every occurrence of an e-mail address (in any case: the fields keep what the visitor typed) replaced. */
function withEmail<Row>(row: Row, email: string | null, unique: string): Row {
  if (!email) return structuredClone(row);
  const pattern = new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return JSON.parse(JSON.stringify(row).replace(pattern, emailWith(email.toLowerCase(), unique))) as Row;
}

const batchKind = <Row>(kind: BatchKind<Row>) => kind as unknown as BatchKind<unknown>;

/** Every kind of batch the bench can replay, by its Prometheus name. */
export const BATCH_KINDS: Record<string, BatchKind<unknown>> = {
  form: batchKind<EntryRow>({
    writer: formEntryWriter,
    statement: FORM_ENTRY_BATCH.statement,
    distinct: (row, unique) => ({
      ...withEmail(row, row.email, unique),
      mail_key: row.mail_key === null ? null : `${row.mail_key}-${unique}`,
    }),
    widgetOf: (row) => row.widget_id,
  }),
  pressure: batchKind<PressureRow>({
    writer: pressureWriter,
    statement: PRESSURE_BATCH.statement,
    // The messages' keys name the pressure's id, which the statement draws.
    distinct: (row, unique) => withEmail(row, row.email, unique),
    widgetOf: (row) => row.widget_id,
  }),
  // A donation's first write (its settlement, a transaction of several statements, is not replayed).
  donation: batchKind<ClaimRow>({
    writer: claimWriter,
    statement: claimStatement,
    distinct: (row, unique) => ({ ...withEmail(row, row.email, unique), attempt_key: `${row.attempt_key}-${unique}` }),
    widgetOf: (row) => row.widget_id,
  }),
  // Every visitor action with an `Idempotency-Key` reserves it before the action and stores its answer after.
  // The copies' keys depend only on `unique`, so an answer's copies find the reservation's copies.
  'idempotency-reserve': batchKind<Reservation>({
    writer: (database, writers) => idempotencyWriters(database, writers).reserve,
    statement: reserveStatement,
    distinct: (row, unique) => ({ ...row, key: `bench-${unique}` }),
    widgetOf: () => undefined,
  }),
  'idempotency-answer': batchKind<Answer>({
    writer: (database, writers) => idempotencyWriters(database, writers).answer,
    statement: answerStatement,
    distinct: (row, unique) => ({ ...row, key: `bench-${unique}` }),
    widgetOf: () => undefined,
  }),
};

const dialect = new PgDialect();

/**
 * A kind's statement for `rows` copies of `model` (the i-th carrying `{unique}-{i}`), as SQL text with its
 * parameters written in as literals: what pgbench, which takes no bound parameters, can run.
 */
export function batchStatementText<Row>(kind: BatchKind<Row>, model: Row, rows: number, unique: string): string {
  const copies = Array.from({ length: rows }, (_, i) => kind.distinct(model, `${unique}-${i}`));
  return dialect.sqlToQuery(kind.statement(copies).inlineParams()).sql;
}
