import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { Counter } from 'prom-client';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { BufferedLimiter } from '../rate-limit/rate-limit';
import type { RefusalReason } from './challenge';

/*
 * Whether a page's challenge is on (its own switch, or switched on by itself after a burst), the burst counts that
 * switch it on, and the refusals the Métricas tab and Prometheus show.
 */

/** How long a process trusts what it read of a page's state: a switch flipped elsewhere holds within this. */
const STATE_TTL_MS = 5_000;

export interface ChallengeState {
  /** The challenge is required now. */
  on: boolean;
  /** The page's own switch (`mobilizations.antispam_challenge`). */
  setting: boolean;
  /** Until when it is on by itself after a burst, when it is. */
  autoUntil: Date | null;
}

const states = new WeakMap<Db, LRUCache<number, ChallengeState>>();
/** Every database's cache, so a change made in a transaction (whose handle is not the database's) reaches it. */
const allStates = new Set<LRUCache<number, ChallengeState>>();

function stateCache(db: Db) {
  let cache = states.get(db);
  if (!cache) {
    cache = new LRUCache<number, ChallengeState>({ max: 10_000, ttl: STATE_TTL_MS });
    states.set(db, cache);
    allStates.add(cache);
  }
  return cache;
}

/** Reads a page's challenge state from the database (undefined for a page that does not exist). */
export async function readChallengeState(db: Db, mobilizationId: number): Promise<ChallengeState | undefined> {
  const result = (await db.execute(sql`
    select m.antispam_challenge as setting, a.until
    from mobilizations m left join antispam_auto a on a.mobilization_id = m.id and a.until > now()
    where m.id = ${mobilizationId}`)) as unknown as {
    rows: { setting: boolean; until: Date | string | null }[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  const autoUntil = row.until === null ? null : new Date(row.until);
  return { on: row.setting || autoUntil !== null, setting: row.setting, autoUntil };
}

/** A page's challenge state as this process last read it (at most STATE_TTL_MS ago). */
export async function challengeState(db: Db, mobilizationId: number): Promise<ChallengeState> {
  const cache = stateCache(db);
  const kept = cache.get(mobilizationId);
  if (kept && (!kept.autoUntil || kept.autoUntil.getTime() > Date.now())) return kept;
  const state = (await readChallengeState(db, mobilizationId)) ?? { on: false, setting: false, autoUntil: null };
  cache.set(mobilizationId, state);
  return state;
}

/** Forgets what this process read of a page's state (its switch was just changed here). */
export function forgetChallengeState(mobilizationId: number): void {
  for (const cache of allStates) cache.delete(mobilizationId);
}

/**
 * The network an address belongs to, as the burst counts it: an IPv4 /24, an IPv6 /48 (what one subscriber or one
 * small hosting customer usually holds). An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 3)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/48`;
}

const burstLimiters = new WeakMap<Db, BufferedLimiter>();

/**
 * Counts an action on a page from `ip`'s network in the shared counters (`rate_limits`, as the per-IP limit does) and,
 * past ANTISPAM_BURST_ACTIONS in ANTISPAM_BURST_WINDOW_SECONDS, switches the page's challenge on for
 * ANTISPAM_AUTO_SECONDS (`antispam_auto`, so every process sees it). True when this action found it switched on.
 */
export async function countBurst(ctx: AppContext, mobilizationId: number, ip: string): Promise<boolean> {
  const { burstActions, burstWindowSeconds, autoSeconds } = ctx.config.antispam;
  if (burstActions <= 0) return false;
  let limiter = burstLimiters.get(ctx.db);
  if (!limiter) {
    limiter = new BufferedLimiter(ctx.db, { limit: burstActions, windowSeconds: burstWindowSeconds });
    burstLimiters.set(ctx.db, limiter);
  }
  const { count } = await limiter.hit(`antispam:${mobilizationId}:${networkOf(ip)}`);
  if (count <= burstActions) return false;
  const known = await challengeState(ctx.db, mobilizationId);
  // Already on by itself for most of the period: no need to write it again for every action of the burst.
  if (known.autoUntil && known.autoUntil.getTime() - Date.now() > (autoSeconds * 1000) / 2) return true;
  await ctx.db.execute(sql`
    insert into antispam_auto (mobilization_id, until)
    select id, now() + make_interval(secs => ${autoSeconds}) from mobilizations where id = ${mobilizationId}
    on conflict (mobilization_id) do update set until = greatest(antispam_auto.until, excluded.until)`);
  forgetChallengeState(mobilizationId);
  return true;
}

/** Adds what is pending of the burst counts to the database (when the app closes). */
export async function closeBurstCounts(db: Db): Promise<void> {
  await burstLimiters.get(db)?.close();
}

/**
 * This process's refusals by reason, for Prometheus (`mutirao_antispam_refusals_total`); `http/metrics.ts` registers
 * it when METRICS_TOKEN is set. Per process, as Prometheus counters are.
 */
export const refusalCounter = new Counter({
  name: 'mutirao_antispam_refusals_total',
  help: 'Visitor actions refused for want of a valid, unspent anti-spam solution, by reason.',
  labelNames: ['reason'] as const,
  registers: [],
});

/** Counts a refused action: per page and day in the database (the Métricas tab), per reason in Prometheus. */
export async function recordRefusal(db: Db, mobilizationId: number, reason: RefusalReason): Promise<void> {
  refusalCounter.inc({ reason });
  await db.execute(sql`
    insert into antispam_refusals (mobilization_id, day, count) values (${mobilizationId}, current_date, 1)
    on conflict (mobilization_id, day) do update set count = antispam_refusals.count + 1`);
}

/** A page's refusals: in all, and in the last `days` days. */
export async function refusalsOf(db: Db, mobilizationId: number, days: number) {
  const result = (await db.execute(sql`
    select coalesce(sum(count), 0)::int as total,
      coalesce(sum(count) filter (where day > current_date - ${days}::int), 0)::int as recent
    from antispam_refusals where mobilization_id = ${mobilizationId}`)) as unknown as {
    rows: { total: number; recent: number }[];
  };
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0) };
}
