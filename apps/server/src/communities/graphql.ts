import { communityCreateSchema, communityUpdateSchema } from '@mutirao/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { communities, communityUsers, invitations, recipients, users } from '../db/schema';
import { type GraphQLContext, loaderOf } from '../graphql/context';
import { domainErrors, refuseUpsert } from '../graphql/errors';
import { GRAPHQL_LIMITS } from '../graphql/limits';
import type { GraphQLModule, GraphQLNode } from '../graphql/policy';
import { actorIn, atPath, type ListArgs, rowOf } from '../graphql/read';
import { membershipsOf } from '../http/session';
import { parseInput } from '../http/validate';
import { adminCommunityFilter, managedCommunityFilter, memberCommunityFilter, workableCommunityFilter } from './access';
import { integrationsField } from './integrations';
import { createCommunity, updateCommunity } from './service';

/** Communities, their team and the signed-in user on the Hasura-style API (spec 01 §3, §8). */
export const communityGraphQL: GraphQLModule = {
  tables: {
    communities: {
      // The communities one belongs to, platform admins included: the switcher lists no one else's.
      select: (actor) => memberCommunityFilter(actor, communities.id),
      writeOnly: ['mailchimp_api_key'],
      // Read through the field below, secrets left out (Bonde's column, issue 36).
      hidden: ['integrations'],
      update: {
        filter: (actor) => managedCommunityFilter(actor, communities.id),
        apply: async (gctx, id, set) => {
          await updateCommunity(
            gctx.app.db,
            actorIn(gctx),
            id,
            parseInput(communityUpdateSchema, set, 'unprocessable'),
          );
        },
      },
      fields: {
        integrations: integrationsField,
        role: {
          sdl: `"The caller's role in this community (1 admin, 2 mobilizer)."\n    role: Int`,
          resolve: async (node, _args, gctx) => {
            if (outsideTransaction(gctx))
              return (await membershipsOf(gctx.app, gctx.user.id)).find((m) => m.communityId === node.id)?.role ?? null;
            return loaderOf(gctx, 'communities.role', async (ids) => {
              const rows = await gctx.app.db
                .select({ id: communityUsers.communityId, role: communityUsers.role })
                .from(communityUsers)
                .where(and(eq(communityUsers.userId, gctx.user.id), inArray(communityUsers.communityId, [...ids])));
              return new Map(rows.map((r) => [r.id, r.role]));
            }).load(node.id as number);
          },
        },
      },
    },
    community_users: { select: (actor) => workableCommunityFilter(actor, communityUsers.communityId) },
    invitations: {
      select: (actor) => managedCommunityFilter(actor, invitations.communityId),
      hidden: ['code_hash'],
    },
    recipients: {
      select: (actor) => adminCommunityFilter(actor, recipients.communityId),
      fields: {
        recipient: {
          sdl: '"The transfer settings and bank account in the one jsonb the original kept."\n    recipient(path: String): jsonb',
          resolve: (node, args) => {
            const row = rowOf(node);
            const { transferDay, transferInterval, transferEnabled, bankAccount } = row;
            const recipient = {
              transfer_day: transferDay,
              transfer_interval: transferInterval,
              transfer_enabled: transferEnabled,
              bank_account: bankAccount,
            };
            return atPath(recipient, args.path as string | undefined);
          },
        },
      },
    },
    users: {
      // Oneself, and the people one works with.
      select: (actor) =>
        actor.isAdmin
          ? undefined
          : or(
              eq(users.id, actor.id),
              sql`${users.id} in (select ${communityUsers.userId} from ${communityUsers} where ${workableCommunityFilter(actor, communityUsers.communityId)})`,
            ),
      hidden: ['password_hash'],
      fields: {
        permissions: {
          sdl: `"The user's memberships (the original's name for community_users)."\n    permissions: [community_users!]!`,
          resolve: async (node, _args, gctx) => {
            const t = gctx.surface.table('community_users');
            // One's own memberships are all visible to oneself: the kept list, capped and ordered as a list read is.
            if (node.id === gctx.user.id && outsideTransaction(gctx))
              return (await membershipsOf(gctx.app, gctx.user.id))
                .slice(0, GRAPHQL_LIMITS.defaultRows)
                .map((row) => gctx.surface.node(t, row));
            return gctx.surface.rows(t, gctx, {}, eq(communityUsers.userId, node.id as number));
          },
        },
      },
    },
  },
  sdl: /* GraphQL */ `
    extend type query_root {
      "The signed-in user, as a list (it is a Hasura function); clients take the first element."
      get_current_user: [users!]!
      "The services this server runs on their sandbox in production (ALLOW_SANDBOX), for the admin's banner; empty elsewhere."
      sandboxed_services: [String!]!
    }
  `,
  resolvers: {
    // The session's own row: read with the session a moment ago, or kept until the user changes.
    get_current_user: (_args: unknown, gctx) => [gctx.surface.node(gctx.surface.table('users'), gctx.user)],
    sandboxed_services: (_args: unknown, gctx) => gctx.app.config.sandboxInProduction,
    communities: (args, gctx) => domainErrors(gctx.locale, () => communitiesSeen(gctx, args)),
    // A new community makes its creator its admin, which a plain insert would not.
    insert_communities_one: ({ object, on_conflict }, gctx) =>
      domainErrors(gctx.locale, async () => {
        refuseUpsert(on_conflict, [object]);
        return (await insertCommunities(gctx, [object]))[0] ?? null;
      }),
    insert_communities: ({ objects, on_conflict }, gctx) =>
      domainErrors(gctx.locale, async () => {
        refuseUpsert(on_conflict, objects);
        const returning = await insertCommunities(gctx, objects);
        return { affected_rows: returning.length, returning };
      }),
  },
};

/** Reads of the shared database, not a mutation document's transaction, may use what `ctx.access` keeps. */
const outsideTransaction = (gctx: GraphQLContext) => gctx.app.db === gctx.app.database.db;

/**
 * The `communities` root field. The usual call (the Session query: ordered by columns, maybe paged) depends only on
 * the caller's memberships and the communities' rows, whose every change is announced, so its rows are kept in
 * `ctx.access` per caller and arguments. A `where` may reach other tables, so it always asks the database.
 */
async function communitiesSeen(gctx: GraphQLContext, args: ListArgs) {
  const t = gctx.surface.table('communities');
  const columnsOnly = (order: unknown) =>
    (Array.isArray(order) ? order : [order]).every(
      (entry) => entry && typeof entry === 'object' && Object.keys(entry).every((key) => t.model.column.has(key)),
    );
  const kept = Object.entries(args).every(
    ([key, value]) =>
      value === null ||
      value === undefined ||
      key === 'limit' ||
      key === 'offset' ||
      (key === 'order_by' && columnsOnly(value)),
  );
  if (!kept || !outsideTransaction(gctx)) return gctx.surface.rows(t, gctx, args);
  const rows = await gctx.app.access.get(`communities:${gctx.user.id}:${JSON.stringify(args)}`, async () =>
    (await gctx.surface.rows(t, gctx, args)).map(rowOf),
  );
  return rows.map((row) => gctx.surface.node(t, row));
}

async function insertCommunities(gctx: Parameters<typeof loaderOf>[0], objects: unknown[]): Promise<GraphQLNode[]> {
  const ids: number[] = [];
  for (const object of objects) {
    const input = parseInput(communityCreateSchema, object, 'unprocessable');
    ids.push((await createCommunity(gctx.app.db, gctx.user.id, input)).id);
  }
  return gctx.surface.byIds(gctx.surface.table('communities'), gctx, ids, undefined);
}
