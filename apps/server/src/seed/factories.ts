import { ROLES } from '@mutirao/core';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { communities, communityUsers, users } from '../db/schema';

/**
 * The one set of builders: the demo seed, the API tests and the browser tests all make data with these.
 */
export async function createUser(
  db: Db,
  attrs: { email: string; password?: string; firstName?: string; lastName?: string; isAdmin?: boolean },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: attrs.email.toLowerCase(),
      firstName: attrs.firstName ?? attrs.email.split('@')[0] ?? 'Organiser',
      lastName: attrs.lastName ?? null,
      passwordHash: await hashPassword(attrs.password ?? 'password123'),
      isAdmin: attrs.isAdmin ?? false,
    })
    .returning();
  if (!user) throw new Error('createUser failed');
  return user;
}

export async function createCommunity(
  db: Db,
  attrs: {
    name: string;
    city?: string;
    description?: string;
    ownerId?: number;
    members?: { userId: number; role: number }[];
  },
) {
  const [community] = await db
    .insert(communities)
    .values({ name: attrs.name, city: attrs.city ?? 'Recife', description: attrs.description ?? null })
    .returning();
  if (!community) throw new Error('createCommunity failed');
  const members = [...(attrs.ownerId ? [{ userId: attrs.ownerId, role: ROLES.admin }] : []), ...(attrs.members ?? [])];
  if (members.length) {
    await db
      .insert(communityUsers)
      .values(members.map((m) => ({ communityId: community.id, userId: m.userId, role: m.role })));
  }
  return community;
}
