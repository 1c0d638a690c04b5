import type { ActionKind } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Database, Db } from '../db/client';
import { type ActionSource, widgetCounters } from '../db/schema';

interface Waiting<Row, Written> {
  row: Row;
  resolve(written: Written): void;
  reject(error: unknown): void;
}

export interface GroupWriterOptions<Row> {
  /**
   * The kind of batch ('form', 'pressure', …): Prometheus counts batches and rows by it
   * (`mutirao_action_batches_total{kind}`), and the bench replays its statement under that name (`widgets/batchKinds.ts`).
   */
  kind: string;
  /** Batches written at once: on the embedded engine one (every statement waits its turn on one engine). */
  writers: number;
  maxBatch: number;
  /**
   * Who the row is about, if anyone (an activist's community and e-mail): one person at most once per batch, since
   * one statement cannot upsert the same row twice.
   */
  person(row: Row): string | undefined;
}

/**
 * This process's batches written by every group-commit writer, by kind, for Prometheus; `http/metrics.ts` registers
 * them when METRICS_TOKEN is set. Rows over batches is a kind's average batch size, which the bench replays with
 * pgbench (docs/bench.md). A batch written again one row at a time counts as that many batches of one.
 */
export const batchCounter = new Counter({
  name: 'mutirao_action_batches_total',
  help: 'Batches (statements) written by the group-commit writers, by kind.',
  labelNames: ['kind'] as const,
  registers: [],
});
export const batchRowsCounter = new Counter({
  name: 'mutirao_action_batch_rows_total',
  help: 'Rows written in those batches, by kind.',
  labelNames: ['kind'] as const,
  registers: [],
});

/**
 * Group commit of visitors' actions (issue 18). An action whose row arrives while every writer is busy waits for the
 * next free one, which writes everything that waited in one statement (`writeBatch`); so a quiet page writes each
 * action at once, and a crowded one writes many per statement, with no timer. Each action's promise settles only when
 * its own row is committed (or refused). A batch that fails is written again one row at a time, so one bad row fails
 * alone. Two actions by the same person never share a batch; the second waits for the next.
 */
export class GroupWriter<Row, Written> {
  private readonly waiting: Waiting<Row, Written>[] = [];
  private running = 0;
  private scheduled = false;
  /** Batches and rows written, the largest batch tried, and the batches written again one row at a time. */
  readonly stats = { batches: 0, rows: 0, largest: 0, fallbacks: 0 };
  /** The last row written: the model of the rows the bench's pgbench writes (`POST /api/dev/batch-statement`). */
  lastRow: Row | undefined;

  constructor(
    private readonly writeBatch: (rows: Row[]) => Promise<Written[]>,
    private readonly options: GroupWriterOptions<Row>,
  ) {}

