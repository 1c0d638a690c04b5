import { type AccountInput, type accountSchema, type Locale, type PasswordChangeInput, translate } from '@mutirao/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { spendResetLinks } from '../auth/service';
import { revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { AppError } from '../http/errors';
import type { UserRow } from '../http/session';
import { queueMail } from '../mail/outbox';
import { hit, peek, reset } from '../rate-limit/rate-limit';

/**
 * Saves the organiser's own name, e-mail and avatar. A new e-mail needs the current password (a borrowed session
 * must not be enough to take the account: the e-mail is where recovery links go), and the old address is told.
 */
export async function updateAccount(
  ctx: AppContext,
  current: UserRow,
  input: z.output<typeof accountSchema>,
  locale: Locale,
) {
  const email = input.email.toLowerCase();
  const changesEmail = email !== current.email.toLowerCase();
  if (changesEmail) {
    if (!input.current_password)
      throw new AppError('unprocessable', { current_password: ['account.currentPasswordRequired'] });
    if (!(await verifyPassword(current.passwordHash, input.current_password)))
      throw new AppError('unprocessable', { current_password: ['errors.incorrectPassword'] });
  }
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, current.id)))
    .limit(1);
  if (taken) throw new AppError('unprocessable', { email: ['errors.emailTaken'] });
  const { user, outboxId } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email,
        avatar: input.avatar,
        updatedAt: new Date(),
      })
      .where(eq(users.id, current.id))
      .returning();
    if (!user) throw new AppError('not_found');
    const outboxId = changesEmail
      ? await queueMail(tx, {
          idempotencyKey: `email-changed-${user.id}-${user.updatedAt.getTime()}`,
          kind: 'email_changed',
          to: current.email,
          subject: translate(locale, 'account.emailChangedSubject'),
          text: translate(locale, 'account.emailChangedText', {
            name: user.firstName,
            old: current.email,
            new: email,
            support: ctx.config.supportEmail,
          }),
        })
      : undefined;
    return { user, outboxId };
  });
  if (outboxId) await ctx.mailer.dispatch(outboxId);
  return user;
}

/**
 * Changes the signed-in user's password after checking the current one, and signs out every other session of theirs
 * (a stolen session elsewhere ends with the old password), keeping `sessionId`, the caller's. Unused recovery links
 * are spent too: one sent before the change must not undo it.
 */
export async function changePassword(ctx: AppContext, current: UserRow, sessionId: string, input: PasswordChangeInput) {
  // A borrowed session must not become a way to guess the password: wrong tries count as failed sign-ins do.
  const { perAccount, windowSeconds } = ctx.config.loginLimits;
  const failuresKey = `password-change:${current.id}`;
  if ((await peek(ctx.db, failuresKey, windowSeconds)) >= perAccount)
    throw new AppError('rate_limited', undefined, `errors.tooManyAttempts?count=${Math.ceil(windowSeconds / 60)}`);
  if (!(await verifyPassword(current.passwordHash, input.current_password))) {
    await hit(ctx.db, failuresKey, windowSeconds);
    throw new AppError('unprocessable', { current_password: ['account.currentPasswordWrong'] });
  }
  await reset(ctx.db, failuresKey);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, current.id));
    await spendResetLinks(tx, current.id);
    await revokeUserSessions(tx, current.id, sessionId);
  });
}

export type { AccountInput };
