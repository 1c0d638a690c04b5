import { type TimeZone, timeZoneOr } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { communities } from '../db/schema';

/**
 * The zone the community's dates are shown in (its Informações screen; São Paulo's unless it chose another): the one
 * place the server reads it, for the reports' date columns and the e-mails (receipts). A missing community, or a
 * stored name that is not one of core's `TIME_ZONES`, reads as the default.
 */
export async function communityTimeZone(db: Db | Tx, communityId: number): Promise<TimeZone> {
  const [row] = await db
    .select({ timeZone: communities.timeZone })
    .from(communities)
    .where(eq(communities.id, communityId))
    .limit(1);
  return timeZoneOr(row?.timeZone);
}

/** The zone of a community row already read (with its `timeZone` column), checked the same way. */
export const timeZoneOf = (community: { timeZone: string | null }): TimeZone => timeZoneOr(community.timeZone);
