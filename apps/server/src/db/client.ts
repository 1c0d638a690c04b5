import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openPglite } from './embedded';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is used exactly like the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL for the few callers that are not Drizzle (pg-boss, COPY-free exports, tests). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: SqlExecutor;
  pglite?: PGlite;
  /**
   * Listens to NOTIFY on a channel, for in-process caches that must drop entries the moment any process changes
   * them, and for the event bus. `onDown` runs when the listening connection is lost (notices may be missed: stop
   * trusting the cache) and `onUp` each time it listens again (including the first). Resolves to a function that stops
   * listening. On PostgreSQL every channel of the process shares one connection.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * `COPY (…) TO STDOUT` on PostgreSQL as a stream of its CopyData messages (one per row), undefined on PGlite (whose
   * COPY lands in an in-memory blob: not flat). COPY takes no parameters, so the text carries its own literals.
   */
  copyOut?(text: string, options?: CopyOutOptions): Readable;
  /** Runs fn while holding a PostgreSQL advisory lock (one process at a time); PGlite has one process anyway. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onUp?(): void;
  onDown?(): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** What each process's connections are called in `pg_stat_activity` (docs/scaling.md counts them). */
export const APPLICATION_NAME = { pool: 'mutirao', listen: 'mutirao listen' };

/**
 * The process's one LISTEN connection (a pooled one would be handed to queries): every channel any part of the
 * process listens to is heard on it. It opens with the first channel and closes after the last; when it drops, every
 * listener is told (`onDown`), and a second later it connects again and listens to them all (`onUp`).
 */
