import {
  type Locale,
  type LoginInput,
  PASSWORD_RESET_TTL_HOURS,
  type RecoverPasswordInput,
  type RegisterInput,
  type ResetPasswordInput,
  translate,
} from '@mutirao/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { AppError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { hit, peek, reset } from '../rate-limit/rate-limit';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords';
import { createSession, revokeUserSessions } from './sessions';
import { hashOpaqueToken, newOpaqueToken } from './tokens';

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function registerUser(ctx: AppContext, input: RegisterInput, locale: Locale) {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing) throw new AppError('unprocessable', { email: ['errors.emailTaken'] });
  const passwordHash = await hashPassword(input.password);
  const rows = await ctx.db
    .insert(users)
    .values({ email: input.email.toLowerCase(), firstName: input.name, passwordHash, locale })
    .onConflictDoNothing()
    .returning();
  const user = rows[0];
  // Two sign-ups racing for one address: the unique index decides.
  if (!user) throw new AppError('unprocessable', { email: ['errors.emailTaken'] });
  return user;
}

/**
 * Checks e-mail and password. An unknown e-mail and a wrong password get the same answer ('Incorrect password' on
 * the password field, a 422: a 401 means "your session ended" to the admin app), so the form tells no one who has
 * an account. Three limits: attempts per IP; failures per account from one IP, which stops a guesser without
 * locking the owner out from elsewhere; and a much higher ceiling of failures per account from everywhere.
 */
export async function signInWithPassword(ctx: AppContext, input: LoginInput, ip: string) {
  const { perIp, perAccountAndIp, perAccount, windowSeconds } = ctx.config.loginLimits;
  const email = input.email.toLowerCase();
  const pairKey = `login:account-ip:${email}:${ip}`;
  const accountKey = `login:account:${email}`;
  const ipHit = await hit(ctx.db, `login:ip:${ip}`, windowSeconds);
  const pairFailures = await peek(ctx.db, pairKey, windowSeconds);
  const accountFailures = await peek(ctx.db, accountKey, windowSeconds);
  if (ipHit.count > perIp || pairFailures >= perAccountAndIp || accountFailures >= perAccount) {
    const minutes = Math.max(1, Math.ceil((ipHit.count > perIp ? ipHit.retryAfter : windowSeconds) / 60));
    throw new AppError('rate_limited', undefined, `errors.tooManyAttempts?count=${minutes}`);
  }
  const [user] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  // An unknown e-mail still costs one hash, so the answer's timing does not tell either.
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password);
  if (!user || ok !== true) {
    await hit(ctx.db, pairKey, windowSeconds);
    await hit(ctx.db, accountKey, windowSeconds);
    throw new AppError('unprocessable', { password: ['errors.incorrectPassword'] });
  }
  await reset(ctx.db, pairKey);
  if (!needsRehash(user.passwordHash)) return user;
  // A legacy (bcrypt) hash from the Bonde import: the password just matched, so it is stored as argon2id now. Only if
  // it is still the hash that was checked: a reset meanwhile keeps its own.
  const passwordHash = await hashPassword(input.password);
  const [rehashed] = await ctx.db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning();
  return rehashed ?? user;
}

/**
 * Starts a session for the user: a new `sessions` row and the signed token that names it, valid for the configured
 * session length. The token works as the session cookie and as `Authorization: Bearer` (REST and GraphQL).
 */
export async function issueSessionToken(ctx: AppContext, userId: number) {
  const { maxDays } = ctx.config.sessions;
  const maxAgeSeconds = Math.round(maxDays * 86_400);
  const sessionId = await createSession(ctx.db, userId, ctx.config.sessions);
  const token = await ctx.tokens.sign({ userId, sessionId }, maxAgeSeconds);
  return { token, maxAgeSeconds };
}

/** Recovery e-mails one address may receive per window: enough for a lost message, too few to flood an inbox. */
export const RECOVERY_MAILS_PER_ACCOUNT = 3;

/**
 * Always answers the same way, so the form cannot be used to find out who has an account. Requests share the
 * sign-in limit per IP; past a few e-mails per address in a window, further requests quietly send nothing.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: RecoverPasswordInput,
  request: { appUrl: string; locale: Locale; ip: string },
) {
  const { perIp, windowSeconds } = ctx.config.loginLimits;
  const ipHit = await hit(ctx.db, `recover:ip:${request.ip}`, windowSeconds);
  if (ipHit.count > perIp) {
    const minutes = Math.max(1, Math.ceil(ipHit.retryAfter / 60));
    throw new AppError('rate_limited', undefined, `errors.tooManyAttempts?count=${minutes}`);
  }
  const [user] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  if (!user) return;
  const sent = await hit(ctx.db, `recover:account:${user.id}`, windowSeconds);
  if (sent.count > RECOVERY_MAILS_PER_ACCOUNT) return;
  const { appUrl, locale } = request;
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_HOURS * 3600_000);
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const outboxId = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx.insert(passwordResets).values({ userId: user.id, tokenHash: hash, expiresAt }).returning();
    return queueMail(tx, {
      idempotencyKey: `password-reset-${reset?.id}`,
      kind: 'password_reset',
      to: user.email,
      subject: translate(locale, 'auth.recoveryMailSubject'),
      text: translate(locale, 'auth.recoveryMailText', { name: user.firstName, url, hours: PASSWORD_RESET_TTL_HOURS }),
    });
  });
  await ctx.mailer.dispatch(outboxId);
}

/**
 * Uses the link once: the password changes, every open session ends, and every outstanding link of the user is
 * spent with it, so an older link found later in a mailbox cannot change the password again.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOpaqueToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) throw new AppError('unprocessable', { token: ['errors.resetLinkInvalid'] });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning();
    await spendResetLinks(tx, spent.userId);
    await revokeUserSessions(tx, spent.userId);
    return user;
  });
}

/** Spends every unused recovery link of the user (after a reset, or any other password change). */
export async function spendResetLinks(db: Db, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
