import { type ActivistFilter, activistFilterSchema, type MassMessageSegmentation } from '@mutirao/core';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { filterConditions } from '../activists/filter';
import { findSegment } from '../activists/people';
import type { Db, Tx } from '../db/client';
import { type FacebookBotConfiguration, facebookBotConfigurations } from '../db/schema';

/**
 * Who a mass message reaches. The segmentation is the people list's filter set (or a saved segment's); the
 * audience is the matching activists who talk to the community's bot, one row per Messenger subscriber. Matching
 * people without a subscriber gave no opt-in: they are counted as skipped and never messaged.
 */

/**
 * The community's bot configuration: the one asked for (spec 01 §9 fixes the wizard's at 1) when it is the
 * community's, else the community's own first one; null when the community has none. Another community's
 * configuration is never used.
 */
export async function botConfigurationOf(
  db: Db | Tx,
  communityId: number,
  requestedId: number,
): Promise<FacebookBotConfiguration | null> {
  const [asked] = await db
    .select()
    .from(facebookBotConfigurations)
    .where(and(eq(facebookBotConfigurations.id, requestedId), eq(facebookBotConfigurations.communityId, communityId)))
    .limit(1);
  if (asked) return asked;
  const [own] = await db
    .select()
    .from(facebookBotConfigurations)
    .where(eq(facebookBotConfigurations.communityId, communityId))
    .orderBy(asc(facebookBotConfigurations.id))
    .limit(1);
  return own ?? null;
}

/** The filter set a segmentation stands for: the saved segment's (404 when not the community's), or the one given. */
export async function filterOfSegmentation(
  db: Db | Tx,
  communityId: number,
  segmentation: MassMessageSegmentation,
): Promise<ActivistFilter> {
  if (segmentation.segment_id) {
    const segment = await findSegment(db as Db, communityId, segmentation.segment_id);
    return activistFilterSchema.parse(segment.filter);
  }
  return segmentation.filter ?? activistFilterSchema.parse({});
}

/** The matching people of the community, as conditions on `activists a`. */
function matching(communityId: number, filter: ActivistFilter): SQL {
  const filtered = filterConditions(filter, communityId);
  return sql`a.community_id = ${communityId}${filtered ? sql` and ${filtered}` : sql``}`;
}

/**
 * The audience as a relation: `(facebook_bot_activist_id, activist_id, fb_context_recipient_id, first_name,
 * last_name, profile_pic, gender)`, ordered by nothing (callers order or insert it).
 */
export function audienceRelation(communityId: number, configurationId: number, filter: ActivistFilter): SQL {
  const unlinked = everyone(communityId, filter)
    ? sql` union all select f.id, null, f.fb_context_recipient_id, f.first_name, f.last_name, f.profile_pic, f.gender
    from facebook_bot_activists f
    where f.facebook_bot_configuration_id = ${configurationId} and f.activist_id is null`
    : sql``;
  return sql`(select f.id as facebook_bot_activist_id, a.id as activist_id, f.fb_context_recipient_id,
      coalesce(f.first_name, a.first_name) as first_name, coalesce(f.last_name, a.last_name) as last_name,
      f.profile_pic, coalesce(f.gender, a.gender) as gender
    from activists a
    join facebook_bot_activists f on f.activist_id = a.id and f.facebook_bot_configuration_id = ${configurationId}
    where ${matching(communityId, filter)}${unlinked})`;
}

/**
 * Whether the segmentation takes everyone: then the subscribers who wrote to the page but are no activist of the
 * community (the Messenger webhook's, matched to nobody yet) are reached too; any filter speaks of activists only.
 */
const everyone = (communityId: number, filter: ActivistFilter) => filterConditions(filter, communityId) === undefined;

/** The configuration's subscribers linked to no activist, when the segmentation takes everyone. */
async function unlinkedCount(db: Db | Tx, communityId: number, configurationId: number, filter: ActivistFilter) {
  if (!everyone(communityId, filter)) return 0;
  const result = (await db.execute(sql`select count(*)::int as n from facebook_bot_activists f
    where f.facebook_bot_configuration_id = ${configurationId} and f.activist_id is null`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

export interface AudienceCounts {
  /** Messenger subscribers the message would go to. */
  recipients: number;
  /** Matching people (with or without a subscriber). */
  matched: number;
  /** Matching people without a subscriber: no opt-in, never messaged. */
  skipped: number;
}

export async function audienceCounts(
  db: Db | Tx,
  communityId: number,
  configurationId: number,
  filter: ActivistFilter,
): Promise<AudienceCounts> {
  const result = (await db.execute(sql`
    select count(*)::int as matched,
           count(*) filter (where s.subscribers > 0)::int as reached,
           coalesce(sum(s.subscribers), 0)::int as recipients
    from activists a
    cross join lateral (
      select count(*)::int as subscribers from facebook_bot_activists f
      where f.activist_id = a.id and f.facebook_bot_configuration_id = ${configurationId}) s
    where ${matching(communityId, filter)}`)) as unknown as {
    rows: { matched: number; reached: number; recipients: number }[];
  };
  const row = result.rows[0] ?? { matched: 0, reached: 0, recipients: 0 };
  return {
    recipients: Number(row.recipients) + (await unlinkedCount(db, communityId, configurationId, filter)),
    matched: Number(row.matched),
    skipped: Number(row.matched) - Number(row.reached),
  };
}
