import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  blocks,
  communities,
  type MailchimpPauseReason,
  type MailchimpSync,
  mailchimpSyncs,
  mobilizations,
  widgets,
} from '../db/schema';
import { defineJob, type JobQueue } from '../jobs/queue';
import { SecretBox } from '../telephony/secret';
import { type MailingAccount, type MailingDriver, MailingError } from './driver';
import { MailchimpDriver } from './mailchimp';
import { subscriberHash } from './marketingApi';
import { SandboxMailingDriver } from './sandbox';
import { resyncPage, syncBatch } from './sync';

/** How long a worker may hold a community's sync or resync before another may take it over (it died). */
const LEASE = sql`now() + interval '5 minutes'`;

/**
 * The community mailing-list service: the driver (MAILING_DRIVER), the sealed API keys, and the two jobs. The
 * queue is `mailchimp_queue`, written with each action; `mailchimp-sync` sends a community's queue in batches
 * (nudged after an action, and each minute as the safety net), `mailchimp-resync` re-sends every activist page by
 * page from a persisted keyset cursor. A refused key pauses the community's sync; saving its settings resumes it.
 */
export class Mailing {
  readonly box: SecretBox;
  /** Queue rows per batch, and activists per resync page (tests make them small). */
  batchSize = 100;
  resyncPageSize = 100;
  readonly syncJob;
  readonly resyncJob;
  readonly forgetJob;

  constructor(
    private readonly db: Db,
    readonly driver: MailingDriver,
    private readonly queue: JobQueue,
    secret: string,
  ) {
    this.box = new SecretBox(secret, 'mailchimp-api-key');
    this.syncJob = defineJob({
      name: 'mailchimp-sync',
      payload: z.object({ communityId: z.number().int().optional() }),
      retryLimit: 10,
      retryDelaySeconds: 30,
      cron: '* * * * *',
      handle: ({ communityId }) => (communityId === undefined ? this.sweep() : this.syncCommunity(communityId)),
    });
    this.resyncJob = defineJob({
      name: 'mailchimp-resync',
      payload: z.object({ communityId: z.number().int() }),
      retryLimit: 20,
      retryDelaySeconds: 30,
      handle: ({ communityId }) => this.resyncCommunity(communityId),
    });
    this.forgetJob = defineJob({
      name: 'mailchimp-forget',
      payload: z.object({ communityId: z.number().int(), memberHash: z.string().regex(/^[0-9a-f]{32}$/) }),
      retryLimit: 20,
      retryDelaySeconds: 60,
      handle: async ({ communityId, memberHash }) => {
        const account = await this.accountOf(communityId);
        if (account) await this.driver.forgetMember(account, memberHash);
      },
    });
    queue.register(this.syncJob);
    queue.register(this.resyncJob);
    queue.register(this.forgetJob);
  }

  /** The community's list and key, unsealed; undefined when either is missing (or the key cannot be opened). */
  async accountOf(communityId: number): Promise<MailingAccount | undefined> {
    const [row] = await this.db
      .select({
        apiKey: communities.mailchimpApiKey,
        listId: communities.mailchimpListId,
        groupId: communities.mailchimpGroupId,
      })
      .from(communities)
      .where(eq(communities.id, communityId));
    const apiKey = row?.apiKey ? this.box.open(row.apiKey) : undefined;
    if (!row?.listId || !apiKey) return undefined;
    return { communityId, apiKey, listId: row.listId, groupId: row.groupId };
  }

  /**
   * After an erasure: the list deletes the person for good. The job carries only the subscriber hash, never the
   * erased e-mail; it retries while the provider is down, and does nothing for a community without a list.
   */
  async forget(communityId: number, email: string): Promise<void> {
    await this.queue.send(this.forgetJob, { communityId, memberHash: subscriberHash(email) });
  }

  /** Call after an action that queued something has committed: a worker sends it soon. */
  async nudge(communityId: number): Promise<void> {
    await this.queue
      .send(this.syncJob, { communityId }, { singletonKey: `mailchimp-sync-${communityId}` })
      .catch((error: unknown) => console.error('[mailchimp] sync left to the sweep:', error));
  }

