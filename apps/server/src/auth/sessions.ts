import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { defineJob } from '../jobs/queue';

/** How long a session lives: at most `maxDays` from sign-in, and ends after `idleDays` without a request. */
export interface SessionPolicy {
  idleDays: number;
  maxDays: number;
}

/** `last_seen_at` is written at most this often, so a busy session does not cost a write per request. */
const TOUCH_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export async function createSession(db: Db, userId: number, policy: SessionPolicy): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + policy.maxDays * DAY_MS) });
  return id;
}

/**
 * The user behind a live session, or undefined when the session was revoked, expired or left idle too long.
 * One primary-key lookup joined to the user; a session last seen over ten minutes ago is touched.
 */
export async function userOfSession(db: Db, userId: number, sessionId: string, policy: SessionPolicy) {
  const now = Date.now();
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - policy.idleDays * DAY_MS)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  return row.user;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, or every other one when `keep` names the caller's own. */
export async function revokeUserSessions(db: Db, userId: number, keep?: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
}

/** Each hour, drops sessions that can no longer be used, so the table holds live sessions only. */
export function sessionSweepJob(db: Db, policy: SessionPolicy) {
  return defineJob({
    name: 'session-sweep',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '23 * * * *',
    handle: async () => {
      const now = Date.now();
      await db
        .delete(sessions)
        .where(
          or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - policy.idleDays * DAY_MS))),
        );
    },
  });
}
