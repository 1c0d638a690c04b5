import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { communities } from '../db/schema';

/**
 * The sites a community lets embed its action widgets (issue 35): `communities.embed_origins`, each an origin as
 * `new URL(x).origin` writes it (`https://host[:port]`).
 *
 * Kept in `ctx.access`, the per-process cache of what decides access: the triggers of migration 0027 announce every
 * change to `communities` on 'mutirao_access' and any announcement drops the cache. On the embedded engine (PGlite)
 * the listener runs before the changing query returns, so the next request in any process sees the change. On
 * PostgreSQL the cache is on only with `SESSION_CACHE=true`; then another process sees a change a notice's delay
 * after the commit, and 5 seconds at most if notices are lost. Without it every lookup asks the database.
 */
export function embedOriginsOf(ctx: Pick<AppContext, 'db' | 'access'>, communityId: number): Promise<string[]> {
  return ctx.access.get(`embed_origins:${communityId}`, async () => {
    const [row] = await ctx.db
      .select({ origins: communities.embedOrigins })
      .from(communities)
      .where(eq(communities.id, communityId));
    return row?.origins ?? [];
  });
}

/**
 * A request's `Origin` header as an origin (`scheme://host[:port]`, default port left out, lower case), or undefined
 * when there is none or it is not one (`null`, garbage).
 */
export function requestOrigin(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The request's origin when it is one the community allows to embed its widgets, else undefined (no origin, our own
 * page, or a site the community has not listed).
 */
export async function embedOrigin(
  ctx: Pick<AppContext, 'db' | 'access'>,
  communityId: number,
  origin: string | undefined,
): Promise<string | undefined> {
  const wanted = requestOrigin(origin);
  if (!wanted) return undefined;
  const allowed = await embedOriginsOf(ctx, communityId);
  return allowed.includes(wanted) ? wanted : undefined;
}
