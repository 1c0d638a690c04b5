import { type Actor, type CommunityCreateInput, type communityUpdateSchema, policies, ROLES } from '@mutirao/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { communities, communityUsers, mobilizations } from '../db/schema';
import { AppError, notFound } from '../http/errors';

export type CommunityRow = typeof communities.$inferSelect;

export function actorOf(user: { id: number; isAdmin: boolean }): Actor {
  return { id: user.id, isAdmin: user.isAdmin };
}

export async function membershipOf(db: Db | Tx, userId: number, communityId: number) {
  const [m] = await db
    .select({ communityId: communityUsers.communityId, role: communityUsers.role })
    .from(communityUsers)
    .where(and(eq(communityUsers.userId, userId), eq(communityUsers.communityId, communityId)))
    .limit(1);
  return m;
}

/** The communities a user belongs to, with the role held in each. */
export async function listCommunitiesOf(db: Db, userId: number, filter: { ids?: number[] } = {}) {
  const rows = await db
    .select({ community: communities, role: communityUsers.role })
    .from(communityUsers)
    .innerJoin(communities, eq(communities.id, communityUsers.communityId))
    .where(and(eq(communityUsers.userId, userId), filter.ids ? inArray(communities.id, filter.ids) : undefined))
    .orderBy(asc(communities.name), asc(communities.id));
  return rows;
}

/** Creates the community and makes its creator an admin (role 1), in one transaction. */
export async function createCommunity(db: Db, userId: number, input: CommunityCreateInput) {
  return db.transaction(async (tx) => {
    const [community] = await tx.insert(communities).values({ name: input.name, city: input.city }).returning();
    if (!community) throw new Error('insert returned nothing');
    await tx.insert(communityUsers).values({ communityId: community.id, userId, role: ROLES.admin });
    return community;
  });
}

/**
 * Loads a community the actor may read. A community the actor does not belong to is "not found",
 * never "forbidden": the answer must not reveal that it exists.
 */
export async function findCommunityFor(db: Db | Tx, actor: Actor, communityId: number) {
  const membership = await membershipOf(db, actor.id, communityId);
  if (!policies.canReadCommunity(actor, membership)) throw notFound();
  const [community] = await db.select().from(communities).where(eq(communities.id, communityId)).limit(1);
  if (!community) throw notFound();
  return { community, membership };
}

/**
 * Changes the community's settings. A member who may not manage it (a mobilizer) is refused with 403: they
 * can already read it, so there is nothing to hide; anyone else gets the same 404 as for a missing row.
 */
export async function updateCommunity(
  db: Db,
  actor: Actor,
  communityId: number,
  input: Partial<z.output<typeof communityUpdateSchema>>,
) {
  return db.transaction(async (tx) => {
    const { community: before, membership } = await findCommunityFor(tx, actor, communityId);
    if (!policies.canManageCommunity(actor, membership)) {
      throw new AppError('forbidden', undefined, 'errors.manageCommunityOnly');
    }
    const values: Partial<typeof communities.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) values.name = input.name;
    if (input.city !== undefined) values.city = input.city;
    if (input.description !== undefined) values.description = input.description;
    if (input.image !== undefined) values.image = input.image;
    if (input.fb_link !== undefined) values.fbLink = input.fb_link;
    if (input.twitter_link !== undefined) values.twitterLink = input.twitter_link;
    if (input.facebook_app_id !== undefined) values.facebookAppId = input.facebook_app_id;
    if (input.email_template_from !== undefined) values.emailTemplateFrom = input.email_template_from;
    if (input.time_zone !== undefined) values.timeZone = input.time_zone;
    if (input.embed_origins !== undefined) {
      if (!policies.canManageEmbedOrigins(actor, membership))
        throw new AppError('forbidden', undefined, 'embedOrigins.readOnly');
      values.embedOrigins = input.embed_origins;
    }
    const [community] = await tx.update(communities).set(values).where(eq(communities.id, communityId)).returning();
    if (!community) throw notFound();
    // The image is the link preview of the pages without a share image of their own: their cached renderings go.
    if ((before.image ?? null) !== (community.image ?? null))
      await tx
        .update(mobilizations)
        .set({ cacheVersion: sql`${mobilizations.cacheVersion} + 1` })
        .where(eq(mobilizations.communityId, communityId));
    return { community, role: membership?.role };
  });
}
