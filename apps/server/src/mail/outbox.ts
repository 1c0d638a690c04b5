import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';
import { defineJob, type JobQueue } from '../jobs/queue';
import type { MailDriver } from './drivers';

export interface QueuedMail {
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Where replies go, when not to the sender (a pressure e-mail: the visitor who wrote it). */
  replyTo?: string;
  communityId?: number;
  /** The widget whose action sent it, for the delivery view. */
  widgetId?: number;
}

/** A message's outbox columns but its key, by their names in the schema (an insert's values, or a batch's JSON). */
export function outboxColumns(mail: Omit<QueuedMail, 'idempotencyKey'>) {
  return {
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    fromAddress: mail.from ?? null,
    replyTo: mail.replyTo ?? null,
    communityId: mail.communityId ?? null,
    widgetId: mail.widgetId ?? null,
  };
}

/**
 * The outbox insert for a message, as a query to run or to embed in a larger statement (`.getSQL()`). On a repeated
 * idempotency key it inserts nothing and returns no row.
 */
export function queueMailQuery(tx: Db | Tx, mail: QueuedMail) {
  return tx
    .insert(outbox)
    .values({ idempotencyKey: mail.idempotencyKey, ...outboxColumns(mail) })
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
}

/**
 * Writes the message in the caller's transaction. Returns the outbox id, or undefined when a message
 * with the same idempotency key already exists (the action was retried).
 */
export async function queueMail(tx: Db | Tx, mail: QueuedMail): Promise<number | undefined> {
  const rows = await queueMailQuery(tx, mail);
  return rows[0]?.id;
}

/**
 * Writes the messages (those that are not undefined) in the caller's transaction, in one statement. Returns the outbox
 * ids of those written: a message whose idempotency key exists is not written again.
 */
