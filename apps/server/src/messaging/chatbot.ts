import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import { anyInt } from '../db/arrays';
import type { Db } from '../db/client';
import {
  type FacebookBotCampaign,
  type FacebookBotConfiguration,
  facebookBotCampaigns,
  facebookBotConfigurations,
} from '../db/schema';
import { defineJob, type JobDefinition, type JobQueue } from '../jobs/queue';
import { SharedPace } from '../rate-limit/shared';
import { SecretBox } from '../telephony/secret';
import { type BotMessage, type BotPage, type ChatbotDriver, ChatbotError, type ChatbotErrorKind } from './driver';
import { MessengerDriver } from './messenger';
import { SandboxChatbotDriver } from './sandbox';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bot page's schedule in `shared_paces`: every campaign and test message of the page, in every process. */
const paceKey = (configurationId: number) => `messenger:page:${configurationId}`;

/** The catalogue key for a refusal, as a test message's result or a campaign's reason shows it. */
export const refusalMessage = (kind: ChatbotErrorKind) =>
  (
    ({
      unreachable: 'massMessages.unreachable',
      bad_token: 'massMessages.badToken',
      rate_limited: 'massMessages.rateLimited',
      unavailable: 'massMessages.unavailable',
    }) as const
  )[kind];

/** What a batch ended with: more to do, nothing left, the page's token refused, or the provider asked us to wait. */
type BatchOutcome = 'more' | 'done' | 'bad_token' | 'throttled';

export interface CampaignCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}

export function presentCampaign(c: FacebookBotCampaign, counts: CampaignCounts) {
  return {
    id: c.id,
    community_id: c.communityId,
    facebook_bot_configuration_id: c.facebookBotConfigurationId,
    name: c.name,
    text: c.text,
    quick_reply_redirect: c.quickReplyRedirect,
    quick_reply_button_text: c.quickReplyButtonText,
    segmentation: c.segmentation,
    total_impacted_activists: c.totalImpactedActivists,
    skipped_count: c.skippedCount,
    status: c.status,
    last_error: c.lastError,
    created_at: c.createdAt.toISOString(),
    counts,
  };
}

/**
 * The community chat bot: the driver (CHATBOT_DRIVER), the pages' sealed tokens, the enqueue of a mass message and
 * its fan-out. A campaign's recipients are rows of `facebook_bot_campaign_activists`, written with the campaign in
 * one transaction together with the fan-out job. The fan-out claims pending rows in batches (`for update skip
 * locked`), marks them `sending` and commits BEFORE it calls the provider, then records `sent` or `failed`: a worker
 * that dies mid-call leaves its rows `sending`, and those are never claimed again, so nobody gets a message twice; the
 * minute's sweep marks them `failed` ('interrupted') once they are older than CHATBOT_SENDING_TIMEOUT_SECONDS.
 */
export class Chatbot {
  readonly box: SecretBox;
  /** Recipients per claim, calls in flight at once, and how long one job works before handing over (pg-boss expires jobs). */
  batchSize = 100;
  concurrency = 10;
  sliceMs = 5 * 60_000;
  /** The pause before a campaign the provider throttled is taken up again. */
  throttledPauseSeconds = 60;
  readonly fanOutJob;
  readonly sweepJob;
  /** Sends per second per bot page (MESSENGER_MAX_PER_SECOND), for the page as a whole, however many processes send. */
  private readonly pace: SharedPace;

  constructor(
    private readonly db: Db,
    readonly driver: ChatbotDriver,
    private readonly queue: JobQueue,
    private readonly options: { maxPerSecond: number; sendingTimeoutSeconds: number; secret: string },
  ) {
    this.box = new SecretBox(options.secret, 'messenger-page-token');
    this.pace = new SharedPace(db, options.maxPerSecond);
    this.fanOutJob = defineJob({
      name: 'chatbot-fan-out',
      payload: z.object({ campaignId: z.number().int().positive() }),
      retryLimit: 10,
      retryDelaySeconds: 30,
      handle: ({ campaignId }) => this.runCampaign(campaignId),
    });
    this.sweepJob = defineJob({
      name: 'chatbot-sweep',
      payload: z.object({}).passthrough(),
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      handle: () => this.sweep(),
    });
  }

  /** The jobs bootstrap registers. */
  jobs(): JobDefinition[] {
    return [this.fanOutJob, this.sweepJob] as JobDefinition[];
  }

  /** The page a configuration stands for, its secrets unsealed (undefined when they cannot be opened). */
  pageOf(configuration: FacebookBotConfiguration): BotPage {
    return {
      communityId: configuration.communityId,
      configurationId: configuration.id,
      pageAccessToken: this.box.open(configuration.messengerPageAccessToken),
      appSecret: this.box.open(configuration.messengerAppSecret),
    };
  }

  // The fan-out ------------------------------------------------------------------------------------------------------

