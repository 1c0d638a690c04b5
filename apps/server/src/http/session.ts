import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenFailure } from '../auth/tokens';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { unauthorized } from './errors';

export type UserRow = typeof users.$inferSelect;

export type SessionState =
  | { kind: 'anonymous' }
  | { kind: 'invalid'; failure: TokenFailure | 'revoked' }
  | { kind: 'user'; user: UserRow };

export const SESSION_COOKIE = 'session';
export const COMMUNITY_COOKIE = 'community';

/** A token from the `session` cookie, or for API scripts the `access-token` or `Authorization: Bearer` header. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionState>>();

/** Resolves (once per request) who is calling. */
export function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<SessionState> {
  let state = cache.get(request);
  if (!state) {
    state = resolveSession(ctx, presentedToken(request));
    cache.set(request, state);
  }
  return state;
}

export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<SessionState> {
  if (!token) return { kind: 'anonymous' };
  const verified = await ctx.tokens.verify(token);
  if (!verified.ok) return { kind: 'invalid', failure: verified.failure };
  const [user] = await ctx.db.select().from(users).where(eq(users.id, verified.claims.userId)).limit(1);
  if (!user || user.tokenVersion !== verified.claims.version) return { kind: 'invalid', failure: 'revoked' };
  return { kind: 'user', user };
}

/** The signed-in user, or a 401 `{errors: ["Unauthorized"]}`. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const state = await sessionOf(ctx, request);
  if (state.kind !== 'user') throw unauthorized();
  return state.user;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.production,
    maxAge: maxAgeSeconds,
    // No `domain`: the cookie stays on the admin host and never reaches public pages on sibling hosts.
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(COMMUNITY_COOKIE, { path: '/' });
}