export async function queueMails(tx: Db | Tx, maybe: (QueuedMail | undefined)[]): Promise<number[]> {
  const mails = maybe.filter((mail) => mail !== undefined);
  if (!mails.length) return [];
  const rows = await tx
    .insert(outbox)
    .values(mails.map((mail) => ({ idempotencyKey: mail.idempotencyKey, ...outboxColumns(mail) })))
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/** Attempts before a message is left `failed` for good (the first, then eight retries with doubling delays). */
export const MAIL_MAX_ATTEMPTS = 9;
/** Messages claimed by one statement, then sent in rounds of `CONCURRENCY` at once. */
const BATCH = 50;
const CONCURRENCY = 5;
/**
 * How long sent messages may wait to be marked `sent`: the rounds' marks are gathered into one statement per batch
 * with a fast driver, and one per round with a slow one. A worker that dies sends again at most what it sent in that
 * time (under the same Message-ID), as for a death mid-send.
 */
const MARK_EVERY_MS = 1000;
/** How long the relay waits after a nudge, gathering the messages of other actions of the same moment. */
const NUDGE_MS = 150;

export interface MailerOptions {
  /** First delay before a failed message is tried again; it doubles with each attempt. */
  retryDelaySeconds?: number;
  /**
   * How long a claimed message stays with its worker after the worker's last sign of life. A live worker renews the
   * lease of its batch every third of it, however long its sends take; one that died loses the batch after this.
   */
  leaseSeconds?: number;
}

type OutboxRow = typeof outbox.$inferSelect;

/** The receiving server said no for good: SMTP's 5xx replies (nodemailer's `responseCode`). */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The outbox relay. Messages are written in the transaction of the action that causes them; one relay drains them in
 * batches. Claiming a row leases it (`sending` until `leased_until`), so a worker that dies mid-send strands nothing:
 * the lease runs out and the row is claimed again. Every attempt carries the same Message-ID, so a retry after such a
 * death is recognisable as the same message to servers and clients that deduplicate by it.
 */
export class Mailer {
  readonly relayJob;
  private readonly retryDelaySeconds: number;
  private readonly leaseSeconds: number;
  private readonly domain: string;
  /** The relay pass under way, if any: `stop` waits for it, so it never outlives the pool it writes through. */
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private nudge: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly driver: MailDriver,
    private readonly queue: JobQueue,
    private readonly defaultFrom: string,
    options: MailerOptions = {},
  ) {
    this.retryDelaySeconds = options.retryDelaySeconds ?? 30;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.domain = /@([\w.-]+)/.exec(defaultFrom)?.[1] ?? 'mutirao';
    // On demand after an action, and each minute as the safety net: due retries, expired leases, a lost nudge.
    this.relayJob = defineJob({
      name: 'mail-relay',
      payload: z.object({}).passthrough(),
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      // And at each start: what a stopped or killed worker left is sent, or waited for, at once.
      runOnStart: true,
      handle: () => this.drain(),
    });
    queue.register(this.relayJob);
  }

  get driverName() {
    return this.driver.name;
  }

  /**
   * Call after the transaction that queued a message has committed. Where this process runs the worker, the relay
   * starts here; a web-only process asks a worker through one pending job. Either way once per NUDGE_MS at most, for
   * all the actions of that moment, and without keeping the visitor's answer waiting: the message is already in the
   * outbox, and a nudge lost with the process is made good by the minute's sweep.
   */
  async dispatch(outboxId: number | undefined): Promise<void> {
    if (outboxId === undefined || this.nudge) return;
    this.nudge = setTimeout(() => {
      this.nudge = undefined;
      const relay = this.queue.working
        ? this.drain()
        : this.queue.send(this.relayJob, {}, { singletonKey: 'mail-relay' });
      relay.catch((error: unknown) => console.error('[mail] relay failed:', error));
    }, NUDGE_MS);
  }

  /** Sends what is due, batch after batch, until nothing is left; a nudge while draining runs one more pass. */
  async drain(): Promise<void> {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.relay();
    try {
      await this.draining;
    } finally {
      this.draining = undefined;
    }
  }

  private async relay(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped) {
        const batch = await this.claim();
        if (!batch.length) break;
        await this.sendBatch(batch);
      }
    } while (this.again && !this.stopped);
    if (!this.stopped) await this.scheduleNextRetry();
  }

  /**
   * Sends a claimed batch round by round, marking what went out at least every `MARK_EVERY_MS` and at the end (issue
   * 18: a mark per round of five was most of the relay's statements under a crowd). A stop ends it after the round
   * under way; the messages it had not tried go back to their state before the claim.
   */
  private async sendBatch(batch: OutboxRow[]): Promise<void> {
    // Not yet marked sent, nor failed: the messages whose lease this worker keeps alive while it works on the batch.
    const held = new Set(batch.map((row) => row.id));
    const heartbeat = this.keepLeased(held);
    let sent: number[] = [];
    let markedAt = performance.now();
    const mark = async () => {
      await this.markSent(sent);
      for (const id of sent) held.delete(id);
      sent = [];
      markedAt = performance.now();
    };
    let i = 0;
    try {
      while (i < batch.length && !this.stopped) {
        const round = batch.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.allSettled(round.map((row) => this.attempt(row, false)));
        i += CONCURRENCY;
        // A failure recorded as such is no longer this worker's to keep. One that could not even be recorded stays
        // leased, and goes again when its lease runs out.
        round.forEach((row, k) => {
          const outcome = outcomes[k];
          if (outcome?.status !== 'fulfilled') return;
          if (outcome.value === undefined) held.delete(row.id);
          else sent.push(outcome.value);
        });
        if (performance.now() - markedAt >= MARK_EVERY_MS) await mark();
      }
      await mark();
      if (i < batch.length) await this.release(batch.slice(i).map((row) => row.id));
    } finally {
      await heartbeat.stop();
    }
  }

  /**
   * Renews the lease of the `held` messages every third of it until stopped. Without it a batch whose sends outlast
   * one lease (a slow or stalled server) would be claimed by another worker while still in flight here, and sent
   * twice. A renewal that fails is reported and tried again at the next beat.
   */
  private keepLeased(held: ReadonlySet<number>) {
    let beat: Promise<void> | undefined;
    const timer = setInterval(
      () => {
        if (beat || !held.size) return;
        beat = this.renewLeases([...held])
          .catch((error: unknown) => console.error('[mail] lease renewal failed:', error))
          .finally(() => {
            beat = undefined;
          });
      },
      (this.leaseSeconds * 1000) / 3,
    );
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await beat;
      },
    };
  }

  private async renewLeases(ids: number[]): Promise<void> {
    await this.db
      .update(outbox)
      .set({ leasedUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
      .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sending')));
  }

  /** Gives claimed messages that were not tried back: their attempt undone, queued or failed as before the claim. */
  private async release(ids: number[]): Promise<void> {
    await this.db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} - 1`,
        status: sql`case when ${outbox.attempts} > 1 then 'failed' else 'queued' end`,
        leasedUntil: null,
      })
      .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sending')));
  }

  /** Sends one message now, if it may be sent (not sent, not leased by another worker); rethrows a failure. */
  async deliver(outboxId: number): Promise<void> {
    const [row] = await this.claim(outboxId);
    const sent = row && (await this.attempt(row, true));
    if (sent !== undefined) await this.markSent([sent]);
  }

  /**
   * Starts no more relay passes, and resolves once the one under way has finished its batch: a message it sent is
   * marked sent before the database closes. What it had not claimed stays queued for the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.nudge) clearTimeout(this.nudge);
    this.timer = undefined;
    this.nudge = undefined;
    await this.draining?.catch(() => {
      // Already reported by whoever started the pass.
    });
  }

  /**
   * Leases up to a batch of due messages (or the one named): queued ones, failed ones whose retry is due, and sending
   * ones whose lease ran out. `skip locked` lets several workers drain side by side on PostgreSQL.
   */
  private async claim(outboxId?: number): Promise<OutboxRow[]> {
    const due = outboxId
      ? sql`${outbox.id} = ${outboxId} and ${outbox.status} in ('queued', 'failed')`
      : sql`${outbox.status} in ('queued', 'failed') and ${outbox.nextAttemptAt} <= now()`;
    // The claimed rows come back from the update itself: one statement per batch.
    return this.db
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        leasedUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
      })
      .where(
        sql`${outbox.id} in (
          select ${outbox.id} from ${outbox}
          where ${outbox.status} <> 'sent' and ${outbox.attempts} < ${MAIL_MAX_ATTEMPTS}
            and ((${due}) or (${outbox.status} = 'sending' and ${outbox.leasedUntil} < now()
                              ${outboxId ? sql`and ${outbox.id} = ${outboxId}` : sql``}))
          order by ${outbox.nextAttemptAt}, ${outbox.id}
          limit ${outboxId ? 1 : BATCH}
          for update skip locked)`,
      )
      .returning();
  }

  private async attempt(row: OutboxRow, rethrow: boolean): Promise<number | undefined> {
    try {
      await this.driver.send({
        from: row.fromAddress ?? this.defaultFrom,
        to: row.toAddress,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<outbox-${row.id}.${row.idempotencyKey.replace(/[^\w.-]/g, '-')}@${this.domain}>`,
      });
      return row.id;
    } catch (error) {
      const delay = this.retryDelaySeconds * 2 ** Math.max(0, row.attempts - 1);
      await this.db
        .update(outbox)
        .set({
          // A refusal for good (an SMTP 5xx: no such mailbox, policy) is a bounce, never retried.
          status: isPermanentFailure(error) ? 'bounced' : 'failed',
          leasedUntil: null,
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(eq(outbox.id, row.id));
      if (rethrow) throw error;
      return undefined;
    }
  }

  /**
   * Marks messages the driver took as sent, in one statement for all of them (issue 18: one per message was most of
   * the relay's statements under a crowd). A worker that dies before this leaves them leased; the lease runs out and
   * they go again under the same Message-ID, as for a death mid-send.
   */
  private async markSent(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(outbox)
      .set({ status: 'sent', driver: this.driver.name, sentAt: new Date(), lastError: null, leasedUntil: null })
      .where(inArray(outbox.id, ids));
  }

  /** In a worker, wakes the relay when the next retry falls due, rather than waiting for the minute's round. */
  private async scheduleNextRetry() {
    if (!this.queue.working) return;
    const [retry] = await this.db
      .select({ at: outbox.nextAttemptAt })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed'), lt(outbox.attempts, MAIL_MAX_ATTEMPTS)))
      .orderBy(outbox.nextAttemptAt)
      .limit(1);
    // A message leased by a worker that died mid-send is due again when its lease runs out.
    const [lease] = await this.db
      .select({ at: outbox.leasedUntil })
      .from(outbox)
      .where(and(eq(outbox.status, 'sending'), isNotNull(outbox.leasedUntil)))
      .orderBy(outbox.leasedUntil)
      .limit(1);
    const due = [retry?.at, lease?.at].filter((at): at is Date => at instanceof Date);
    if (!due.length) return;
    const wait = Math.max(100, Math.min(...due.map((at) => at.getTime())) - Date.now());
    if (wait > 60_000) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain().catch((error: unknown) => console.error('[mail] relay failed:', error));
    }, wait);
    this.timer.unref();
  }

  /** The development mailbox: messages the sandbox driver kept, newest first; only those to `to` when given. */
  mailbox(to: string | undefined, limit = 100) {
    return this.db
      .select({
        id: outbox.id,
        to: outbox.toAddress,
        subject: outbox.subject,
        text: outbox.text,
        kind: outbox.kind,
        sent_at: outbox.sentAt,
      })
      .from(outbox)
      .where(
        and(
          eq(outbox.driver, 'sandbox'),
          to === undefined ? undefined : sql`lower(${outbox.toAddress}) = lower(${to})`,
        ),
      )
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
  }
}