  /**
   * Works a campaign through, batch after batch, for up to `sliceMs`; then a fresh job takes the rest (so no job
   * outlives pg-boss's expiry). A refused token fails the campaign; a provider that keeps asking us to wait gets the
   * campaign back after a pause.
   */
  async runCampaign(campaignId: number): Promise<void> {
    const deadline = Date.now() + this.sliceMs;
    const [campaign] = await this.db.select().from(facebookBotCampaigns).where(eq(facebookBotCampaigns.id, campaignId));
    if (!campaign || campaign.status === 'sent' || campaign.status === 'failed') return;
    const [configuration] = await this.db
      .select()
      .from(facebookBotConfigurations)
      .where(eq(facebookBotConfigurations.id, campaign.facebookBotConfigurationId));
    if (!configuration) return;
    const page = this.pageOf(configuration);
    await this.db
      .update(facebookBotCampaigns)
      .set({ status: 'sending', updatedAt: new Date() })
      .where(and(eq(facebookBotCampaigns.id, campaignId), eq(facebookBotCampaigns.status, 'queued')));
    for (;;) {
      const outcome = await this.runBatch(campaign, page);
      if (outcome === 'done') break;
      if (outcome === 'bad_token') return;
      if (outcome === 'throttled') {
        await this.queue.send(this.fanOutJob, { campaignId }, { startAfterSeconds: this.throttledPauseSeconds });
        return;
      }
      if (Date.now() > deadline) {
        await this.queue.send(this.fanOutJob, { campaignId });
        return;
      }
    }
    await this.finish(campaignId);
  }

  /** One claim: up to `batchSize` pending rows marked `sending` (committed), sent, and their outcomes recorded. */
  async runBatch(campaign: FacebookBotCampaign, page: BotPage): Promise<BatchOutcome> {
    const claimed = (await this.db.execute(sql`
      update facebook_bot_campaign_activists set status = 'sending', sending_at = now()
      where id in (
        select id from facebook_bot_campaign_activists
        where facebook_bot_campaign_id = ${campaign.id} and status = 'pending'
        order by id limit ${this.batchSize}
        for update skip locked)
      returning id, fb_context_recipient_id`)) as unknown as {
      rows: { id: number; fb_context_recipient_id: string }[];
    };
    const rows = claimed.rows.map((r) => ({ id: Number(r.id), recipient: r.fb_context_recipient_id }));
    if (!rows.length) return 'done';
    const results = new Map<number, { status: 'sent' | 'failed' | 'pending'; last_error: string | null }>();
    let stop: ChatbotError | undefined;
    const quickReply =
      campaign.quickReplyButtonText && campaign.quickReplyRedirect
        ? { title: campaign.quickReplyButtonText, payload: campaign.quickReplyRedirect }
        : undefined;
    const sendOne = async (row: { id: number; recipient: string }, wait: number) => {
      if (wait > 0) await sleep(wait);
      const message: BotMessage = { recipient: { id: row.recipient }, text: campaign.text, quickReply };
      try {
        await this.driver.send(page, { ...message, campaignId: campaign.id });
        results.set(row.id, { status: 'sent', last_error: null });
      } catch (error) {
        const refusal =
          error instanceof ChatbotError
            ? error
            : new ChatbotError('unavailable', error instanceof Error ? error.message : String(error));
        // A refused token or a rate limit means this message did not go out: it may be sent later.
        if (refusal.kind === 'bad_token' || refusal.kind === 'rate_limited') {
          stop ??= refusal;
          results.set(row.id, { status: 'pending', last_error: null });
        } else results.set(row.id, { status: 'failed', last_error: refusal.message });
      }
    };
    // Groups of `concurrency` calls, each group marked `called_at` (committed) before its calls: a worker that dies
    // leaves in doubt only the group in flight, not the whole claim. One statement reserves the group's slots of the
    // page's schedule, and each call waits for its own.
    for (let i = 0; i < rows.length; i += this.concurrency) {
      const group = rows.slice(i, i + this.concurrency);
      // After a refused token or a throttle, the rest of the claim was never sent: it goes back to pending.
      if (stop) {
        for (const row of group) results.set(row.id, { status: 'pending', last_error: null });
        continue;
      }
      await this.db.execute(sql`update facebook_bot_campaign_activists set called_at = now()
        where id in ${group.map((r) => r.id)}`);
      const waits = await this.pace.reserve(paceKey(page.configurationId), group.length);
      await Promise.all(group.map((row, i) => sendOne(row, waits[i] ?? 0)));
    }
    const outcomes = rows.map((r) => ({ id: r.id, ...(results.get(r.id) ?? { status: 'pending', last_error: null }) }));
    await this.db.execute(sql`
      update facebook_bot_campaign_activists t
      set status = r.status, last_error = r.last_error,
        sent_at = case when r.status = 'sent' then now() end,
        sending_at = case when r.status = 'pending' then null else t.sending_at end,
        called_at = case when r.status = 'pending' then null else t.called_at end
      from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as r(id int, status text, last_error text)
      where t.id = r.id and t.id = ${anyInt(outcomes.map((o) => o.id))} and t.status = 'sending'`);
    await this.db
      .update(facebookBotCampaigns)
      .set({ updatedAt: new Date() })
      .where(eq(facebookBotCampaigns.id, campaign.id));
    if (stop?.kind === 'bad_token') {
      await this.failCampaign(campaign.id, stop.message);
      return 'bad_token';
    }
    if (stop?.kind === 'rate_limited') return 'throttled';
    return 'more';
  }

