import type { AccountInput, accountSchema } from '@mutirao/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { AppError } from '../http/errors';

/** Saves the organiser's own name, e-mail and avatar (the spec's stub made real). */
export async function updateAccount(ctx: AppContext, userId: number, input: z.output<typeof accountSchema>) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('unprocessable', { email: ['errors.emailTaken'] });
  const [user] = await ctx.db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email.toLowerCase(),
      avatar: input.avatar,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('not_found');
  return user;
}

export type { AccountInput };
