import { and, count, inArray } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { facebookBotCampaigns } from '../db/schema';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { AppError } from '../http/errors';
import { CAMPAIGNS_PER_PAGE_MAX, campaignPage, ofCommunity } from './campaigns';

/*
 * spec 02 §7 `getFacebookBotCampaignsByCommunityId(community_id)`: the community's mass messages, newest first, with
 * their recipients counted by status, the same rows as `GET /api/communities/:id/bot/campaigns`. A community the
 * caller does not work in answers no rows, as rows the caller may not see are simply absent. The tables themselves
 * (`facebook_bot_campaigns`, `facebook_bot_activists`, ...) are read with the generated queries.
 *
 * Bonde's admin-client calls the same field as its PostGraphile function did: `(ctxCommunityId)` answering a
 * connection `{nodes}` with camelCase fields. One field cannot answer both a list and an object, so the field is the
 * connection: `nodes` holds the rows, each with our snake_case fields and Bonde's camelCase ones, and `community_id`
 * and `ctxCommunityId` are two names for the same argument.
 */
export const chatbotGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    "A mass message with its recipients counted by status."
    type facebook_bot_campaign_summary {
      id: Int!
      facebook_bot_configuration_id: Int!
      name: String!
      text: String!
      quick_reply_redirect: String
      quick_reply_button_text: String
      "queued, sending, sent or failed."
      status: String!
      total_impacted_activists: Int!
      created_at: timestamptz!
      pending: Int!
      sending: Int!
      sent: Int!
      failed: Int!
      "People the segmentation matched who gave no opt-in (no Messenger subscriber): never messaged."
      skipped: Int!
      "Bonde's names: facebook_bot_configuration_id."
      facebookBotConfigurationId: Int!
      "The segmentation the recipients were chosen by."
      segmentFilters: jsonb!
      totalImpactedActivists: Int!
      createdAt: timestamptz!
      updatedAt: timestamptz!
    }
    "A page of the community's mass messages; totalCount counts all of them."
    type facebook_bot_campaigns_connection {
      totalCount: Int!
      nodes: [facebook_bot_campaign_summary!]!
    }
    extend type query_root {
      "The community's mass messages, newest first (at most 100; 'after' is the last id of the previous page). 'ctxCommunityId' is Bonde's name for 'community_id'."
      getFacebookBotCampaignsByCommunityId(community_id: Int, ctxCommunityId: Int, after: Int, limit: Int): facebook_bot_campaigns_connection!
    }
  `,
  resolvers: {
    getFacebookBotCampaignsByCommunityId: (args, gctx) =>
      domainErrors(gctx.locale, async () => {
        const communityId = args.community_id ?? args.ctxCommunityId;
        if (communityId == null) throw new AppError('unprocessable', { community_id: ['validation.required'] });
        const where = and(
          ofCommunity(communityId),
          workableCommunityFilter(actorIn(gctx), facebookBotCampaigns.communityId),
        );
        const page = await campaignPage(gctx.app.db, where, {
          after: args.after ?? null,
          limit: Math.max(1, Math.min(args.limit ?? CAMPAIGNS_PER_PAGE_MAX, CAMPAIGNS_PER_PAGE_MAX)),
        });
        const ids = page.campaigns.map((c) => c.id);
        const [extra, [total]] = await Promise.all([
          ids.length
            ? gctx.app.db
                .select({
                  id: facebookBotCampaigns.id,
                  segmentation: facebookBotCampaigns.segmentation,
                  updatedAt: facebookBotCampaigns.updatedAt,
                })
                .from(facebookBotCampaigns)
                .where(inArray(facebookBotCampaigns.id, ids))
            : [],
          gctx.app.db.select({ n: count() }).from(facebookBotCampaigns).where(where),
        ]);
        const byId = new Map(extra.map((e) => [e.id, e]));
        return {
          totalCount: Number(total?.n ?? 0),
          nodes: page.campaigns.map(({ counts, ...c }) => ({
            ...c,
            ...counts,
            facebookBotConfigurationId: c.facebook_bot_configuration_id,
            segmentFilters: byId.get(c.id)?.segmentation ?? {},
            totalImpactedActivists: c.total_impacted_activists,
            createdAt: c.created_at,
            updatedAt: byId.get(c.id)?.updatedAt.toISOString() ?? c.created_at,
          })),
        };
      }),
  },
};
