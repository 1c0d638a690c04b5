import type { Actor } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { communityUsers } from '../db/schema';

/**
 * The list form of `policies.canWorkInCommunity`: rows whose community the actor belongs to, or every row
 * for a platform admin. Single rows are checked with the policy itself; lists cannot load a membership per row.
 */
export function workableCommunityFilter(actor: Actor, communityId: AnyPgColumn): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`${communityId} in (select ${communityUsers.communityId} from ${communityUsers} where ${communityUsers.userId} = ${actor.id})`;
}
