import { communityCreateSchema, communityUpdateSchema } from '@mutirao/core';
import { and, count, eq } from 'drizzle-orm';
import { presentUser } from '../accounts/presenter';
import { blockResolvers } from '../blocks/graphql';
import { presentCommunity } from '../communities/presenter';
import { actorOf, createCommunity, updateCommunity } from '../communities/service';
import { communities, communityUsers } from '../db/schema';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import { mobilizationResolvers } from '../mobilizations/graphql';
import { templateResolvers } from '../templates/graphql';
import { themeResolvers } from '../themes/graphql';
import { type GraphQLContext, pageOf } from './context';
import { toGraphQLError } from './errors';
import { boolExpToSql, type ColumnMap, orderByToSql } from './hasura';

export type { GraphQLContext } from './context';

const communityColumns: ColumnMap = {
  id: communities.id,
  name: communities.name,
  city: communities.city,
  slug: communities.slug,
  created_at: communities.createdAt,
  updated_at: communities.updatedAt,
};

/** Communities visible to the caller are those they belong to; other rows are simply absent. */
async function queryCommunities(
  gctx: GraphQLContext,
  args: { where?: Record<string, unknown>; order_by?: unknown; limit?: number; offset?: number },
) {
  const { db } = gctx.app;
  const rows = await db
    .select({ community: communities, role: communityUsers.role })
    .from(communities)
    .innerJoin(
      communityUsers,
      and(eq(communityUsers.communityId, communities.id), eq(communityUsers.userId, gctx.user.id)),
    )
    .where(boolExpToSql(args.where, communityColumns))
    .orderBy(...orderByToSql(args.order_by, communityColumns), communities.id)
    .limit(pageOf(args).limit)
    .offset(pageOf(args).offset);
  return rows.map((r) => presentCommunity(r.community, r.role));
}

async function permissionsOf(gctx: GraphQLContext) {
  const rows = await gctx.app.db
    .select({ membership: communityUsers, community: communities })
    .from(communityUsers)
    .innerJoin(communities, eq(communities.id, communityUsers.communityId))
    .where(eq(communityUsers.userId, gctx.user.id));
  return rows.map(({ membership, community }) => ({
    id: membership.id,
    community_id: membership.communityId,
    user_id: membership.userId,
    role: membership.role,
    created_at: membership.createdAt.toISOString(),
    community: presentCommunity(community, membership.role),
  }));
}

/** Root fields, as graphql-js rootValue functions: (args, context). */
export const rootValue = {
  ...themeResolvers,
  ...mobilizationResolvers,
  ...templateResolvers,
  ...blockResolvers,
  get_current_user: (_args: unknown, gctx: GraphQLContext) => [
    { ...presentUser(gctx.user), permissions: () => permissionsOf(gctx) },
  ],
  communities: (args: Parameters<typeof queryCommunities>[1], gctx: GraphQLContext) => queryCommunities(gctx, args),
  communities_by_pk: async ({ id }: { id: number }, gctx: GraphQLContext) =>
    (await queryCommunities(gctx, { where: { id: { _eq: id } }, limit: 1 }))[0] ?? null,
  communities_aggregate: async ({ where }: { where?: Record<string, unknown> }, gctx: GraphQLContext) => {
    const [row] = await gctx.app.db
      .select({ count: count() })
      .from(communities)
      .innerJoin(
        communityUsers,
        and(eq(communityUsers.communityId, communities.id), eq(communityUsers.userId, gctx.user.id)),
      )
      .where(boolExpToSql(where, communityColumns));
    return { aggregate: { count: Number(row?.count ?? 0) } };
  },
  insert_communities_one: async ({ object }: { object: unknown }, gctx: GraphQLContext) => {
    try {
      const input = parseInput(communityCreateSchema, object, 'unprocessable');
      return presentCommunity(await createCommunity(gctx.app.db, gctx.user.id, input), 1);
    } catch (error) {
      toGraphQLError(error, gctx.locale);
    }
  },
  update_communities_by_pk: async (
    { pk_columns, _set }: { pk_columns: { id: number }; _set?: unknown },
    gctx: GraphQLContext,
  ) => {
    try {
      const input = parseInput(communityUpdateSchema, _set, 'unprocessable');
      const { community, role } = await updateCommunity(gctx.app.db, actorOf(gctx.user), pk_columns.id, input);
      return presentCommunity(community, role);
    } catch (error) {
      // Hasura answers null for a row the caller may not touch (a mobilizer's, or another community's).
      if (error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden')) return null;
      toGraphQLError(error, gctx.locale);
    }
  },
};
