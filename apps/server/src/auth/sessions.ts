import { randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { SessionPolicy } from '../http/session';
import { defineJob } from '../jobs/queue';

const DAY_MS = 86_400_000;

export async function createSession(db: Db, userId: number, policy: SessionPolicy): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + policy.maxDays * DAY_MS) });
  return id;
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
