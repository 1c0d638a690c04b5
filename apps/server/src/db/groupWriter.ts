import { Counter } from 'prom-client';
import { isTransient } from './errors';

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
  help: 'Batches (statements or transactions) written by the group-commit writers, by kind.',
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
 * Group commit (issue 18): visitors' actions, their idempotency keys, donations' claims and settlements, the payment
 * sandbox's charges. A row that arrives while every writer is busy waits for the next free one, which writes
 * everything that waited in one statement or transaction (`writeBatch`); so a quiet page writes each row at once, and
 * a crowded one writes many at a time, with no timer. Each row's promise settles
 * only when its own row is committed (or refused). A batch that fails is written again one row at a time, so one bad
 * row fails alone. Two rows about the same person never share a batch; the second waits for the next.
 */
export class GroupWriter<Row, Written> {
  private readonly waiting: Waiting<Row, Written>[] = [];
  private running = 0;
  private scheduled = false;
  /**
   * Batches and rows written, the largest batch tried, the batches written again one row at a time, and those tried
   * again after a deadlock.
   */
  readonly stats = { batches: 0, rows: 0, largest: 0, fallbacks: 0, retries: 0 };
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

  /**
   * One batch written; tried once more when PostgreSQL rolled it back to break a deadlock with another writer's batch
   * (two batches, or a batch and a settlement, touching the same people in another order). Every batch is one
   * transaction, so nothing of the first try remains.
   */
  private async attempt(rows: Row[]): Promise<Written[]> {
    try {
      return await this.writeBatch(rows);
    } catch (error) {
      if (!isTransient(error)) throw error;
      this.stats.retries += 1;
      return this.writeBatch(rows);
    }
  }

  private async run(batch: Waiting<Row, Written>[]) {
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    try {
      const written = await this.attempt(batch.map((w) => w.row));
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
          const [one] = await this.attempt([w.row]);
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
