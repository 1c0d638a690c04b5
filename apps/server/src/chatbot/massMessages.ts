import {
  type Actor,
  type Locale,
  type MassMessageInput,
  type MassMessageTestInput,
  parseMassMessageTarget,
  policies,
  translate,
} from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import { findCommunityFor } from '../communities/service';
import type { Db, Tx } from '../db/client';
import { type FacebookBotCampaign, type FacebookBotConfiguration, facebookBotCampaigns } from '../db/schema';
import { AppError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { type CampaignCounts, type Chatbot, presentCampaign, refusalMessage } from '../messaging/chatbot';
import { type BotMessage, ChatbotError } from '../messaging/driver';
import { audienceCounts, audienceRelation, botConfigurationOf, filterOfSegmentation } from './audience';

/**
 * Mass messages, the domain side: who a campaign reaches and its enqueue (spec 01 §7 `POST /enqueue-mass-messages`),
 * and the wizard's test message. The sending itself is the chat-bot toolkit's (`chatbot.ts`).
 */

export interface TestResult {
  target: string;
  status: 'sent' | 'not_subscribed' | 'failed';
  message: string;
}

/**
 * Stores the campaign and its recipients (one `insert … select` from the audience), and queues its fan-out, in one
 * transaction: either all of it exists, or nothing does. Any member of the community may send; another community
 * gets the 404 a missing one gets.
 */
export async function enqueueMassMessage(
  db: Db,
  queue: JobQueue,
  chatbot: Chatbot,
  actor: Actor,
  input: MassMessageInput,
) {
  const communityId = input.community_id;
  const created = await db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    if (!policies.canManageCommunity(actor, membership))
      throw new AppError('forbidden', undefined, 'errors.manageCommunityOnly');
    const configuration = await botConfigurationOf(tx, communityId, input.facebook_bot_configuration_id);
    if (!configuration)
      throw new AppError('unprocessable', { facebook_bot_configuration_id: ['massMessages.botNotFound'] });
    const filter = await filterOfSegmentation(tx, communityId, input.segmentation).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found')
        throw new AppError('unprocessable', { 'segmentation.segment_id': ['massMessages.segmentNotFound'] });
      throw error;
    });
    const { campaign, counts } = await storeCampaign(tx, communityId, configuration, input, filter);
    await queue.send(chatbot.fanOutJob, { campaignId: campaign.id }, { tx });
    return presentCampaign(campaign, counts);
  });
  // Committed: the fan-out can start now rather than at its worker's next ask.
  queue.wake(chatbot.fanOutJob);
  return created;
}

/** The campaign row and its recipients, without the job (the enqueue adds it; tests drive workers by hand). */
export async function storeCampaign(
  tx: Db | Tx,
  communityId: number,
  configuration: FacebookBotConfiguration,
  input: Omit<MassMessageInput, 'community_id' | 'facebook_bot_configuration_id'>,
  filter: Awaited<ReturnType<typeof filterOfSegmentation>>,
): Promise<{ campaign: FacebookBotCampaign; counts: CampaignCounts }> {
  const { skipped } = await audienceCounts(tx, communityId, configuration.id, filter);
  const [created] = await tx
    .insert(facebookBotCampaigns)
    .values({
      facebookBotConfigurationId: configuration.id,
      communityId,
      name: input.name,
      text: input.text,
      quickReplyRedirect: input.quick_reply_redirect || null,
      quickReplyButtonText: input.quick_reply_button_text || null,
      segmentation: input.segmentation as Record<string, unknown>,
      skippedCount: skipped,
    })
    .returning();
  if (!created) throw new Error('campaign not stored');
  const inserted = (await tx.execute(sql`
    with added as (
      insert into facebook_bot_campaign_activists
        (facebook_bot_campaign_id, facebook_bot_activist_id, activist_id, fb_context_recipient_id)
      select ${created.id}, r.facebook_bot_activist_id, r.activist_id, r.fb_context_recipient_id
      from ${audienceRelation(communityId, configuration.id, filter)} r
      on conflict do nothing
      returning 1)
    select count(*)::int as n from added`)) as unknown as { rows: { n: number }[] };
  const recipients = Number(inserted.rows[0]?.n ?? 0);
  const [campaign] = await tx
    .update(facebookBotCampaigns)
    .set({ totalImpactedActivists: recipients })
    .where(eq(facebookBotCampaigns.id, created.id))
    .returning();
  return {
    campaign: campaign ?? created,
    counts: { pending: recipients, sending: 0, sent: 0, failed: 0, skipped },
  };
}

/**
 * Sends the message to each test target now: 'Name <email>' is the community's activist with that e-mail who talks
 * to the bot (else 'not subscribed'), a '+' number goes by phone. Each target gets its own result.
 */
export async function testMessage(
  db: Db,
  chatbot: Chatbot,
  communityId: number,
  input: MassMessageTestInput,
  locale: Locale,
): Promise<TestResult[]> {
  const configuration = await botConfigurationOf(db, communityId, input.facebook_bot_configuration_id);
  if (!configuration)
    throw new AppError('unprocessable', { facebook_bot_configuration_id: ['massMessages.botNotFound'] });
  const quickReply =
    input.quick_reply_button_text && input.quick_reply_redirect
      ? { title: input.quick_reply_button_text, payload: input.quick_reply_redirect }
      : undefined;
  const results: TestResult[] = [];
  for (const target of input.targets) {
    const parsed = parseMassMessageTarget(target);
    if (!parsed) continue;
    let recipient: BotMessage['recipient'] | undefined;
    if (parsed.kind === 'phone') recipient = { phone: parsed.phone };
    else {
      const found = (await db.execute(sql`
        select f.fb_context_recipient_id as id from activists a
        join facebook_bot_activists f on f.activist_id = a.id and f.facebook_bot_configuration_id = ${configuration.id}
        where a.community_id = ${communityId} and lower(a.email) = ${parsed.email}
        order by f.last_interaction_at desc nulls last, f.id limit 1`)) as unknown as { rows: { id: string }[] };
      const id = found.rows[0]?.id;
      if (id) recipient = { id };
    }
    if (!recipient) {
      results.push({ target, status: 'not_subscribed', message: translate(locale, 'massMessages.notSubscribed') });
      continue;
    }
    try {
      await chatbot.sendNow(configuration, { recipient, text: input.text, quickReply });
      results.push({ target, status: 'sent', message: translate(locale, 'massMessages.testSent') });
    } catch (error) {
      const kind = error instanceof ChatbotError ? error.kind : 'unavailable';
      results.push({ target, status: 'failed', message: translate(locale, refusalMessage(kind)) });
    }
  }
  return results;
}
