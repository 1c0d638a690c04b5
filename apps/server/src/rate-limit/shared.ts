import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pace that holds for every process on the database (issue 32): one schedule per key in `shared_paces`, and each
 * taker gets the key's next slot, `1000 / perSecond` ms after the one before, whichever process took that. One
 * statement reserves any number of consecutive slots; the caller then waits for each. The times are the database's
 * (`clock_timestamp()`), answered as waits from now, so the processes' clocks need not agree.
 */
export class SharedPace {
  /** `perSecond` 0: no limit (no statement). */
  constructor(
    private readonly db: Db,
    private readonly perSecond: number,
  ) {}

  /** Reserves `n` consecutive slots of `key`'s schedule; resolves to each one's wait from now, in ms. */
  async reserve(key: string, n = 1): Promise<number[]> {
    if (this.perSecond <= 0 || n <= 0) return Array.from({ length: Math.max(0, n) }, () => 0);
    const gapMs = 1000 / this.perSecond;
    const span = (n * gapMs) / 1000;
    const result = (await this.db.execute(sql`
      insert into shared_paces (key, next_at) values (${key}, clock_timestamp() + make_interval(secs => ${span}))
      on conflict (key) do update
        set next_at = greatest(shared_paces.next_at, clock_timestamp()) + make_interval(secs => ${span})
      returning extract(epoch from (next_at - clock_timestamp())) * 1000 as until_ms`)) as unknown as {
      rows: { until_ms: number | string }[];
    };
    // The schedule now ends after the reserved slots: the first of them begins n gaps before that.
    const first = Number(result.rows[0]?.until_ms ?? 0) - n * gapMs;
    return Array.from({ length: n }, (_, i) => Math.max(0, first + i * gapMs));
  }

  /** Waits for the next slot of `key`. */
  async take(key: string): Promise<void> {
    const [wait = 0] = await this.reserve(key);
    if (wait > 0) await sleep(wait);
  }
}

/** What this process knows of one key of a `SharedSemaphore`. */
interface Gate {
  /** Leases this process holds. */
  held: number;
  /** Callers of this process waiting for a lease, in order. */
  waiting: { resolve(lease: Lease): void; reject(error: unknown): void }[];
  /** This process is asking the database for leases for them. */
  asking: boolean;
  /** Ends the asker's pause early (a lease of this process was given back). */
  wake?: () => void;
}

interface Lease {
  slot: number;
  holder: string;
}

/**
 * A counting semaphore that holds for every process on the database (issue 32): at most `size` leases per key, as
 * rows `(key, slot)` of `shared_leases` (at most `size` rows per key, reused). A lease expires `leaseSeconds` after it
 * was taken, so a process that dies holding one blocks its slot only that long: keep `leaseSeconds` above the longest
 * the work can take. In front of the table each process keeps a gate per key: its callers wait in memory while one
 * statement at a time asks for as many leases as they need (never more than the `size` less what the process holds),
 * so a process asks nothing while it holds all `size`. When every slot is taken it asks again after a short pause that
 * grows to a quarter of a second, or at once when a lease of its own is given back. A lease costs its share of one
 * statement to take and one statement to give back.
 */
export class SharedSemaphore {
  private readonly gates = new Map<string, Gate>();

  constructor(
    private readonly db: Db,
    private readonly options: { size: number; leaseSeconds: number },
  ) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const gate = this.gate(key);
    const lease = await new Promise<Lease>((resolve, reject) => {
      gate.waiting.push({ resolve, reject });
      if (!gate.asking) void this.ask(key, gate);
    });
    try {
      return await work();
    } finally {
      await this.release(key, gate, lease);
    }
  }

  private gate(key: string): Gate {
    let gate = this.gates.get(key);
    if (!gate) {
      gate = { held: 0, waiting: [], asking: false };
      this.gates.set(key, gate);
    }
    return gate;
  }

  /** Asks for leases until every waiting caller has one; a failed statement fails the callers waiting then. */
  private async ask(key: string, gate: Gate) {
    gate.asking = true;
    let pause = 10;
    try {
      while (gate.waiting.length > 0) {
        const want = Math.min(gate.waiting.length, this.options.size - gate.held);
        const leases = want > 0 ? await this.tryLeases(key, want) : [];
        for (const lease of leases) {
          gate.held += 1;
          gate.waiting.shift()?.resolve(lease);
        }
        if (leases.length > 0) pause = 10;
        if (want > 0 && leases.length === want) continue;
        // Jittered, so that two processes do not keep meeting on the same slots.
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            gate.wake = undefined;
            resolve();
          };
          const timer = setTimeout(done, pause * (0.5 + Math.random()));
          gate.wake = done;
        });
        pause = Math.min(pause * 2, 250);
      }
    } catch (error) {
      for (const waiter of gate.waiting.splice(0)) waiter.reject(error);
    } finally {
      gate.asking = false;
    }
  }

  /**
   * One statement: up to `n` free slots (none, or their lease ran out), picked at random, taken. Two processes that
   * pick the same slot at once meet on its primary key; the later one's update finds the lease live and does not take
   * that slot. The picked slots are written in slot order: two statements that lock the same slots in opposite orders
   * would deadlock (PostgreSQL's 40P01, seen once in a full run of shared.test.ts).
   */
  private async tryLeases(key: string, n: number): Promise<Lease[]> {
    const holder = randomBytes(9).toString('base64url');
    const result = (await this.db.execute(sql`
      insert into shared_leases (key, slot, holder, expires_at)
      select ${key}, s, ${holder}, clock_timestamp() + make_interval(secs => ${this.options.leaseSeconds})
      from (
        select s from generate_series(0, ${this.options.size - 1}) s
        where not exists (
          select 1 from shared_leases l where l.key = ${key} and l.slot = s and l.expires_at > clock_timestamp())
        order by random() limit ${n}
      ) picked
      order by s
      on conflict (key, slot) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where shared_leases.expires_at <= clock_timestamp()
      returning slot`)) as unknown as { rows: { slot: number }[] };
    return result.rows.map((row) => ({ slot: Number(row.slot), holder }));
  }

  private async release(key: string, gate: Gate, lease: Lease) {
    try {
      await this.db.execute(sql`
        delete from shared_leases where key = ${key} and slot = ${lease.slot} and holder = ${lease.holder}`);
    } catch (error) {
      // The lease runs out by itself.
      console.error('[shared semaphore] could not give a lease back:', (error as Error).message);
    }
    gate.held -= 1;
    gate.wake?.();
  }
}

/** Leases that ran out and schedules already past: neither holds anything back any more. */
export async function sweepShared(db: Db): Promise<void> {
  await db.execute(sql`delete from shared_leases where expires_at < now()`);
  await db.execute(sql`delete from shared_paces where next_at < now()`);
}
