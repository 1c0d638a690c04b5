import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondHandle, useFreshDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { SharedPace, SharedSemaphore, sweepShared } from './shared';

const fresh = useFreshDatabase();

/** Two instances stand for two processes: on PostgreSQL each has its own pool. */
let other: Database;
beforeAll(async () => {
  other = await secondHandle(fresh.database, fresh.url);
});
afterAll(() => other?.close());

const rows = async (table: 'shared_leases' | 'shared_paces', key: string) =>
  Number(
    (
      (await fresh.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where key = ${key}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n,
  );

describe('the shared semaphore (issue 32)', () => {
  it('lets at most `size` holders of a key work at once across two instances, and gives every slot back', async () => {
    const options = { size: 3, leaseSeconds: 30 };
    const a = new SharedSemaphore(fresh.database.db, options);
    const b = new SharedSemaphore(other.db, options);
    let working = 0;
    let peak = 0;
    const work = async () => {
      working += 1;
      peak = Math.max(peak, working);
      await new Promise((resolve) => setTimeout(resolve, 15));
      working -= 1;
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).run('t:cap', work)));
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThanOrEqual(2);
    // A key that is busy elsewhere does not hold this one back.
    await Promise.all([a.run('t:cap', work), b.run('t:other', work)]);
    expect(await rows('shared_leases', 't:cap')).toBe(0);
  });

  it('gives a slot whose holder died to another instance once its lease runs out, and the sweep removes it', async () => {
    const crashed = new SharedSemaphore(fresh.database.db, { size: 2, leaseSeconds: 1 });
    const alive = new SharedSemaphore(other.db, { size: 2, leaseSeconds: 30 });
    // Work that never ends stands for a process that died holding its leases: nothing gives them back.
    const taken: number[] = [];
    for (let i = 0; i < 2; i++)
      void crashed.run('t:crash', () => {
        taken.push(Date.now());
        return new Promise(() => {});
      });
    while (taken.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const startedAt = await alive.run('t:crash', async () => Date.now());
    expect(startedAt).toBeGreaterThanOrEqual(Math.max(...taken) + 1000 - 50);
    // The lease taken over reuses its row: the key never has more rows than slots.
    expect(await rows('shared_leases', 't:crash')).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await sweepShared(fresh.database.db);
    expect(await rows('shared_leases', 't:crash')).toBe(0);
  });

  it('fails every caller waiting on a statement that failed, runs none of their work, and asks again next time', async () => {
    const semaphore = new SharedSemaphore(fresh.database.db, { size: 2, leaseSeconds: 30 });
    let ran = 0;
    const work = async () => {
      ran += 1;
    };
    // PostgreSQL refuses a NUL character in text: a real failure of the statement.
    const failed = await Promise.allSettled(Array.from({ length: 5 }, () => semaphore.run('t:\u0000', work)));
    expect(failed.every((f) => f.status === 'rejected')).toBe(true);
    await expect(semaphore.run('t:\u0000', work)).rejects.toThrow();
    expect(ran).toBe(0);
    await semaphore.run('t:fine', work);
    expect(ran).toBe(1);
  });
});

describe('the shared pace (issue 32)', () => {
  it('spaces the takers of a key across two instances at the rate, reserving consecutive slots in one go', async () => {
    const a = new SharedPace(fresh.database.db, 20);
    const b = new SharedPace(other.db, 20);
    const times: number[] = [];
    const take = async (pace: SharedPace) => {
      await pace.take('t:pace');
      times.push(Date.now());
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 40 }, (_, i) => take(i % 2 ? a : b)));
    times.sort((x, y) => x - y);
    // 40 slots 50 ms apart: the k-th taker goes no sooner than k gaps after the start, however the two instances
    // share them (a busy machine makes takers late, never early), so the last one 1.95 s after the start.
    for (const [k, t] of times.entries()) expect(t - started).toBeGreaterThanOrEqual(k * 50 - 10);
    expect((times.at(-1) ?? 0) - started).toBeGreaterThanOrEqual(1900);

    const waits = await a.reserve('t:batch', 5);
    expect(waits[0]).toBeLessThan(25);
    // Consecutive slots 50 ms apart (the first may have begun while the answer travelled: no wait is below 0).
    for (let i = 2; i < 5; i++) expect((waits[i] ?? 0) - (waits[i - 1] ?? 0)).toBeCloseTo(50, 5);
    expect((waits[1] ?? 0) - (waits[0] ?? 0)).toBeGreaterThan(40);
    // The other instance's next slot comes after the five.
    const [next = 0] = await b.reserve('t:batch');
    expect(next).toBeGreaterThan(200);
    expect(await rows('shared_paces', 't:batch')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, next + 100));
    await sweepShared(fresh.database.db);
    expect(await rows('shared_paces', 't:batch')).toBe(0);
  });

  it('costs nothing without a limit', async () => {
    expect(await new SharedPace(fresh.database.db, 0).reserve('t:free', 3)).toEqual([0, 0, 0]);
    expect(await rows('shared_paces', 't:free')).toBe(0);
  });
});