  /** The minute's safety net: every unpaused community with a queue, and resyncs whose worker died. */
  async sweep(): Promise<void> {
    const pending = (await this.db.execute(sql`
      select distinct q.community_id as id from mailchimp_queue q
      left join mailchimp_syncs s on s.community_id = q.community_id
      where s.paused_at is null and (s.leased_until is null or s.leased_until < now())`)) as unknown as {
      rows: { id: number }[];
    };
    for (const { id } of pending.rows) await this.nudge(Number(id));
    const stranded = await this.db
      .select({ id: mailchimpSyncs.communityId })
      .from(mailchimpSyncs)
      .where(
        and(
          eq(mailchimpSyncs.resyncStatus, 'running'),
          sql`${mailchimpSyncs.pausedAt} is null`,
          sql`(${mailchimpSyncs.resyncLeasedUntil} is null or ${mailchimpSyncs.resyncLeasedUntil} < now())`,
        ),
      );
    for (const { id } of stranded)
      await this.queue.send(this.resyncJob, { communityId: id }, { singletonKey: `mailchimp-resync-${id}` });
  }

  /** Makes sure the community's sync row exists; answers it. */
  async state(communityId: number) {
    await this.db.insert(mailchimpSyncs).values({ communityId }).onConflictDoNothing();
    const [row] = await this.db.select().from(mailchimpSyncs).where(eq(mailchimpSyncs.communityId, communityId));
    if (!row) throw new Error('mailchimp sync row missing');
    return row;
  }

  private async pause(communityId: number, reason: MailchimpPauseReason, error: MailingError) {
    await this.setState(communityId, {
      pausedAt: new Date(),
      pausedReason: reason,
      lastError: error.message,
      lastErrorAt: new Date(),
    });
  }

  /**
   * A refusal that concerns the whole community pauses it (a wrong key, a missing list) and ends the run quietly;
   * anything else is recorded and rethrown, so the job is retried later with the queue as it was.
   */
  private async settle(communityId: number, error: unknown): Promise<void> {
    if (error instanceof MailingError && (error.kind === 'auth' || error.kind === 'not_found')) {
      await this.pause(communityId, error.kind === 'auth' ? 'invalid_key' : 'list_not_found', error);
      return;
    }
    await this.setState(communityId, {
      lastError: error instanceof Error ? error.message : String(error),
      lastErrorAt: new Date(),
    });
    throw error;
  }

  /** Columns set to values or to SQL (`now() + …`, `resync_done + n`). */
  private setState(
    communityId: number,
    values: { [K in keyof typeof mailchimpSyncs.$inferInsert]?: (typeof mailchimpSyncs.$inferInsert)[K] | SQL },
  ) {
    return this.db.update(mailchimpSyncs).set(values).where(eq(mailchimpSyncs.communityId, communityId));
  }

  /**
   * Runs `work` while holding one of the community's leases (the sync's or the resync's), when the community is not
   * paused and no live worker holds it; a refusal is settled (a pause, or recorded and rethrown) and the lease freed.
   */
  private async underLease(
    communityId: number,
    lease: 'leasedUntil' | 'resyncLeasedUntil',
    work: (row: MailchimpSync) => Promise<void>,
    condition?: SQL,
  ): Promise<void> {
    const column = mailchimpSyncs[lease];
    const [leased] = await this.db
      .update(mailchimpSyncs)
      .set({ [lease]: LEASE })
      .where(
        and(
          eq(mailchimpSyncs.communityId, communityId),
          sql`${mailchimpSyncs.pausedAt} is null`,
          sql`(${column} is null or ${column} < now())`,
          condition,
        ),
      )
      .returning();
    if (!leased) return;
    try {
      await work(leased);
    } catch (error) {
      await this.settle(communityId, error);
    } finally {
      await this.setState(communityId, { [lease]: null });
    }
  }

