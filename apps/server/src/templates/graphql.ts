import { eq, or, sql } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { templateBlocks, templateMobilizations, templateWidgets } from '../db/schema';
import type { GraphQLContext } from '../graphql/context';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule, RowFilter } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { applyTemplate, deleteTemplate } from './service';

/** The list form of `policies.canUseTemplate`: global templates, plus those of communities the caller works in. */
const usable: RowFilter = (actor) => {
  const own = workableCommunityFilter(actor, templateMobilizations.communityId);
  return own ? or(eq(templateMobilizations.global, true), own) : undefined;
};
const usableTemplates = (actor: Parameters<RowFilter>[0]) =>
  sql`select ${templateMobilizations.id} from ${templateMobilizations} where ${usable(actor) ?? sql`true`}`;

/** Copies the template into the page and answers the page, as a generated row. */
async function apply(gctx: GraphQLContext, mobilizationId: number, templateId: number) {
  const row = await applyTemplate(gctx.app.db, actorIn(gctx), mobilizationId, templateId);
  return gctx.surface.byIds(gctx.surface.table('mobilizations'), gctx, [row.id], undefined);
}

/** Templates on the Hasura-style API (spec 01 §5), with the original's functions that apply one to a page. */
export const templateGraphQL: GraphQLModule = {
  tables: {
    template_mobilizations: {
      select: usable,
      delete: {
        filter: usable,
        apply: async (gctx, ids) => {
          for (const id of ids) await deleteTemplate(gctx.app.db, actorIn(gctx), id);
        },
      },
    },
    template_blocks: {
      select: (actor) => sql`${templateBlocks.templateMobilizationId} in (${usableTemplates(actor)})`,
    },
    template_widgets: {
      select: (actor) =>
        sql`${templateWidgets.templateBlockId} in (select ${templateBlocks.id} from ${templateBlocks} where ${templateBlocks.templateMobilizationId} in (${usableTemplates(actor)}))`,
    },
  },
  sdl: /* GraphQL */ `
    input copy_template_mobilization_args { p_mobilization_id: bigint p_template_mobilization_id: bigint }
    extend type mutation_root {
      "The original's SQL function: copies the template's blocks and widgets into the page, in one transaction."
      copy_template_mobilization(
        args: copy_template_mobilization_args!
        distinct_on: [mobilizations_select_column!]
        where: mobilizations_bool_exp
        order_by: [mobilizations_order_by!]
        limit: Int
        offset: Int
      ): [mobilizations!]!
      "Copies the template's blocks and widgets into mobilization id, in one transaction."
      create_mobilization_from_template(id: Int!, template_mobilization_id: Int!): mobilizations
    }
  `,
  resolvers: {
    copy_template_mobilization: ({ args }, gctx) =>
      domainErrors(gctx.locale, () =>
        apply(gctx, Number(args.p_mobilization_id), Number(args.p_template_mobilization_id)),
      ),
    create_mobilization_from_template: ({ id, template_mobilization_id }, gctx) =>
      domainErrors(gctx.locale, async () => (await apply(gctx, id, template_mobilization_id))[0] ?? null, true),
  },
};