function listenerOn(connectionString: string) {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let attempt: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const everyone = () => [...channels.values()].flatMap((set) => [...set]);

  const later = () => {
    if (closed || retry || attempt || !channels.size) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  };
  /** The connection is gone (it ended, or a LISTEN failed on it): everyone is told, and it is opened again. */
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    for (const handlers of everyone()) handlers.onDown?.();
    void c.end().catch(() => {});
    later();
  };
  const open = async () => {
    const c = new pg.Client({ connectionString, application_name: APPLICATION_NAME.listen });
    let ended = false;
    c.on('notification', (m) => {
      for (const handlers of channels.get(m.channel) ?? []) handlers.onNotify(m.payload ?? '');
    });
    // A lost connection reports here and then ends; `end` handles both.
    c.on('error', () => {});
    c.on('end', () => {
      ended = true;
      lost(c);
    });
    try {
      await c.connect();
      // Channels added while this one connects are listened to as well.
      const heard = new Set<string>();
      const unheard = () => [...channels.keys()].find((name) => !heard.has(name));
      for (let ch = unheard(); ch; ch = unheard()) {
        await c.query(`listen ${ch}`);
        heard.add(ch);
      }
      if (ended) throw new Error('the connection ended');
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (closed || !channels.size) return void (await c.end().catch(() => {}));
    client = c;
    for (const handlers of everyone()) handlers.onUp?.();
  };
  // Said once per outage, not at every retry.
  let failing = false;
  const connect = () =>
    (attempt ??= open()
      .then(
        () => {
          failing = false;
        },
        (error: Error) => {
          if (!failing) console.error('[db] listen:', error.message);
          failing = true;
        },
      )
      .finally(() => {
        attempt = undefined;
        if (!client) later();
      }));

  return {
    async listen(channel: string, handlers: ListenHandlers) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
      const set = channels.get(channel) ?? new Set();
      const first = !channels.has(channel);
      channels.set(channel, set.add(handlers));
      const c = client;
      if (c) {
        if (first) await c.query(`listen ${channel}`).catch(() => lost(c));
        if (client === c) handlers.onUp?.();
      } else if (!retry) {
        // The first connection failing leaves the caller's cache off (every lookup asks the database) while it retries.
        await connect();
      }
      return async () => {
        if (!set.delete(handlers) || set.size || channels.get(channel) !== set) return;
        channels.delete(channel);
        const c = client;
        if (channels.size) return void (await c?.query(`unlisten ${channel}`).catch(() => {}));
        // The last channel: the connection closes until one is listened to again.
        client = undefined;
        clearTimeout(retry);
        retry = undefined;
        await c?.end().catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      channels.clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/** Bytes gathered from CopyData messages before they are pushed as one chunk. */
const COPY_CHUNK = 64 * 1024;

interface PgConnection {
  query(text: string): void;
  stream: { pause(): void; resume(): void };
}

/**
 * Rewrites each row of a COPY on its way out. PostgreSQL sends one CopyData message per row (the protocol says so),
 * so `write` sees a whole row, its line end last, and writes it at `out[at]`, returning where it stopped; it never
 * writes more than `room(row)` bytes.
 */
export interface CopyRowWriter {
  room(row: Buffer): number;
  write(row: Buffer, out: Buffer, at: number): number;
}

export interface CopyOutOptions {
  /** How each row is written; as PostgreSQL sent it without one. */
  row?: CopyRowWriter;
}

/**
 * A `COPY … TO STDOUT` as a pg submittable (what `pg-copy-streams` does, in the few lines we need): the rows, as the
 * server sent them or as `row` rewrites them, gathered into chunks of about 64 kB. Back-pressure reaches the server:
 * when the reader is full the socket is paused, so PostgreSQL waits on its send buffer and memory stays flat. An
 * error (a statement timeout, a lost connection) destroys the stream with it.
 */
class CopyOutStream extends Readable implements pg.Submittable {
  private connection: PgConnection | undefined;
  private buffer = Buffer.allocUnsafe(COPY_CHUNK);
  private used = 0;
  callback: ((error?: Error) => void) | undefined;

  constructor(
    private readonly text: string,
    private readonly row: CopyRowWriter | undefined,
  ) {
    super({ highWaterMark: COPY_CHUNK * 2 });
  }

  submit(connection: unknown) {
    this.connection = connection as PgConnection;
    this.connection.query(this.text);
  }

  override _read() {
    this.connection?.stream.resume();
  }

  /** Pushes what is gathered; false when the reader is full. */
  private flush() {
    if (!this.used) return true;
    const chunk = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(COPY_CHUNK);
    this.used = 0;
    return this.push(chunk);
  }

  /** One row. The parser hands a view into its own buffer, which it reuses, so the bytes are copied out at once. */
  handleCopyData(message: { chunk: Buffer }) {
    const row = message.chunk;
    const room = this.row ? this.row.room(row) : row.length;
    let open = true;
    if (this.used + room > this.buffer.length) open = this.flush();
    if (room > this.buffer.length) this.buffer = Buffer.allocUnsafe(room);
    if (this.row) this.used = this.row.write(row, this.buffer, this.used);
    else this.used += row.copy(this.buffer, this.used);
    if (!open) this.connection?.stream.pause();
  }

  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}

  handleReadyForQuery() {
    // After an error the server still says it is ready: the stream has already been destroyed with the error.
    if (this.destroyed) return this.callback?.();
    this.flush();
    this.push(null);
    this.callback?.();
  }

  handleError(error: Error) {
    this.destroy(error);
    this.callback?.(error);
  }
}

/**
 * How long one COPY may run, waiting on its reader included. The pool's `statement_timeout` bounds queries that only
 * compute; a COPY lasts as long as the client takes to download (a slow link, a large file), so it gets this instead.
 */
const COPY_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Runs one COPY on a connection of its own from the pool, with `COPY_TIMEOUT_MS` as its statement timeout and without
 * JIT compilation: a million-row export's plan costs far past `jit_optimize_above_cost`, and PostgreSQL spent 1.5 s
 * compiling (EXPLAIN ANALYZE of the form export before stop 17) for one pass over the rows, which compiled code does
 * not repay. The connection goes back, with the pool's timeout restored, when the COPY has ended; if the COPY failed
 * or the reader gave up midway (the client went away) it is closed instead, since it may still be in COPY mode.
 */
function copyOutOf(pool: pg.Pool, text: string, options: CopyOutOptions): Readable {
  const stream = new CopyOutStream(text, options.row);
  pool.connect().then(
    (client) => {
      if (stream.destroyed) return client.release();
      let released = false;
      // A connection lost midway is reported on the client too; a checked-out client has no pool listener for it.
      const lost = (error: Error) => stream.destroy(error);
      client.on('error', lost);
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost);
        if (error) return client.release(error);
        client.query('reset statement_timeout; reset jit').then(
          () => client.release(),
          (failed: Error) => client.release(failed),
        );
      };
      stream.callback = release;
      stream.on('close', () => release(new Error('COPY abandoned')));
      client
        .query(`set statement_timeout = ${COPY_TIMEOUT_MS}; set jit = off`)
        .catch((error: Error) => stream.destroy(error));
      client.query(stream as unknown as pg.Submittable);
    },
    (error: Error) => stream.destroy(error),
  );
  return stream;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; ignored when databaseUrl is set. */
  dataDir?: string;
  /** An already open PGlite (tests load a migrated snapshot into one). */
  pglite?: PGlite;
  /**
   * PostgreSQL cancels a statement that runs longer (0: never). PGlite runs each query to its end in one WASM call
   * and cannot be interrupted, so on the embedded engine the bounds are the request layer's (GraphQL cost limits,
   * capped lists, exports in short batches).
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      application_name: APPLICATION_NAME.pool,
      max: 20,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle or closing connection that the server ends (a restart, a failover, a dropped test database) reports
    // here; without a listener node-postgres would throw it as an uncaught exception and stop the process.
    pool.on('error', (error) => console.error('[db] connection lost:', error.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const listener = listenerOn(options.databaseUrl);
    return {
      kind: 'postgres',
      db,
      raw: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
      listen: listener.listen,
      withLock: async (key, fn) => {
        // Session-level lock: lock and unlock must travel on the same connection.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
          client.release();
        }
      },
      copyOut: (text, options = {}) => copyOutOf(pool, text, options),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const pglite = options.pglite ?? (await openPglite(options.dataDir ?? 'data'));
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    // pg-boss sends its schema as multi-statement text without parameters, which only exec() accepts.
    raw: {
      executeSql: async (text, values) =>
        values?.length
          ? ((await pglite.query(text, values)) as { rows: Record<string, unknown>[] })
          : (((await pglite.exec(text)).at(-1) as { rows: Record<string, unknown>[] } | undefined) ?? { rows: [] }),
    },
    listen: async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onUp?.();
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    withLock: (_key, fn) => fn(),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