  /** Sends the community's queue, batch after batch, under the community's lease. */
  async syncCommunity(communityId: number): Promise<void> {
    const account = await this.accountOf(communityId);
    if (!account) return;
    await this.state(communityId);
    await this.underLease(communityId, 'leasedUntil', async () => {
      for (;;) {
        const batch = await syncBatch(this.db, this.driver, account, this.batchSize);
        if (!batch.handled) break;
        const [refusal] = [...batch.refused].map(([email, message]) => `${email}: ${message}`);
        await this.setState(communityId, {
          leasedUntil: LEASE,
          lastSyncedAt: new Date(),
          updatedAt: new Date(),
          ...(refusal ? { lastError: refusal, lastErrorAt: new Date() } : {}),
        });
      }
    });
  }

  /** Starts a resync of every activist of the community from the first one; a running one is left as it is. */
  async startResync(communityId: number): Promise<void> {
    await this.state(communityId);
    const [started] = await this.db
      .update(mailchimpSyncs)
      .set({
        resyncStatus: 'running',
        resyncCursor: 0,
        resyncDone: 0,
        resyncTotal: sql`(select count(*)::int from activists where community_id = ${communityId})`,
        resyncStartedAt: new Date(),
        resyncFinishedAt: null,
        resyncLeasedUntil: null,
      })
      .where(
        and(
          eq(mailchimpSyncs.communityId, communityId),
          sql`${mailchimpSyncs.resyncStatus} is distinct from 'running'`,
        ),
      )
      .returning({ id: mailchimpSyncs.communityId });
    if (started)
      await this.queue.send(this.resyncJob, { communityId }, { singletonKey: `mailchimp-resync-${communityId}` });
  }

  /** Sends the resync's pages from its persisted cursor until none is left; a crash resumes at the cursor. */
  async resyncCommunity(communityId: number): Promise<void> {
    const account = await this.accountOf(communityId);
    if (!account) return;
    await this.underLease(
      communityId,
      'resyncLeasedUntil',
      async (leased) => {
        for (let cursor = leased.resyncCursor; ; ) {
          const page = await resyncPage(this.db, this.driver, account, cursor, this.resyncPageSize);
          if (page.lastId === undefined) {
            await this.setState(communityId, {
              resyncStatus: 'done',
              resyncFinishedAt: new Date(),
              lastSyncedAt: new Date(),
            });
            return;
          }
          cursor = page.lastId;
          await this.setState(communityId, {
            resyncCursor: cursor,
            resyncDone: sql`${mailchimpSyncs.resyncDone} + ${page.count}`,
            resyncLeasedUntil: LEASE,
            updatedAt: new Date(),
          });
        }
      },
      eq(mailchimpSyncs.resyncStatus, 'running'),
    );
  }

  /**
   * After the organiser saved the settings: a pause ends (its queue is then sent), and when the list changed the
   * widgets' stored segment ids, which belonged to the old list, are forgotten.
   */
  async settingsSaved(communityId: number, listChanged: boolean): Promise<void> {
    await this.state(communityId);
    await this.setState(communityId, { pausedAt: null, pausedReason: null, updatedAt: new Date() });
    if (listChanged)
      await this.db
        .update(widgets)
        .set({ mailchimpSegmentId: null })
        .where(
          sql`${widgets.blockId} in (select ${blocks.id} from ${blocks} join ${mobilizations} on ${mobilizations.id} = ${blocks.mobilizationId} where ${mobilizations.communityId} = ${communityId})`,
        );
    await this.nudge(communityId);
    const [row] = await this.db
      .select({ status: mailchimpSyncs.resyncStatus })
      .from(mailchimpSyncs)
      .where(eq(mailchimpSyncs.communityId, communityId));
    if (row?.status === 'running')
      await this.queue.send(this.resyncJob, { communityId }, { singletonKey: `mailchimp-resync-${communityId}` });
  }
}

export function createMailing(config: Config, db: Db, queue: JobQueue): Mailing {
  const driver =
    config.mailing.driver === 'mailchimp'
      ? new MailchimpDriver({
          db,
          apiUrl: config.mailing.mailchimpApiUrl,
          maxRetryAfterSeconds: config.mailing.maxRetryAfterSeconds,
        })
      : new SandboxMailingDriver(db);
  return new Mailing(db, driver, queue, config.mailing.secretKey ?? config.sessionSecret);
}
