import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { defineJob } from '../jobs/queue';
import { sweepShared } from './shared';

export interface Hit {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counter kept in PostgreSQL so that every app process shares it.
 * One statement: it opens a new window when the old one ended, else increments.
 */
export function hit(db: Db, key: string, windowSeconds: number): Promise<Hit> {
  return hitBy(db, key, windowSeconds, 1);
}

/** `hit`, counting `n` hits at once (the buffered limiter's flush). */
async function hitBy(db: Db, key: string, windowSeconds: number, n: number): Promise<Hit> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), ${n})
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then ${n} else rate_limits.count + ${n} end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`)) as unknown as {
    rows: { count: number; retry_after: number }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.count ?? n), retryAfter: Number(row?.retry_after ?? windowSeconds) };
}

interface LocalWindow {
  /** The shared count as the database last answered it. */
  known: number;
  /** Hits taken here and not yet added to the database. */
  pending: number;
  /** Hits being added to the database right now. */
  inFlight: number;
  /** When the window ends, by this process's clock (from the database's answer). */
  endsAt: number;
}

/**
 * The same fixed window as `hit`, counted in this process's memory and added to `rate_limits` in batches (issue 18):
 * the database row stays the shared truth across processes, but a hit far below the limit costs no statement. The
 * pending hits of a key are added every `flushEvery` hits or `flushMs` milliseconds, whichever comes first. Within
 * `flushEvery` of the limit, and at the start of a window, every hit goes to the database at once, as `hit` does, so
 * the refusals are exact; past that, each other process can have taken at most `flushEvery` hits the database has
 * not counted yet.
 */
export class BufferedLimiter {
  private readonly windows = new Map<string, LocalWindow>();
  /** A key's first hit, while the database counts it. */
  private readonly opening = new Map<string, Promise<Hit>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: { limit: number; windowSeconds: number; flushEvery?: number; flushMs?: number },
  ) {}

  private get flushEvery() {
    return this.options.flushEvery ?? 50;
  }

  async hit(key: string): Promise<Hit> {
    const now = Date.now();
    const w = this.windows.get(key);
    const open = w !== undefined && now < w.endsAt;
    if (!open && !this.closed) {
      // The key's window is not known here yet: the first hit asks the database, and the hits that arrive while it
      // does wait for its answer (one statement, not one each), then count as if they had come after it. If it
      // fails, each of them fails with its error, and the next hit asks again.
      const opening = this.opening.get(key);
      if (opening) {
        await opening;
        return this.hit(key);
      }
      const first = this.now(key, 0);
      this.opening.set(key, first);
      const forget = () => {
        if (this.opening.get(key) === first) this.opening.delete(key);
      };
      first.then(forget, forget);
      return first;
    }
    if (this.closed || !open || w.known + w.pending + w.inFlight + 1 > this.options.limit - this.flushEvery)
      return this.now(key, open ? w.pending : 0);
    w.pending += 1;
    if (w.pending >= this.flushEvery) void this.flush(key);
    else this.timer ??= setTimeout(() => this.flushAll(), this.options.flushMs ?? 200).unref();
    return { count: w.known + w.pending + w.inFlight, retryAfter: Math.max(1, Math.ceil((w.endsAt - now) / 1000)) };
  }

  /** This hit and the key's pending ones, counted in the database before answering. */
  private async now(key: string, pending: number): Promise<Hit> {
    const counted = await this.add(key, pending + 1);
    if (!counted) throw new Error('rate limit: the database did not count the hit');
    return counted;
  }

  /** Adds `n` of the key's hits (taken from its pending ones, but for the one being answered) to the database. */
  private async add(key: string, n: number): Promise<Hit | undefined> {
    let w = this.windows.get(key);
    if (!w) {
      w = { known: 0, pending: 0, inFlight: 0, endsAt: 0 };
      this.windows.set(key, w);
    }
    const fromPending = Math.min(w.pending, n);
    w.pending -= fromPending;
    w.inFlight += n;
    try {
      const counted = await hitBy(this.db, key, this.options.windowSeconds, n);
      const endsAt = Date.now() + counted.retryAfter * 1000;
      // Answers can come back out of order: within a window the larger count is the later one.
      w.known = endsAt > w.endsAt + 1500 ? counted.count : Math.max(w.known, counted.count);
      w.endsAt = Math.max(w.endsAt, endsAt);
      return counted;
    } catch (error) {
      if (n === fromPending) console.error('[rate limit] could not add buffered hits:', (error as Error).message);
      else throw error;
    } finally {
      w.inFlight -= n;
    }
  }

  private async flush(key: string) {
    const w = this.windows.get(key);
    if (w && w.pending > 0) await this.add(key, w.pending);
  }

  /** Adds every key's pending hits, and forgets windows that ended with nothing pending. */
  async flushAll() {
    this.timer = undefined;
    const now = Date.now();
    const flushes: Promise<void>[] = [];
    for (const [key, w] of this.windows) {
      if (w.pending > 0) flushes.push(this.flush(key));
      else if (now >= w.endsAt && w.inFlight === 0) this.windows.delete(key);
    }
    await Promise.all(flushes);
  }

  /** Adds what is pending and counts every later hit in the database at once. */
  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.flushAll();
  }
}

export async function peek(db: Db, key: string, windowSeconds: number): Promise<number> {
  const result = (await db.execute(sql`
    select count from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`)) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Every visitor IP that acts on a public page gets a counter row; this hourly job removes those whose window ended
 * more than `keepSeconds` ago (the longest window in use), so the table holds only live windows; the shared
 * leases and schedules (`shared.ts`) that hold nothing back any more; and what `alsoSweep` removes (the anti-spam
 * challenge's spent solutions, `antispam/challenge.ts`; the idempotent answers a day old, `widgets/idempotency.ts`).
 */
export function rateLimitSweepJob(db: Db, keepSeconds: number, alsoSweep: ((db: Db) => Promise<void>)[] = []) {
  return defineJob({
    name: 'rate-limit-sweep',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '17 * * * *',
    handle: async () => {
      await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${keepSeconds})`);
      await sweepShared(db);
      for (const sweep of alsoSweep) await sweep(db);
    },
  });
}
