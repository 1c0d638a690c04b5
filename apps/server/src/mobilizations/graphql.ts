import { mobilizationCreateSchema, mobilizationUpdateSchema } from '@mutirao/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { mobilizations, mobilizationsSubthemes, subthemes } from '../db/schema';
import type { MobilizationsInsertInput } from '../graphql/args.generated';
import { type GraphQLContext, loaderOf } from '../graphql/context';
import { domainErrors, refuseUpsert } from '../graphql/errors';
import type { GraphQLModule, GraphQLNode, RowFilter } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { parseInput } from '../http/validate';
import { mobilizationStats } from './queries';
import { createMobilization, updateMobilization } from './service';
import { subthemeIdsOf } from './subthemes';

/** Pages of communities the actor works in (all for is_admin). */
const workable: RowFilter = (actor) => workableCommunityFilter(actor, mobilizations.communityId);

/** Nested `mobilizations_subthemes: {data: [{subtheme_id}]}` becomes the form's `subthemes: [id]`. */
function createInput(object: MobilizationsInsertInput) {
  const { mobilizations_subthemes: links, ...rest } = object;
  return links?.data ? { ...rest, subthemes: links.data.map((l) => l.subtheme_id) } : rest;
}

function stat(key: 'usersCount' | 'totalFundRaising') {
  return (node: GraphQLNode, _args: unknown, gctx: GraphQLContext) =>
    loaderOf(gctx, 'mobilizations.stats', (ids) => mobilizationStats(gctx.app.db, [...ids]))
      .load(node.id as number)
      .then((s) => s?.[key] ?? 0);
}

const pages = (gctx: GraphQLContext) => gctx.surface.table('mobilizations');

async function insertMobilizations(gctx: GraphQLContext, objects: MobilizationsInsertInput[]) {
  const ids: number[] = [];
  for (const object of objects) {
    const input = parseInput(mobilizationCreateSchema, createInput(object), 'unprocessable');
    ids.push((await createMobilization(gctx.app.db, actorIn(gctx), input)).id);
  }
  return gctx.surface.byIds(pages(gctx), gctx, ids, undefined);
}

/** Mobilizations on the Hasura-style API (spec 01 §5). */
export const mobilizationGraphQL: GraphQLModule = {
  tables: {
    mobilizations: {
      select: workable,
      live: true,
      update: {
        filter: (actor) => and(workable(actor), isNull(mobilizations.deletedAt)),
        apply: async (gctx, id, set) => {
          const input = parseInput(mobilizationUpdateSchema, set, 'unprocessable');
          await updateMobilization(gctx.app.db, gctx.app.storage, actorIn(gctx), id, input);
        },
      },
      fields: {
        users_count: {
          sdl: '"Distinct people with an action on the page that counts (form entries, e-mail pressures, completed calls, paid donations)."\n    users_count: Int!',
          resolve: stat('usersCount'),
        },
        total_fund_raising: {
          sdl: '"Paid donations, in integer cents."\n    total_fund_raising: bigint!',
          resolve: stat('totalFundRaising'),
        },
        subthemes: {
          sdl: '"The subthemes linked to the page."\n    subthemes: [subthemes!]!',
          resolve: (node, _args, gctx) =>
            gctx.surface.rows(
              gctx.surface.table('subthemes'),
              gctx,
              { order_by: { id: 'asc' } },
              sql`${subthemes.id} in (select ${mobilizationsSubthemes.subthemeId} from ${mobilizationsSubthemes} where ${mobilizationsSubthemes.mobilizationId} = ${node.id})`,
            ),
        },
      },
    },
    mobilizations_subthemes: {
      select: (actor) =>
        sql`${mobilizationsSubthemes.mobilizationId} in (select ${mobilizations.id} from ${mobilizations} where ${and(workable(actor), isNull(mobilizations.deletedAt))})`,
    },
  },
  resolvers: {
    insert_mobilizations_one: ({ object, on_conflict }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => {
          refuseUpsert(on_conflict, [object]);
          return (await insertMobilizations(gctx, [object]))[0] ?? null;
        },
        true,
      ),
    insert_mobilizations: ({ objects, on_conflict }, gctx) =>
      domainErrors(gctx.locale, async () => {
        refuseUpsert(on_conflict, objects);
        const returning = await insertMobilizations(gctx, objects);
        return { affected_rows: returning.length, returning };
      }),
    /**
     * Links are added to each mobilization's own, by the same rules as the settings form (at most three, a main theme
     * among theirs); foreign rows are skipped. Removing one is `delete_mobilizations_subthemes`.
     */
    insert_mobilizations_subthemes: ({ objects }, gctx) =>
      domainErrors(gctx.locale, async () => {
        const byMobilization = new Map<number, unknown[]>();
        for (const o of objects) {
          const id = Number(o.mobilization_id);
          byMobilization.set(id, [...(byMobilization.get(id) ?? []), o.subtheme_id]);
        }
        const linked: number[] = [];
        for (const [id, chosen] of byMobilization) {
          if (!Number.isInteger(id) || id <= 0) continue;
          const done = await domainErrors(
            gctx.locale,
            async () => {
              const current = await subthemeIdsOf(gctx.app.db, id);
              const added = chosen.filter((c) => typeof c !== 'number' || !current.includes(c));
              const input = parseInput(
                mobilizationUpdateSchema,
                { subthemes: [...current, ...added] },
                'unprocessable',
              );
              await updateMobilization(gctx.app.db, gctx.app.storage, actorIn(gctx), id, input);
              return true;
            },
            true,
          );
          if (done) {
            const rows = await gctx.app.db
              .select({ id: mobilizationsSubthemes.id })
              .from(mobilizationsSubthemes)
              .where(
                and(
                  eq(mobilizationsSubthemes.mobilizationId, id),
                  inArray(
                    mobilizationsSubthemes.subthemeId,
                    chosen.filter((c): c is number => typeof c === 'number'),
                  ),
                ),
              );
            linked.push(...rows.map((r) => r.id));
          }
        }
        const returning = await gctx.surface.byIds(
          gctx.surface.table('mobilizations_subthemes'),
          gctx,
          linked,
          undefined,
        );
        return { affected_rows: returning.length, returning };
      }),
  },
};
