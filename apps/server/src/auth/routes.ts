import { accountSchema, loginSchema, recoverPasswordSchema, registerSchema, resetPasswordSchema } from '@mutirao/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentUser } from '../accounts/presenter';
import { updateAccount } from '../accounts/service';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { localeOf } from '../http/locale';
import { clearSessionCookies, requireSession, requireUser, sessionOf, setSessionCookie } from '../http/session';
import { parseInput, unwrap } from '../http/validate';
import { registerUser, requestPasswordReset, resetPassword, signInWithPassword } from './service';
import { createSession, revokeSession, revokeUserSessions } from './sessions';

/**
 * The origin an upload's signed PUT goes back to: APP_URL, or in development the address the caller used (it is
 * answered to that caller only). Links in e-mails use `adminBaseUrl`, never the request.
 */
export function appUrlOf(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
}

/** Payloads may be flat or wrapped as `{user: {...}}`. */
const body = (request: FastifyRequest) => {
  const b = request.body as Record<string, unknown> | undefined;
  return b && typeof b.user === 'object' ? b.user : b;
};

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  /** A new `sessions` row and a token naming it, as a cookie for the browser and in the body for scripts. */
  const startSession = async (reply: Parameters<typeof setSessionCookie>[1], user: { id: number }) => {
    const { maxDays } = ctx.config.sessions;
    const sessionId = await createSession(ctx.db, user.id, ctx.config.sessions);
    const token = await ctx.tokens.sign({ userId: user.id, sessionId }, Math.round(maxDays * 86_400));
    setSessionCookie(ctx, reply, token, Math.round(maxDays * 86_400));
    return token;
  };

  app.post('/api/auth/sign_up', async (request, reply) => {
    const input = parseInput(registerSchema, body(request));
    const user = await registerUser(ctx, input, localeOf(request));
    const token = await startSession(reply, user);
    return reply.status(201).send({ user: presentUser(user), token });
  });

  app.post('/api/auth/sign_in', async (request, reply) => {
    const input = parseInput(loginSchema, body(request));
    const user = await signInWithPassword(ctx, input, request.ip);
    const token = await startSession(reply, user);
    return { user: presentUser(user), token };
  });

  // The token stops working at once, wherever a copy of it is (cookie, script, another tab).
  app.post('/api/auth/sign_out', async (request, reply) => {
    const state = await sessionOf(ctx, request);
    if (state.kind === 'user') await revokeSession(ctx.db, state.sessionId);
    clearSessionCookies(ctx, reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/sign_out_everywhere', async (request, reply) => {
    const { user } = await requireSession(ctx, request);
    await revokeUserSessions(ctx.db, user.id);
    clearSessionCookies(ctx, reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/password', async (request, reply) => {
    const input = parseInput(recoverPasswordSchema, body(request));
    await requestPasswordReset(ctx, input, {
      appUrl: adminBaseUrl(ctx.config),
      locale: localeOf(request),
      ip: request.ip,
    });
    return reply.status(202).send({ ok: true });
  });

  app.put('/api/auth/password', async (request, reply) => {
    const input = parseInput(resetPasswordSchema, body(request), 'unprocessable');
    await resetPassword(ctx, input);
    clearSessionCookies(ctx, reply);
    return { ok: true };
  });

  app.get('/api/users/me', async (request) => {
    const user = await requireUser(ctx, request);
    return { user: presentUser(user) };
  });

  app.put('/api/users/me', async (request) => {
    const user = await requireUser(ctx, request);
    const input = parseInput(accountSchema, unwrap(request.body, 'user'), 'unprocessable');
    return { user: presentUser(await updateAccount(ctx, user, input, localeOf(request))) };
  });
}
