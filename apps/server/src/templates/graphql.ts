import { and, count, eq, or, type SQL } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { actorOf } from '../communities/service';
import { templateMobilizations } from '../db/schema';
import { type GraphQLContext, type ListArgs, pageOf } from '../graphql/context';
import { nullIfNotFound } from '../graphql/errors';
import { boolExpToSql, type ColumnMap, orderByToSql } from '../graphql/hasura';
import { presentMobilizations } from '../mobilizations/queries';
import { presentTemplate } from './presenter';
import { applyTemplate, deleteTemplate } from './service';

const columns: ColumnMap = {
  id: templateMobilizations.id,
  name: templateMobilizations.name,
  goal: templateMobilizations.goal,
  global: templateMobilizations.global,
  community_id: templateMobilizations.communityId,
  user_id: templateMobilizations.userId,
  uses_number: templateMobilizations.usesNumber,
  created_at: templateMobilizations.createdAt,
  updated_at: templateMobilizations.updatedAt,
};

/** The list form of `policies.canUseTemplate`: global templates, plus those of communities the caller works in. */
function visible(gctx: GraphQLContext, where: Record<string, unknown> | undefined): SQL | undefined {
  const own = workableCommunityFilter(actorOf(gctx.user), templateMobilizations.communityId);
  return and(own ? or(eq(templateMobilizations.global, true), own) : undefined, boolExpToSql(where, columns));
}

async function queryTemplates(gctx: GraphQLContext, args: ListArgs) {
  const { limit, offset } = pageOf(args);
  const rows = await gctx.app.db
    .select()
    .from(templateMobilizations)
    .where(visible(gctx, args.where))
    .orderBy(...orderByToSql(args.order_by, columns), templateMobilizations.id)
    .limit(limit)
    .offset(offset);
  return rows.map(presentTemplate);
}

export const templateResolvers = {
  template_mobilizations: (args: ListArgs, gctx: GraphQLContext) => queryTemplates(gctx, args),
  template_mobilizations_by_pk: async ({ id }: { id: number }, gctx: GraphQLContext) =>
    (await queryTemplates(gctx, { where: { id: { _eq: id } }, limit: 1 }))[0] ?? null,
  template_mobilizations_aggregate: async ({ where }: { where?: Record<string, unknown> }, gctx: GraphQLContext) => {
    const [row] = await gctx.app.db.select({ n: count() }).from(templateMobilizations).where(visible(gctx, where));
    return { aggregate: { count: Number(row?.n ?? 0) } };
  },
  delete_template_mobilizations_by_pk: ({ id }: { id: number }, gctx: GraphQLContext) =>
    nullIfNotFound(gctx.locale, async () => presentTemplate(await deleteTemplate(gctx.app.db, actorOf(gctx.user), id))),
  create_mobilization_from_template: (
    { id, template_mobilization_id }: { id: number; template_mobilization_id: number },
    gctx: GraphQLContext,
  ) =>
    nullIfNotFound(gctx.locale, async () => {
      const row = await applyTemplate(gctx.app.db, actorOf(gctx.user), id, template_mobilization_id);
      return (await presentMobilizations(gctx.app.db, [row]))[0];
    }),
};