  /** The page's token was refused: the campaign fails with the provider's reason, and its unsent rows with it. */
  private async failCampaign(campaignId: number, reason: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(facebookBotCampaigns)
        .set({ status: 'failed', lastError: reason, updatedAt: new Date() })
        .where(eq(facebookBotCampaigns.id, campaignId));
      await tx.execute(sql`
        update facebook_bot_campaign_activists set status = 'failed', last_error = ${reason}
        where facebook_bot_campaign_id = ${campaignId} and status = 'pending'`);
    });
  }

  /** A campaign with nothing pending or in flight is sent. */
  private async finish(campaignId: number) {
    await this.db.execute(sql`
      update facebook_bot_campaigns c set status = 'sent', updated_at = now()
      where c.id = ${campaignId} and c.status in ('queued', 'sending')
        and not exists (select 1 from facebook_bot_campaign_activists r
                        where r.facebook_bot_campaign_id = c.id and r.status in ('pending', 'sending'))`);
  }

  /**
   * The minute's sweep. Rows left `sending` longer than the timeout belong to a worker that died: those it never
   * called go back to `pending` (their campaign's job is queued again, so they are sent once), and those whose call
   * was in flight are failed as 'interrupted', never sent again (the provider may have taken them). Campaigns with
   * nothing left are marked sent; a campaign with pending rows and no progress for two minutes gets its fan-out job
   * again (the first one's retries were spent).
   */
  async sweep(timeoutSeconds = this.options.sendingTimeoutSeconds): Promise<void> {
    const released = (await this.db.execute(sql`
      update facebook_bot_campaign_activists
      set status = case when called_at is null then 'pending' else 'failed' end,
        last_error = case when called_at is null then null else 'interrupted' end,
        sending_at = case when called_at is null then null else sending_at end
      where status = 'sending' and sending_at <= now() - make_interval(secs => ${timeoutSeconds})
      returning facebook_bot_campaign_id, status`)) as unknown as {
      rows: { facebook_bot_campaign_id: number; status: string }[];
    };
    const resend = new Set(
      released.rows.filter((r) => r.status === 'pending').map((r) => Number(r.facebook_bot_campaign_id)),
    );
    for (const campaignId of resend) await this.queue.send(this.fanOutJob, { campaignId });
    const open = (await this.db.execute(sql`
      select c.id, c.updated_at < now() - interval '2 minutes' as stalled,
        exists (select 1 from facebook_bot_campaign_activists r
                where r.facebook_bot_campaign_id = c.id and r.status = 'pending') as pending
      from facebook_bot_campaigns c where c.status in ('queued', 'sending')`)) as unknown as {
      rows: { id: number; stalled: boolean; pending: boolean }[];
    };
    for (const row of open.rows) {
      if (!row.pending) await this.finish(Number(row.id));
      else if (row.stalled && !resend.has(Number(row.id)))
        await this.queue.send(this.fanOutJob, { campaignId: Number(row.id) });
    }
  }

  /** The recipients' states of a campaign. */
  async countsOf(campaign: FacebookBotCampaign): Promise<CampaignCounts> {
    const result = (await this.db.execute(sql`
      select count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'sending')::int as sending,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed')::int as failed
      from facebook_bot_campaign_activists where facebook_bot_campaign_id = ${campaign.id}`)) as unknown as {
      rows: Omit<CampaignCounts, 'skipped'>[];
    };
    const row = result.rows[0];
    return {
      pending: Number(row?.pending ?? 0),
      sending: Number(row?.sending ?? 0),
      sent: Number(row?.sent ?? 0),
      failed: Number(row?.failed ?? 0),
      skipped: campaign.skippedCount,
    };
  }

  /** One message now (a test message), at the page's rate; throws the driver's `ChatbotError`. */
  async sendNow(configuration: FacebookBotConfiguration, message: BotMessage): Promise<string> {
    await this.pace.take(paceKey(configuration.id));
    return this.driver.send(this.pageOf(configuration), message);
  }
}

export function createChatbot(config: Config, db: Db, queue: JobQueue): Chatbot {
  const driver =
    config.chatbot.driver === 'messenger'
      ? new MessengerDriver({ apiUrl: config.chatbot.messengerApiUrl, tag: config.chatbot.messageTag })
      : new SandboxChatbotDriver(db);
  return new Chatbot(db, driver, queue, {
    maxPerSecond: config.chatbot.maxPerSecond,
    sendingTimeoutSeconds: config.chatbot.sendingTimeoutSeconds,
    secret: config.chatbot.secretKey ?? config.sessionSecret,
  });
}
