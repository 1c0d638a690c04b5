import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
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
  communityId?: number;
}

/**
 * The outbox insert for a message, as a query to run or to embed in a larger statement (`.getSQL()`). On a repeated
 * idempotency key it inserts nothing and returns no row.
 */
export function queueMailQuery(tx: Db | Tx, mail: QueuedMail) {
  return tx
    .insert(outbox)
    .values({
      idempotencyKey: mail.idempotencyKey,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      fromAddress: mail.from ?? null,
      communityId: mail.communityId ?? null,
    })
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

export class Mailer {
  readonly sendJob;
  readonly sweepJob;

  constructor(
    private readonly db: Db,
    private readonly driver: MailDriver,
    private readonly queue: JobQueue,
    private readonly defaultFrom: string,
    retryDelaySeconds = 30,
  ) {
    this.sendJob = defineJob({
      name: 'mail-send',
      payload: z.object({ outboxId: z.number().int() }),
      retryLimit: 8,
      retryDelaySeconds,
      // Visitor actions queue one message each; fetching them ten at a time halves the job statements per message.
      batchSize: 10,
      handle: ({ outboxId }) => this.deliver(outboxId),
    });
    // Picks up messages whose job was never queued (a crash between commit and send).
    this.sweepJob = defineJob({
      name: 'mail-sweep',
      payload: z.object({}).passthrough(),
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      handle: () => this.sweep(),
    });
    queue.register(this.sendJob);
    queue.register(this.sweepJob);
  }

  get driverName() {
    return this.driver.name;
  }

  /** Call after the transaction that queued the message has committed. */
  async dispatch(outboxId: number | undefined): Promise<void> {
    if (outboxId === undefined) return;
    await this.queue.send(this.sendJob, { outboxId }, { singletonKey: `mail-${outboxId}` });
  }

  /** Sends one message at most once: the row is claimed before the driver is called. */
  async deliver(outboxId: number): Promise<void> {
    const claimed = await this.db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
      .where(and(eq(outbox.id, outboxId), inArray(outbox.status, ['queued', 'failed'])))
      .returning();
    const row = claimed[0];
    if (!row) return;
    try {
      await this.driver.send({
        from: row.fromAddress ?? this.defaultFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<${row.idempotencyKey.replace(/[^\w.-]/g, '-')}@mutirao>`,
      });
      await this.db
        .update(outbox)
        .set({ status: 'sent', driver: this.driver.name, sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, outboxId));
    } catch (error) {
      await this.db
        .update(outbox)
        .set({ status: 'failed', lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(outbox.id, outboxId));
      throw error;
    }
  }

  async sweep(): Promise<void> {
    const stale = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'queued'), lt(outbox.createdAt, sql`now() - interval '1 minute'`)))
      .limit(500);
    for (const { id } of stale) await this.dispatch(id);
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
