import {
  accountSchema,
  loginSchema,
  passwordChangeSchema,
  recoverPasswordSchema,
  registerSchema,
  resetPasswordSchema,
} from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  issueSessionToken,
  registerUser,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
} from '../auth/service';
import { revokeSession, revokeUserSessions } from '../auth/sessions';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { localeOf } from '../http/locale';
import { clearSessionCookies, requireSession, requireUser, sessionOf, setSessionCookie } from '../http/session';
import { body, signedIn, typed } from '../http/typed';
import { presentUser } from './presenter';
import { changePassword, updateAccount } from './service';

/** Payloads may be flat or wrapped as `{user: {...}}`; the sign-in and reset requests answer bad fields with 400. */
const userBody = <S extends z.ZodType>(schema: S, status: 'bad_request' | 'unprocessable' = 'bad_request') =>
  body(schema, { wrappedIn: 'user', wrapperOptional: true, status });

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  /** A new `sessions` row and a token naming it, as a cookie for the browser and in the body for scripts. */
  const startSession = async (reply: Parameters<typeof setSessionCookie>[1], user: { id: number }) => {
    const { token, maxAgeSeconds } = await issueSessionToken(ctx, user.id);
    setSessionCookie(ctx, reply, token, maxAgeSeconds);
    return token;
  };

  const r = typed(app);

  r.post('/api/auth/sign_up', { schema: { body: userBody(registerSchema) } }, async (request, reply) => {
    const user = await registerUser(ctx, request.body, localeOf(request));
    const token = await startSession(reply, user);
    return reply.status(201).send({ user: presentUser(user), token });
  });

  r.post('/api/auth/sign_in', { schema: { body: userBody(loginSchema) } }, async (request, reply) => {
    const user = await signInWithPassword(ctx, request.body, request.ip);
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

  r.post('/api/auth/password', { schema: { body: userBody(recoverPasswordSchema) } }, async (request, reply) => {
    await requestPasswordReset(ctx, request.body, {
      appUrl: adminBaseUrl(ctx.config),
      locale: localeOf(request),
      ip: request.ip,
    });
    return reply.status(202).send({ ok: true });
  });

  const reset = { schema: { body: userBody(resetPasswordSchema, 'unprocessable') } };
  r.put('/api/auth/password', reset, async (request, reply) => {
    await resetPassword(ctx, request.body);
    clearSessionCookies(ctx, reply);
    return { ok: true };
  });

  app.get('/api/users/me', async (request) => {
    const user = await requireUser(ctx, request);
    return { user: presentUser(user) };
  });

  // The account change needs the whole user row (its password hash): the session `signedIn` resolved, not a new query.
  const account = { preValidation: signedIn(ctx), schema: { body: body(accountSchema, { wrappedIn: 'user' }) } };
  r.put('/api/users/me', account, async (request) => {
    const user = await requireUser(ctx, request);
    return { user: presentUser(await updateAccount(ctx, user, request.body, localeOf(request))) };
  });

  /**
   * The signed-in user's password change: a wrong current password is a 422 on `current_password`; on success the
   * user's other sessions end and this one stays (its cookie is untouched).
   */
  const password = {
    preValidation: signedIn(ctx),
    schema: { body: body(passwordChangeSchema, { wrappedIn: 'user', wrapperOptional: true }) },
  };
  r.put('/api/users/me/password', password, async (request, reply) => {
    const state = await requireSession(ctx, request);
    await changePassword(ctx, state.user, state.sessionId, request.body);
    return reply.status(204).send();
  });
}
