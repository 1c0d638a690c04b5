import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type FacebookBotCampaign,
  type FacebookBotCampaignActivistStatus,
  facebookBotCampaignActivists,
  facebookBotCampaigns,
} from '../db/schema';

/**
 * The campaign list of `/bot` and of `getFacebookBotCampaignsByCommunityId`: a community's mass messages, newest
 * first, each with its recipients counted by status (grouped from the recipient rows, one query per page) and the
 * people it skipped (no opt-in, kept on the campaign since they have no recipient row).
 */

export const CAMPAIGNS_PER_PAGE = 20;
export const CAMPAIGNS_PER_PAGE_MAX = 100;

export type CampaignCounts = Record<FacebookBotCampaignActivistStatus, number> & { skipped: number };

export interface CampaignSummary {
  id: number;
  facebook_bot_configuration_id: number;
  name: string;
  text: string;
  quick_reply_redirect: string | null;
  quick_reply_button_text: string | null;
  status: FacebookBotCampaign['status'];
  total_impacted_activists: number;
  created_at: string;
  counts: CampaignCounts;
}

/** Recipients of each campaign by status; a campaign with none has no entry. */
async function countsOf(db: Db | Tx, campaignIds: number[]) {
  const byCampaign = new Map<number, Record<FacebookBotCampaignActivistStatus, number>>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .select({
      campaignId: facebookBotCampaignActivists.facebookBotCampaignId,
      status: facebookBotCampaignActivists.status,
      n: sql<number>`count(*)::int`,
    })
    .from(facebookBotCampaignActivists)
    .where(inArray(facebookBotCampaignActivists.facebookBotCampaignId, campaignIds))
    .groupBy(facebookBotCampaignActivists.facebookBotCampaignId, facebookBotCampaignActivists.status);
  for (const row of rows) {
    const counts = byCampaign.get(row.campaignId) ?? { pending: 0, sending: 0, sent: 0, failed: 0 };
    counts[row.status] = Number(row.n);
    byCampaign.set(row.campaignId, counts);
  }
  return byCampaign;
}

/**
 * A page of campaigns matching `where` (the caller's community condition), newest first, keyset on the id: `after`
 * is the last id of the previous page. `next_cursor` is null on the last page.
 */
export async function campaignPage(
  db: Db | Tx,
  where: SQL | undefined,
  { after, limit }: { after?: number | null; limit: number },
): Promise<{ campaigns: CampaignSummary[]; next_cursor: string | null }> {
  const rows = await db
    .select()
    .from(facebookBotCampaigns)
    .where(and(where, after ? lt(facebookBotCampaigns.id, after) : undefined))
    .orderBy(desc(facebookBotCampaigns.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const counts = await countsOf(
    db,
    page.map((c) => c.id),
  );
  return {
    campaigns: page.map((c) => ({
      id: c.id,
      facebook_bot_configuration_id: c.facebookBotConfigurationId,
      name: c.name,
      text: c.text,
      quick_reply_redirect: c.quickReplyRedirect,
      quick_reply_button_text: c.quickReplyButtonText,
      status: c.status,
      total_impacted_activists: c.totalImpactedActivists,
      created_at: c.createdAt.toISOString(),
      counts: { pending: 0, sending: 0, sent: 0, failed: 0, ...counts.get(c.id), skipped: c.skippedCount },
    })),
    next_cursor: rows.length > limit && page.length ? String(page.at(-1)?.id) : null,
  };
}

/** The community's campaigns condition. */
export const ofCommunity = (communityId: number) => eq(facebookBotCampaigns.communityId, communityId);
