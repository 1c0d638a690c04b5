import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  activists,
  facebookBotActivists,
  facebookBotCampaignActivists,
  facebookBotCampaigns,
  facebookBotConfigurations,
} from '../db/schema';

const GENDERS = ['female', 'male', null] as const;

/**
 * A bot configuration for the community (on the sandbox its tokens are never used) and Messenger subscribers linked
 * to its first `count` activists, for the mass-message journeys. Returns the configuration's id.
 */
export async function createBotSubscribers(db: Db, communityId: number, count: number): Promise<number> {
  const [configuration] = await db
    .insert(facebookBotConfigurations)
    .values({
      communityId,
      messengerAppSecret: 'sandbox',
      messengerValidationToken: 'sandbox',
      messengerPageAccessToken: 'sandbox',
    })
    .returning({ id: facebookBotConfigurations.id });
  if (!configuration) throw new Error('no bot configuration');
  const people = await db
    .select({ id: activists.id, firstName: activists.firstName, lastName: activists.lastName })
    .from(activists)
    .where(eq(activists.communityId, communityId))
    .orderBy(asc(activists.id))
    .limit(count);
  if (people.length)
    await db.insert(facebookBotActivists).values(
      people.map((p, i) => ({
        facebookBotConfigurationId: configuration.id,
        communityId,
        activistId: p.id,
        fbContextRecipientId: `sandbox-${communityId}-${p.id}`,
        fbContextSenderId: `sandbox-page-${communityId}`,
        firstName: p.firstName,
        lastName: p.lastName,
        gender: GENDERS[i % GENDERS.length],
      })),
    );
  return configuration.id;
}

/**
 * A campaign already sent to the configuration's subscribers, for the campaign list's journeys: the last one failed,
 * the others were sent, and the community's people without a subscriber were skipped.
 */
export async function createSentBotCampaign(db: Db, communityId: number, configurationId: number, name: string) {
  const subscribers = await db
    .select()
    .from(facebookBotActivists)
    .where(eq(facebookBotActivists.facebookBotConfigurationId, configurationId))
    .orderBy(asc(facebookBotActivists.id));
  const people = await db.$count(activists, eq(activists.communityId, communityId));
  const [campaign] = await db
    .insert(facebookBotCampaigns)
    .values({
      communityId,
      facebookBotConfigurationId: configurationId,
      name,
      text: `${name}: mensagem de exemplo`,
      totalImpactedActivists: subscribers.length,
      skippedCount: people - new Set(subscribers.map((s) => s.activistId)).size,
      status: 'sent',
    })
    .returning();
  if (!campaign) throw new Error('no campaign');
  if (subscribers.length)
    await db.insert(facebookBotCampaignActivists).values(
      subscribers.map((s, i) => ({
        facebookBotCampaignId: campaign.id,
        facebookBotActivistId: s.id,
        activistId: s.activistId,
        fbContextRecipientId: s.fbContextRecipientId,
        status: i === subscribers.length - 1 ? ('failed' as const) : ('sent' as const),
        sentAt: i === subscribers.length - 1 ? null : new Date(),
      })),
    );
  return campaign.id;
}
