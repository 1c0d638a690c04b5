import { type Actor, ROLES } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { communityUsers } from '../db/schema';

/**
 * The list form of `policies.canWorkInCommunity`: rows whose community the actor belongs to, or every row
 * for a platform admin. Single rows are checked with the policy itself; lists cannot load a membership per row.
 */
export function workableCommunityFilter(actor: Actor, communityId: AnyPgColumn): SQL | undefined {
  if (actor.isAdmin) return undefined;
  // `= any(array(...))` runs the membership lookup once per query (an InitPlan). The `in (select ...)` form was
  // planned as a semi-join probed once per row, which made a long list's later pages and counts several times slower.
  return sql`${communityId} = any(array(select ${communityUsers.communityId} from ${communityUsers} where ${communityUsers.userId} = ${actor.id}))`;
}

/**
 * The list form of `policies.canManageCommunity`: the everyday settings of every community the actor belongs to
 * (a mobilizer has the inviter's access, spec 01 §6), so it is the member filter under the settings' name.
 */
export function managedCommunityFilter(actor: Actor, communityId: AnyPgColumn): SQL | undefined {
  return workableCommunityFilter(actor, communityId);
}

/** The list form of `policies.canManageAdmins` and `canManageBankData`: communities where the actor holds role 1. */
export function adminCommunityFilter(actor: Actor, communityId: AnyPgColumn): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`${communityId} = any(array(select ${communityUsers.communityId} from ${communityUsers} where ${communityUsers.userId} = ${actor.id} and ${communityUsers.role} = ${ROLES.admin}))`;
}

/** Communities the actor belongs to, platform admins included: the list a community switcher shows. */
export function memberCommunityFilter(actor: Actor, communityId: AnyPgColumn): SQL {
  return sql`${communityId} = any(array(select ${communityUsers.communityId} from ${communityUsers} where ${communityUsers.userId} = ${actor.id}))`;
}
