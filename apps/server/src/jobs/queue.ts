import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client';

/** pg-boss's numbered-parameter statement as Drizzle SQL, so it can run on a transaction's connection. */
function numbered(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const value = values[Number(match[1]) - 1] ?? null;
    // Objects (the job's data) go as JSON text, which is how pg serialises them too; undefined is SQL null.
    const param =
      value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
    chunks.push(sql`${param}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/** A background job: a name, a zod payload, its retry policy and a handler any worker process can run. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Cron schedule for periodic jobs (payload must accept {}). */
  cron?: string;
  /** Also run once when a worker starts (a periodic job that must not wait a day after downtime). */
  runOnStart?: boolean;
  /**
   * Jobs fetched per round trip (default 1). Each still runs and fails on its own: a failed one is retried alone, so
   * a batch only saves the fetch and completion statements.
   */
  batchSize?: number;
  handle(payload: z.output<S>): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface SendOptions {
  /** Jobs with the same key are not queued twice while one is pending. */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Queue the job in this transaction: it exists if and only if the transaction commits (and on the embedded
   * database, where one connection serves everything, it is the only way to queue from inside a transaction).
   */
  tx?: Tx;
}

async function execute(tx: Tx, text: string, values: unknown[]) {
  const result = (await tx.execute(numbered(text, values))) as unknown as { rows: Record<string, unknown>[] };
  return { rows: result.rows };
}

/** The advisory lock under which a booting process creates the queues. */
const QUEUE_LOCK = 727_003;

/** pg-boss in the same PostgreSQL: through the pool on a server, through PGlite's executor when embedded. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;
  private startup?: Promise<void>;
  /** Until the start is done, pg-boss's statements on the embedded engine each wait behind ready I/O (below). */
  private yielding = true;
  /** True when this process runs the handlers (not a web-only process): work can then be started in-process. */
  working = false;

  constructor(
    private readonly database: Database,
    options: { databaseUrl?: string; pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({
      ...(database.kind === 'postgres' && options.databaseUrl
        ? { connectionString: options.databaseUrl, max: 5 }
        : {
            db: {
              // On the embedded engine a statement runs on this thread to its end, and one that follows another in the
              // same promise chain starts before the event loop reads a socket. While pg-boss starts (at `listen`,
              // main.ts) each of its statements waits behind the I/O that is ready instead, so the start's chain
              // holds no first request back for long.
              executeSql: async (text: string, values: unknown[]) => {
                if (this.yielding) await new Promise((resolve) => setImmediate(resolve));
                return database.raw.executeSql(text, values);
              },
            },
          }),
      // biome-ignore lint/suspicious/noExplicitAny: pg-boss types list supervise/schedule but not every option here.
    } as any);
    this.boss.on('error', (error) => {
      // Once stopping, a connection the server ends (57P01, e.g. a test database dropped) is expected, not news.
      if (!this.started && (error as { code?: string }).code === '57P01') return;
      console.error('[jobs]', error instanceof Error ? (error.stack ?? error.message) : error);
    });
    // Each queue's worker asks for jobs every interval. On the embedded engine every ask waits its turn with the
    // requests (16 queues at 1 s took a fifth of the engine under load), so it asks every 5 s there, and a job sent
    // by this process wakes its worker at once (`send`).
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? (database.kind === 'pglite' ? 5 : 1);
  }

  /** The id of this process's worker for each queue, to wake it when a job is sent here. */
  private readonly workers = new Map<string, string>();

  private readonly pollingIntervalSeconds: number;

  register(definition: JobDefinition): void {
    this.definitions.set(definition.name, definition);
  }

  /**
   * Creates the schema and the queues that do not exist yet. With `work`, this process also runs the handlers at once;
   * a server that should answer first starts them afterwards with `startWorkers`. Sends that come meanwhile wait for
   * it (`send`).
   */
  start({ work }: { work: boolean }): Promise<void> {
    this.startup ??= this.startBoss();
    return work ? this.startup.then(() => this.startWorkers()) : this.startup;
  }

  private async startBoss(): Promise<void> {
    try {
      await this.startBossAndQueues();
    } finally {
      this.yielding = false;
    }
  }

  private async startBossAndQueues(): Promise<void> {
    await this.boss.start();
    this.started = true;
    const existing = new Set((await this.boss.getQueues()).map((queue: { name: string }) => queue.name));
    const missing = [...this.definitions.values()].filter((def) => !existing.has(def.name));
    // Processes booting together (WEB_PROCESSES, or web and worker at once) deadlock in pg-boss's create_queue on a
    // new database, each locking the queue table the other waits on: one process at a time creates them.
    if (missing.length)
      await this.database.withLock(QUEUE_LOCK, async () => {
        for (const def of missing)
          await this.boss.createQueue(def.name, {
            name: def.name,
            retryLimit: def.retryLimit,
            retryDelay: def.retryDelaySeconds,
            retryBackoff: true,
          });
      });
  }

  /**
   * Runs the handlers in this process: a worker per queue, the schedules, and the jobs that run once per start. A stop
   * that comes meanwhile ends it quietly (the process is going away).
   */
  async startWorkers(): Promise<void> {
    if (!this.started || this.working) return;
    this.working = true;
    try {
      await this.startEachWorker();
    } catch (error) {
      if (this.started) throw error;
    }
  }

  private async startEachWorker(): Promise<void> {
    for (const def of this.definitions.values()) {
      // On the embedded engine each statement runs to its end without letting the event loop read a socket: one
      // queue at a time, so a request that arrives meanwhile is answered between them, not after all of them.
      await new Promise((resolve) => setImmediate(resolve));
      if (!this.started) return;
      const worker = await this.boss.work(
        def.name,
        { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: def.batchSize ?? 1 },
        async (jobs) => {
          if (jobs.length === 1) {
            // A lone job's error goes back to pg-boss as is, which records it on the job.
            const [job] = jobs as [(typeof jobs)[number]];
            return def.handle(def.payload.parse(job.data));
          }
          // pg-boss completes the batch's jobs that are still active when this returns; failed ones are not.
          for (const job of jobs) {
            try {
              await def.handle(def.payload.parse(job.data));
            } catch (error) {
              await this.boss.fail(def.name, job.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
          }
        },
      );
      this.workers.set(def.name, worker);
      if (def.cron) await this.boss.schedule(def.name, def.cron, {});
      if (def.runOnStart) await this.boss.send(def.name, {}, { singletonKey: `${def.name}-on-start` });
    }
  }

  async send<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options: SendOptions = {},
  ): Promise<void> {
    const data = definition.payload.parse(payload) as object;
    // pg-boss may still be starting (main.ts starts it once the server listens): its connection and the queues come
    // with the start. Not inside a transaction on the embedded database, though: the transaction holds its one
    // connection, which the start would wait for in turn. There the queues are already in place, since a new embedded
    // database is unpacked from the template, which holds them.
    if (!options.tx || this.database.kind === 'postgres') await this.startup;
    await this.boss.send(definition.name, data, {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.tx
        ? { db: { executeSql: (text: string, values: unknown[]) => execute(options.tx as Tx, text, values) } }
        : {}),
    });
    // A job this process runs starts now rather than at the next ask. One sent inside a transaction is not visible
    // until the commit: its sender calls `wake` after committing. A delayed one waits for an ask.
    if (!options.tx && !options.startAfterSeconds) this.wake(definition);
  }

  /** Wakes this process's worker for the queue, if it runs one, to look for jobs now. */
  wake(definition: JobDefinition): void {
    const worker = this.working && this.workers.get(definition.name);
    if (worker) this.boss.notifyWorker(worker);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.working = false;
    this.workers.clear();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