  write(row: Row): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      // The embedded engine runs a statement on this thread: started at once, it would end before the next request
      // of the same turn of the event loop is read, and every batch would hold one row. So a writer starts after
      // the requests already received have queued theirs (one turn, no timer).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.running < this.options.writers && this.waiting.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** The next batch: waiting rows in arrival order, each person at most once, up to `maxBatch`. */
  private take(): Waiting<Row, Written>[] {
    const batch: Waiting<Row, Written>[] = [];
    const people = new Set<string>();
    const left: Waiting<Row, Written>[] = [];
    for (const w of this.waiting) {
      const person = this.options.person(w.row);
      if (batch.length >= this.options.maxBatch || (person !== undefined && people.has(person))) left.push(w);
      else {
        batch.push(w);
        if (person !== undefined) people.add(person);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return batch;
  }

  private counted(rows: number) {
    this.stats.batches += 1;
    this.stats.rows += rows;
    batchCounter.inc({ kind: this.options.kind });
    batchRowsCounter.inc({ kind: this.options.kind }, rows);
  }

  private async run(batch: Waiting<Row, Written>[]) {
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    try {
      const written = await this.writeBatch(batch.map((w) => w.row));
      if (written.length !== batch.length) throw new Error(`a batch wrote ${written.length} of ${batch.length} rows`);
      this.counted(batch.length);
      this.lastRow = batch[batch.length - 1]?.row;
      for (const [i, w] of batch.entries()) w.resolve(written[i] as Written);
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      this.stats.fallbacks += 1;
      // One at a time, so the failing row fails alone and the others are written.
      for (const w of batch) {
        try {
          const [one] = await this.writeBatch([w.row]);
          if (one === undefined) throw new Error('a batch of one wrote nothing');
          this.counted(1);
          w.resolve(one);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }
}

/** A kind of action's batch: its name, its statement (ending in `actionBatchAnswers`), and whom each row is about. */
export interface ActionBatch<Row> {
  /** `GroupWriterOptions.kind`. */
  kind: string;
  statement(rows: Row[]): SQL;
  person(row: Row): string | undefined;
}

/** A group-commit writer of one kind of action on `db`. */
export function actionWriter<Row>(db: Db, batch: ActionBatch<Row>, options: { writers: number; maxBatch: number }) {
  return new GroupWriter<Row, ActionWritten>((rows) => writeActionBatch(db, batch.statement(rows)), {
    ...options,
    kind: batch.kind,
    person: batch.person,
  });
}

/**
 * This process's writer of one kind of action for each database, made on first use: on the embedded engine one
 * writer; on PostgreSQL `writersOnPostgres`, so a batch's round trip overlaps the next batch's.
 */
export function actionWriters<Row>(batch: ActionBatch<Row>) {
  const writers = new WeakMap<Db, GroupWriter<Row, ActionWritten>>();
  return (database: Pick<Database, 'db' | 'kind'>, writersOnPostgres: number): GroupWriter<Row, ActionWritten> => {
    let writer = writers.get(database.db);
    if (!writer) {
      const n = database.kind === 'pglite' ? 1 : writersOnPostgres;
      writer = actionWriter(database.db, batch, { writers: n, maxBatch: 100 });
      writers.set(database.db, writer);
    }
    return writer;
  };
}

/** What a batch of actions answers for each of its rows (`actionBatchAnswers`), in the order they came. */
export interface ActionWritten {
  id: number;
  createdAt: Date;
  /** The widget's count including this action, as the statement saw it. */
  count: number;
  /** An outbox row the batch queued, if it queued any (the caller nudges the relay). */
  outboxId: number | undefined;
  /** The communities whose Mailchimp queue got a row in this batch. */
  mailchimpCommunities: number[];
}

/**
 * Two CTEs every batch of actions writes from its `rows` CTE (with `n`, `community_id`, `activist_id`, `widget_id`,
 * `mobilization_id`, the consent notice's `consent_text, consent_url, consent_locale` and the action's id in
 * `idColumn`): `consent`, each person's consent notice, and `mailchimp`, the Mailchimp queue rows where the community
 * syncs. Rows without a person get neither.
 */
export function actionBatchConsentAndMailchimp(source: ActionSource, mailchimpKind: ActionKind, idColumn: string): SQL {
  const id = sql.raw(idColumn);
  return sql`
    consent as (
      insert into activist_consents
        (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
      select community_id, activist_id, ${source}, ${id}, mobilization_id, widget_id,
        consent_text, consent_url, consent_locale
      from rows where activist_id is not null order by n
    ),
    mailchimp as (
      insert into mailchimp_queue (community_id, kind, action_id, activist_id, widget_id, mobilization_id)
      select rows.community_id, ${mailchimpKind}, ${id}, activist_id, widget_id, mobilization_id
      from rows join communities on communities.id = rows.community_id
      where activist_id is not null
        and communities.mailchimp_api_key is not null and communities.mailchimp_list_id is not null
      order by n
      on conflict do nothing
      returning community_id
    )`;
}

/**
 * The end of a batch statement of actions: for each row of its `rows` CTE (with `n`, `widget_id` and the action's id
 * in `idColumn`), joined to the `written` CTE's `id, created_at`, the count before the statement plus the row's place
 * among the batch's rows of its widget (the counter triggers run at the statement's end), and what its `mail` and
 * `mailchimp` CTEs wrote.
 */
export function actionBatchAnswers(written: string, idColumn: string): SQL {
  const w = sql.raw(written);
  return sql`
    select ${w}.id, ${w}.created_at,
      (select coalesce(sum(${widgetCounters.actions}), 0) from ${widgetCounters}
        where ${widgetCounters.widgetId} = rows.widget_id)
        + row_number() over (partition by rows.widget_id order by rows.n) as count,
      (select min(id) from mail) as outbox_id,
      (select array_agg(distinct community_id) from mailchimp) as mailchimp
    from ${w} join rows on rows.${sql.raw(idColumn)} = ${w}.id
    order by rows.n`;
}

interface AnswerRow {
  id: number;
  created_at: Date | string;
  count: number | string;
  outbox_id: number | null;
  mailchimp: number[] | string | null;
}

/** Runs a batch statement that ends in `actionBatchAnswers`. */
export async function writeActionBatch(db: Db, statement: SQL): Promise<ActionWritten[]> {
  const result = (await db.execute(statement)) as unknown as { rows: AnswerRow[] };
  return result.rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    count: Number(r.count),
    outboxId: r.outbox_id === null ? undefined : Number(r.outbox_id),
    mailchimpCommunities: idList(r.mailchimp),
  }));
}

/** Postgres arrays come back parsed from node-postgres and as text (`{1,2}`) from some drivers. */
const idList = (value: number[] | string | null): number[] =>
  value === null
    ? []
    : typeof value === 'string'
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : value.map(Number);
