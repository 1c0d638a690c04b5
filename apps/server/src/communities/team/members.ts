import { type Actor, policies, ROLES } from '@mutirao/core';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { communityUsers, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { findCommunityFor } from '../service';
import type { MemberRow } from './presenter';

const memberColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: communityUsers.role,
  joinedAt: communityUsers.createdAt,
};

/** The community's members, admins first, then by the date they joined (`community_users_community_user_idx`). */
export async function listMembers(db: Db, actor: Actor, communityId: number, page: { limit: number; offset: number }) {
  await findCommunityFor(db, actor, communityId);
  const where = eq(communityUsers.communityId, communityId);
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(communityUsers)
      .innerJoin(users, eq(users.id, communityUsers.userId))
      .where(where)
      .orderBy(asc(communityUsers.role), asc(communityUsers.createdAt), asc(communityUsers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(communityUsers).where(where),
  ]);
  return { rows: rows as MemberRow[], total: total?.n ?? 0 };
}

async function memberOf(tx: Tx, communityId: number, userId: number) {
  const [row] = await tx
    .select(memberColumns)
    .from(communityUsers)
    .innerJoin(users, eq(users.id, communityUsers.userId))
    .where(and(eq(communityUsers.communityId, communityId), eq(communityUsers.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row as MemberRow;
}

/**
 * The community must keep an admin. The admins' rows are locked first, so two admins demoting or removing each other
 * at the same moment are taken one after the other, and the second finds that only one admin is left.
 */
async function refuseLastAdmin(tx: Tx, communityId: number, field?: string) {
  const admins = await tx
    .select({ userId: communityUsers.userId })
    .from(communityUsers)
    .where(and(eq(communityUsers.communityId, communityId), eq(communityUsers.role, ROLES.admin)))
    .for('update');
  if (admins.length <= 1) {
    throw field
      ? new AppError('unprocessable', { [field]: ['team.lastAdmin'] })
      : new AppError('unprocessable', undefined, 'team.lastAdmin');
  }
}

/** Makes a member an admin or a mobilizer: admins only, and never the last admin down to mobilizer. */
export async function changeMemberRole(db: Db, actor: Actor, communityId: number, userId: number, role: number) {
  return db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    const target = await memberOf(tx, communityId, userId);
    if (!policies.canChangeRole(actor, membership)) throw new AppError('forbidden', { role: ['team.adminsOnly'] });
    if (target.role === role) return target;
    if (target.role === ROLES.admin) await refuseLastAdmin(tx, communityId, 'role');
    await tx
      .update(communityUsers)
      .set({ role })
      .where(and(eq(communityUsers.communityId, communityId), eq(communityUsers.userId, userId)));
    return { ...target, role };
  });
}

/** Removes a member, or lets a member leave; an admin is removed only by an admin, and the last one never. */
export async function removeMember(db: Db, actor: Actor, communityId: number, userId: number) {
  await db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    const target = await memberOf(tx, communityId, userId);
    if (!policies.canRemoveMember(actor, membership, target))
      throw new AppError('forbidden', undefined, 'team.adminsOnly');
    if (target.role === ROLES.admin) await refuseLastAdmin(tx, communityId);
    await tx
      .delete(communityUsers)
      .where(and(eq(communityUsers.communityId, communityId), eq(communityUsers.userId, userId)));
  });
}
