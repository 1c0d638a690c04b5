import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { spendSolution } from './challenge';
import { challengeState, countBurst, recordRefusal } from './state';

/** The header an action's solution comes in (CORS allows it for embeds, issue 35's contract). */
export const ALTCHA_HEADER = 'x-altcha';

/** The refusal's machine-readable `code`: the widget solves a challenge and sends the action again. */
export const CHALLENGE_REQUIRED = 'challenge_required';

/** A path id as the route's schema will read it, or undefined (the route itself answers a bad one). */
const rawId = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined);

const widgetPages = new WeakMap<Db, LRUCache<number, number>>();

/**
 * The page a widget is on, kept in this process (a widget never moves to another page). Undefined for a widget that
 * does not exist: the route answers its 404.
 */
export async function pageOfWidget(db: Db, widgetId: number): Promise<number | undefined> {
  let cache = widgetPages.get(db);
  if (!cache) {
    cache = new LRUCache<number, number>({ max: 50_000 });
    widgetPages.set(db, cache);
  }
  const kept = cache.get(widgetId);
  if (kept !== undefined) return kept;
  const result = (await db.execute(sql`
    select b.mobilization_id from widgets w join blocks b on b.id = w.block_id where w.id = ${widgetId}`)) as unknown as {
    rows: { mobilization_id: number }[];
  };
  const page = result.rows[0]?.mobilization_id;
  if (page !== undefined) cache.set(widgetId, Number(page));
  return page === undefined ? undefined : Number(page);
}

/** How an action route names its page: `/api/mobilizations/:id/…`, or `/api/widgets/:id/…` (the widget's page). */
export type PageOf = (request: FastifyRequest) => Promise<number | undefined>;

export const pageInPath: PageOf = async (request) => rawId((request.params as { id?: unknown }).id);

export const widgetPageInPath =
  (db: Db): PageOf =>
  async (request) => {
    const id = rawId((request.params as { id?: unknown }).id);
    return id === undefined ? undefined : pageOfWidget(db, id);
  };

/**
 * The anti-spam check of a visitor action (after the rate limit and the honeypot, in `visitorAction`): the action
 * counts towards its network's burst on the page (which may switch the challenge on), and while the page's challenge
 * is on, an action without a valid, unspent solution in `x-altcha` is refused with 403, the catalogue's message and
 * `code: 'challenge_required'`, and counted.
 */
export function requireSolution(ctx: AppContext, pageOf: PageOf) {
  return async (request: FastifyRequest): Promise<void> => {
    const page = await pageOf(request);
    if (page === undefined) return;
    const switchedOn = await countBurst(ctx, page, request.ip);
    if (!switchedOn && !(await challengeState(ctx.db, page)).on) return;
    const header = request.headers[ALTCHA_HEADER];
    const reason = await spendSolution(
      ctx.db,
      ctx.config.antispam,
      typeof header === 'string' ? header : undefined,
      page,
    );
    if (!reason) return;
    await recordRefusal(ctx.db, page, reason);
    throw new AppError('forbidden', undefined, 'antispam.required', CHALLENGE_REQUIRED);
  };
}
