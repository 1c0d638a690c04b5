import { and } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { facebookBotCampaigns } from '../db/schema';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { CAMPAIGNS_PER_PAGE_MAX, campaignPage, ofCommunity } from './campaigns';

/*
 * spec 02 §7 `getFacebookBotCampaignsByCommunityId(community_id)`: the community's mass messages, newest first, with
 * their recipients counted by status, the same rows as `GET /api/communities/:id/bot/campaigns`. A community the
 * caller does not work in answers an empty list, as rows the caller may not see are simply absent. The tables
 * themselves (`facebook_bot_campaigns`, `facebook_bot_activists`, ...) are read with the generated queries.
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
    }
    extend type query_root {
      "The community's mass messages, newest first (at most 100; 'after' is the last id of the previous page)."
      getFacebookBotCampaignsByCommunityId(community_id: Int!, after: Int, limit: Int): [facebook_bot_campaign_summary!]!
    }
  `,
  resolvers: {
    getFacebookBotCampaignsByCommunityId: async (args, gctx) => {
      const page = await campaignPage(
        gctx.app.db,
        and(ofCommunity(args.community_id), workableCommunityFilter(actorIn(gctx), facebookBotCampaigns.communityId)),
        {
          after: args.after ?? null,
          limit: Math.max(1, Math.min(args.limit ?? CAMPAIGNS_PER_PAGE_MAX, CAMPAIGNS_PER_PAGE_MAX)),
        },
      );
      return page.campaigns.map(({ counts, ...campaign }) => ({ ...campaign, ...counts }));
    },
  },
};
