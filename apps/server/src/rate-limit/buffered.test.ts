import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countedDb } from '../../test/countedDb';
import { startTestServer, type TestServer, useFreshDatabase } from '../../test/harness';
import { buildApp } from '../app';
import { closeContext, createContext } from '../bootstrap';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { BufferedLimiter, peek } from './rate-limit';

const fresh = useFreshDatabase();

const WINDOW = 600;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the buffered rate limit (issue 18)', () => {
  it('counts far below the limit in memory and adds the hits to the database in batches', async () => {
    const db = fresh.database.db;
    const limiter = new BufferedLimiter(db, { limit: 1000, windowSeconds: WINDOW, flushEvery: 10, flushMs: 50 });
    // The first hit of a window goes to the database at once.
    expect((await limiter.hit('t:batches')).count).toBe(1);
    expect(await peek(db, 't:batches', WINDOW)).toBe(1);
    for (let i = 2; i <= 6; i++) expect((await limiter.hit('t:batches')).count).toBe(i);
    // Five hits are only in memory until the timer adds them.
    expect(await peek(db, 't:batches', WINDOW)).toBe(1);
    await wait(150);
    expect(await peek(db, 't:batches', WINDOW)).toBe(6);
    // Ten pending hits are added without waiting for the timer.
    for (let i = 0; i < 10; i++) await limiter.hit('t:batches');
    await wait(20);
    expect(await peek(db, 't:batches', WINDOW)).toBe(16);
    await limiter.close();
  });

  it('refuses exactly past the limit, counting every hit near it in the database, even when they arrive at once', async () => {
    const db = fresh.database.db;
    const limiter = new BufferedLimiter(db, { limit: 30, windowSeconds: WINDOW, flushEvery: 10, flushMs: 50 });
    const sequential = [];
    for (let i = 0; i < 40; i++) sequential.push((await limiter.hit('t:exact')).count);
    expect(sequential.filter((n) => n <= 30)).toHaveLength(30);
    expect(sequential.slice(30).every((n) => n > 30)).toBe(true);

    const together = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('t:together')));
    expect(together.filter((h) => h.count <= 30)).toHaveLength(30);
    await limiter.close();
    expect(await peek(db, 't:exact', WINDOW)).toBe(40);
    expect(await peek(db, 't:together', WINDOW)).toBe(40);
  });

  it("sends a key's first hits at the same moment as one statement; the rest count from its answer", async () => {
    const { db, calls } = countedDb(fresh.database.db, 'execute');
    const limiter = new BufferedLimiter(db, { limit: 1000, windowSeconds: WINDOW, flushEvery: 100, flushMs: 60_000 });
    const hits = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('t:first')));
    expect(calls.n).toBe(1);
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await peek(fresh.database.db, 't:first', WINDOW)).toBe(1);
    await limiter.close();
    expect(await peek(fresh.database.db, 't:first', WINDOW)).toBe(50);
  });

  it("gives each waiter the first hit's error, and the next hit asks the database again", async () => {
    const { db, calls } = countedDb(fresh.database.db, 'execute');
    const limiter = new BufferedLimiter(db, { limit: 1000, windowSeconds: WINDOW });
    // PostgreSQL refuses a NUL character in text: a real failure of the statement.
    const failed = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.hit('t:\u0000')));
    expect(calls.n).toBe(1);
    expect(failed.every((f) => f.status === 'rejected')).toBe(true);
    expect(new Set(failed.map((f) => (f as PromiseRejectedResult).reason)).size).toBe(1);
    await expect(limiter.hit('t:\u0000')).rejects.toThrow();
    expect(calls.n).toBe(2);
    await limiter.close();
  });

  it('adds what is pending when it closes', async () => {
    const db = fresh.database.db;
    const limiter = new BufferedLimiter(db, { limit: 1000, windowSeconds: WINDOW, flushMs: 60_000 });
    for (let i = 0; i < 7; i++) await limiter.hit('t:close');
    expect(await peek(db, 't:close', WINDOW)).toBe(1);
    await limiter.close();
    expect(await peek(db, 't:close', WINDOW)).toBe(7);
  });
});

/**
 * Two app instances, each with its own pool and its own memory, on one PostgreSQL: the database row is the shared
 * ceiling. A bad request still counts against the IP (the limit runs before the route's checks), so the visitors
 * here need no page.
 */
describe.skipIf(inject('engine') !== 'postgres')('ACTION_MAX_PER_IP across two app instances', () => {
  const LIMIT = 200;
  let first: TestServer;
  let second: { url: string; ctx: AppContext; close(): Promise<void> };
  beforeAll(async () => {
    first = await startTestServer({ env: { ACTION_MAX_PER_IP: String(LIMIT), ACTION_WINDOW_SECONDS: '600' } });
    const { openDatabase } = await import('../db/client');
    const database: Database = await openDatabase({ databaseUrl: first.ctx.config.databaseUrl });
    const ctx = await createContext(first.ctx.config, { database, migrate: false });
    const app = await buildApp(ctx, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    second = {
      url: `http://127.0.0.1:${port}`,
      ctx,
      close: async () => {
        await app.close();
        await closeContext(ctx);
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const act = async (url: string) =>
    (
      await fetch(`${url}/api/mobilizations/999999/form_entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).status;

  it('refuses past the shared ceiling on both, and the database counts every action taken on either', async () => {
    const statuses: number[] = [];
    // Bursts of ten on each instance in turn, so both hold hits the other has not seen.
    for (let round = 0; round < 15; round++)
      for (const url of [first.url, second.url])
        statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => act(url)))));
    const accepted = statuses.filter((s) => s !== 429).length;
    expect(accepted).toBeGreaterThanOrEqual(LIMIT);
    // Each instance may take at most its unflushed batch (50) past what the database had counted.
    expect(accepted).toBeLessThanOrEqual(LIMIT + 2 * 50);
    expect(statuses.slice(-40).every((s) => s === 429)).toBe(true);
    expect(await act(first.url)).toBe(429);
    expect(await act(second.url)).toBe(429);
    await second.close();
    second = { ...second, close: async () => {} };
    await wait(300);
    expect(await peek(first.ctx.db, 'action:ip:127.0.0.1', 600)).toBeGreaterThanOrEqual(302);
  });
});
