import { mobilizationCreateSchema, mobilizationUpdateSchema } from '@mutirao/core';
import { and, count, isNull } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { workableCommunityFilter } from '../communities/access';
import { actorOf } from '../communities/service';
import { mobilizations } from '../db/schema';
import { type GraphQLContext, type ListArgs, pageOf } from '../graphql/context';
import { nullIfNotFound } from '../graphql/errors';
import { boolExpToSql, type ColumnMap, orderByToSql } from '../graphql/hasura';
import { selectedFields } from '../graphql/selection';
import { parseInput } from '../http/validate';
import { presentMobilizations } from './queries';
import { createMobilization, updateMobilization } from './service';

const columns: ColumnMap = {
  id: mobilizations.id,
  community_id: mobilizations.communityId,
  status: mobilizations.status,
  name: mobilizations.name,
  slug: mobilizations.slug,
  custom_domain: mobilizations.customDomain,
  language: mobilizations.language,
  theme_id: mobilizations.themeId,
  user_id: mobilizations.userId,
  template_mobilization_id: mobilizations.templateMobilizationId,
  created_at: mobilizations.createdAt,
  updated_at: mobilizations.updatedAt,
};

/** Rows of communities the caller works in (all for is_admin); deleted ones never show. */
function visible(gctx: GraphQLContext, where: Record<string, unknown> | undefined) {
  return and(
    isNull(mobilizations.deletedAt),
    workableCommunityFilter(actorOf(gctx.user), mobilizations.communityId),
    boolExpToSql(where, columns),
  );
}

async function queryMobilizations(gctx: GraphQLContext, args: ListArgs, info?: GraphQLResolveInfo) {
  const { db } = gctx.app;
  const { limit, offset } = pageOf(args);
  const rows = await db
    .select()
    .from(mobilizations)
    .where(visible(gctx, args.where))
    .orderBy(...orderByToSql(args.order_by, columns), mobilizations.id)
    .limit(limit)
    .offset(offset);
  const fields = selectedFields(info);
  return presentMobilizations(db, rows, {
    stats: fields.has('users_count') || fields.has('total_fund_raising'),
    subthemes: fields.has('subthemes') || fields.has('mobilizations_subthemes'),
    theme: fields.has('theme'),
  });
}

type InsertObject = Record<string, unknown> & { mobilizations_subthemes?: { data?: { subtheme_id?: number }[] } };
type SubthemeLinkInput = { mobilization_id?: number | null; subtheme_id?: number | null };

/** Nested `mobilizations_subthemes: {data: [{subtheme_id}]}` becomes the form's `subthemes: [id]`. */
function createInput(object: InsertObject) {
  const { mobilizations_subthemes: links, ...rest } = object;
  return links?.data ? { ...rest, subthemes: links.data.map((l) => l.subtheme_id) } : rest;
}

async function presentOne(gctx: GraphQLContext, row: typeof mobilizations.$inferSelect) {
  return (await presentMobilizations(gctx.app.db, [row]))[0];
}

export const mobilizationResolvers = {
  mobilizations: (args: ListArgs, gctx: GraphQLContext, info: GraphQLResolveInfo) =>
    queryMobilizations(gctx, args, info),
  mobilizations_by_pk: async ({ id }: { id: number }, gctx: GraphQLContext, info: GraphQLResolveInfo) =>
    (await queryMobilizations(gctx, { where: { id: { _eq: id } }, limit: 1 }, info))[0] ?? null,
  mobilizations_aggregate: async ({ where }: { where?: Record<string, unknown> }, gctx: GraphQLContext) => {
    const [row] = await gctx.app.db.select({ n: count() }).from(mobilizations).where(visible(gctx, where));
    return { aggregate: { count: Number(row?.n ?? 0) } };
  },

  insert_mobilizations_one: ({ object }: { object: InsertObject }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () => {
      const input = parseInput(mobilizationCreateSchema, createInput(object), 'unprocessable');
      return presentOne(gctx, await createMobilization(gctx.app.db, actorOf(gctx.user), input));
    }),

  update_mobilizations_by_pk: (
    { pk_columns, _set }: { pk_columns: { id: number }; _set?: Record<string, unknown> },
    gctx: GraphQLContext,
  ) =>
    nullIfNotFound(gctx.locale, async () => {
      const input = parseInput(mobilizationUpdateSchema, _set ?? {}, 'unprocessable');
      return presentOne(
        gctx,
        await updateMobilization(gctx.app.db, gctx.app.storage, actorOf(gctx.user), pk_columns.id, input),
      );
    }),

  /** Each mobilization's links are set by the same rules as the settings form; foreign rows are skipped. */
  insert_mobilizations_subthemes: async ({ objects }: { objects: SubthemeLinkInput[] }, gctx: GraphQLContext) => {
    const byMobilization = new Map<number, unknown[]>();
    for (const o of objects) {
      const id = Number(o.mobilization_id);
      byMobilization.set(id, [...(byMobilization.get(id) ?? []), o.subtheme_id]);
    }
    const returning = [];
    for (const [id, subthemes] of byMobilization) {
      if (!Number.isInteger(id) || id <= 0) continue;
      const updated = await nullIfNotFound(gctx.locale, async () => {
        const input = parseInput(mobilizationUpdateSchema, { subthemes }, 'unprocessable');
        return presentOne(gctx, await updateMobilization(gctx.app.db, gctx.app.storage, actorOf(gctx.user), id, input));
      });
      if (updated) returning.push(...updated.mobilizations_subthemes.filter((l) => subthemes.includes(l.subtheme_id)));
    }
    return { affected_rows: returning.length, returning };
  },
};
