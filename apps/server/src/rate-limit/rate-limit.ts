import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { defineJob } from '../jobs/queue';

export interface Hit {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counter kept in PostgreSQL so that every app process shares it.
 * One statement: it opens a new window when the old one ended, else increments.
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Hit> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`)) as unknown as {
    rows: { count: number; retry_after: number }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 1), retryAfter: Number(row?.retry_after ?? windowSeconds) };
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
 * more than `keepSeconds` ago (the longest window in use), so the table holds only live windows.
 */
export function rateLimitSweepJob(db: Db, keepSeconds: number) {
  return defineJob({
    name: 'rate-limit-sweep',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '17 * * * *',
    handle: async () => {
      await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${keepSeconds})`);
    },
  });
}
