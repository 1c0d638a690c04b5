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
import { passwordResets, users } from '../db/schema';
import { AppError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { hit, peek, reset } from '../rate-limit/rate-limit';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
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
 * Checks e-mail and password with two limits: attempts per IP, and failed attempts per account.
 * A wrong password names the password field ('Incorrect password'), as the spec's login screen expects.
 * It is a 422, not a 401: a 401 means "your session ended" to the admin app.
 */
export async function signInWithPassword(ctx: AppContext, input: LoginInput, ip: string) {
  const { perIp, perAccount, windowSeconds } = ctx.config.loginLimits;
  const accountKey = `login:account:${input.email.toLowerCase()}`;
  const ipHit = await hit(ctx.db, `login:ip:${ip}`, windowSeconds);
  const accountFailures = await peek(ctx.db, accountKey, windowSeconds);
  if (ipHit.count > perIp || accountFailures >= perAccount) {
    const minutes = Math.max(1, Math.ceil((ipHit.count > perIp ? ipHit.retryAfter : windowSeconds) / 60));
    throw new AppError('rate_limited', undefined, `errors.tooManyAttempts?minutes=${minutes}`);
  }
  const [user] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  if (!user) {
    await burnPasswordCheck(input.password);
    await hit(ctx.db, accountKey, windowSeconds);
    throw new AppError('unprocessable', { email: ['errors.unknownEmail'] });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await hit(ctx.db, accountKey, windowSeconds);
    throw new AppError('unprocessable', { password: ['errors.incorrectPassword'] });
  }
  await reset(ctx.db, accountKey);
  return user;
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
    throw new AppError('rate_limited', undefined, `errors.tooManyAttempts?minutes=${minutes}`);
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

/** Uses the link once: the password changes, every open session ends, and the link is spent. */
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
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning();
    return user;
  });
}
