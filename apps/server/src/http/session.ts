import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { communityUsers, sessions, users } from '../db/schema';
import type { AccessCache } from './accessCache';
import { unauthorized } from './errors';
import type { TokenFailure, TokenService } from './tokens';

/**
 * What reading a session needs of the app's context (`AppContext` has it all): named here so http/ does not import
 * the context that holds it.
 */
export interface SessionContext {
  db: Db;
  access: AccessCache;
  tokens: TokenService;
  config: Pick<Config, 'production' | 'sessions'>;
}

/** How long a session lives: at most `maxDays` from sign-in, and ends after `idleDays` without a request. */
export interface SessionPolicy {
  idleDays: number;
  maxDays: number;
}

/** `last_seen_at` is written at most this often, so a busy session does not cost a write per request. */
const TOUCH_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The user behind a live session, or undefined when the session was revoked, expired or left idle too long.
 * One primary-key lookup joined to the user, kept in `ctx.access` between changes (sessions end by a deleted row,
 * which is announced); a session last seen over ten minutes ago is touched.
 */
export async function userOfSession(
  ctx: Pick<SessionContext, 'db' | 'access'>,
  userId: number,
  sessionId: string,
  policy: SessionPolicy,
) {
  const row = await ctx.access.get(`session:${sessionId}`, async () => {
    const [found] = await ctx.db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return found;
  });
  const now = Date.now();
  if (
    !row ||
    row.user.id !== userId ||
    row.expiresAt.getTime() <= now ||
    row.lastSeenAt.getTime() <= now - policy.idleDays * DAY_MS
  )
    return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // The kept row learns of the touch too, so the next request does not write it again.
    row.lastSeenAt = new Date(now);
    await ctx.db.update(sessions).set({ lastSeenAt: row.lastSeenAt }).where(eq(sessions.id, sessionId));
  }
  return row.user;
}

export type UserRow = typeof users.$inferSelect;

/**
 * Every membership of the user (their `community_users` rows, by id), kept in `ctx.access` between changes. Reads
 * outside a transaction only: inside one, ask the transaction, which may hold changes no one has seen yet.
 */
export function membershipsOf(ctx: Pick<SessionContext, 'db' | 'access'>, userId: number) {
  return ctx.access.get(`memberships:${userId}`, () =>
    ctx.db.select().from(communityUsers).where(eq(communityUsers.userId, userId)).orderBy(communityUsers.id),
  );
}

export type SessionState =
  | { kind: 'anonymous' }
  | { kind: 'invalid'; failure: TokenFailure | 'revoked' }
  | { kind: 'user'; user: UserRow; sessionId: string };

export const COMMUNITY_COOKIE = 'community';

/** The community the admin has selected: the id in the `community` cookie the web app keeps (JSON), if any. */
export function selectedCommunityId(request: FastifyRequest): number | undefined {
  const raw = request.cookies?.[COMMUNITY_COOKIE];
  if (!raw) return undefined;
  try {
    const id = (JSON.parse(raw) as { id?: unknown } | null)?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session cookie's name. In production it is `__Host-session`: browsers accept such a cookie only when it is
 * Secure, has Path=/ and no Domain, so a script on a public page at a sibling host (organiser embeds run there)
 * cannot plant one on the admin. No other name is read there.
 */
export function sessionCookieName(ctx: SessionContext): string {
  return ctx.config.production ? '__Host-session' : 'session';
}

/** A token from the session cookie, or for API scripts the `access-token` or `Authorization: Bearer` header. */
export function presentedToken(ctx: SessionContext, request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return request.cookies?.[sessionCookieName(ctx)] || undefined;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionState>>();

/** Resolves (once per request) who is calling. */
export function sessionOf(ctx: SessionContext, request: FastifyRequest): Promise<SessionState> {
  let state = cache.get(request);
  if (!state) {
    state = resolveSession(ctx, presentedToken(ctx, request));
    cache.set(request, state);
  }
  return state;
}

export async function resolveSession(ctx: SessionContext, token: string | undefined): Promise<SessionState> {
  if (!token) return { kind: 'anonymous' };
  const verified = await ctx.tokens.verify(token);
  if (!verified.ok) return { kind: 'invalid', failure: verified.failure };
  const { userId, sessionId } = verified.claims;
  const user = await userOfSession(ctx, userId, sessionId, ctx.config.sessions);
  if (!user) return { kind: 'invalid', failure: 'revoked' };
  return { kind: 'user', user, sessionId };
}

/** The signed-in user, or a 401 `{errors: ["Unauthorized"]}`. */
export async function requireUser(ctx: SessionContext, request: FastifyRequest): Promise<UserRow> {
  return (await requireSession(ctx, request)).user;
}

/** The signed-in user and the session the request came with, or a 401. */
export async function requireSession(ctx: SessionContext, request: FastifyRequest) {
  const state = await sessionOf(ctx, request);
  if (state.kind !== 'user') throw unauthorized();
  return state;
}

export function setSessionCookie(ctx: SessionContext, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(sessionCookieName(ctx), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.production,
    maxAge: maxAgeSeconds,
    // No `domain`: the cookie stays on the admin host and never reaches public pages on sibling hosts.
  });
}

export function clearSessionCookies(ctx: SessionContext, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(ctx), { path: '/', secure: ctx.config.production });
  reply.clearCookie(COMMUNITY_COOKIE, { path: '/' });
}
