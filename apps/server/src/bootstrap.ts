import type { PGlite } from '@electric-sql/pglite';
import { activistImportJob } from './activists/imports';
import { activistTagJob } from './activists/people';
import { sweepSpent } from './antispam/challenge';
import { sessionSweepJob } from './auth/sessions';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { writeSnapshot } from './db/embedded';
import { migrate, migrationState } from './db/migrate';
import { createDns } from './dns/dns';
import { sslCheckJob } from './domains/sslCheck';
import { nameServerCheckJob } from './domains/zones';
import { EventBus } from './events/bus';
import { AccessCache } from './http/accessCache';
import { TokenService } from './http/tokens';
import { JobQueue } from './jobs/queue';
import { createMailDriver, type MailDriver } from './mail/drivers';
import { Mailer } from './mail/outbox';
import { createMailing } from './mailing/mailing';
import { createChatbot } from './messaging/chatbot';
import { createPayments } from './payments/payments';
import { scheduleJob } from './publishing/jobs';
import { rateLimitSweepJob } from './rate-limit/rate-limit';
import { createTelephony } from './telephony/telephony';
import { remoteDimensionsJob } from './uploads/remote';
import { createStorage, LocalStorage } from './uploads/storage';
import { imageVariantsJob } from './uploads/variants';
import { donationJobs } from './widgets/donation/jobs';
import { sweepIdempotentRequests } from './widgets/idempotency';

export interface ContextOptions {
  /** Reuse an open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** The embedded database, already being opened (`earlyOpen.ts`). */
  pglite?: Promise<PGlite>;
  mailDriver?: MailDriver;
  migrate?: boolean;
  jobPollingIntervalSeconds?: number;
}

/** Opens the database, applies migrations and wires every service. Jobs are started separately. */
export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
      pglite: await options.pglite,
    }));
  if (options.migrate !== false) {
    // A migration that goes wrong on the embedded database should cost nothing: a snapshot is taken first.
    const state = await migrationState(database);
    if (database.pglite && state.applied > 0 && state.pending > 0)
      await writeSnapshot(database.pglite, config.dataDir, config.backups.keep, 'before-migration');
    // Up to date (every start but the first after an upgrade): drizzle's migrator is skipped, whose own checks (it
    // creates its schema and table if missing) cost a warm start on the embedded database 50–70 ms.
    if (state.pending > 0) await migrate(database);
  }
  const queue = new JobQueue(database, {
    databaseUrl: config.databaseUrl,
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
  });
  const mailer = new Mailer(database.db, options.mailDriver ?? createMailDriver(config.mail), queue, config.mail.from, {
    retryDelaySeconds: config.mail.retryDelaySeconds,
    leaseSeconds: config.mail.leaseSeconds,
  });
  const { loginLimits, actionLimits } = config;
  queue.register(
    rateLimitSweepJob(
      database.db,
      Math.max(loginLimits.windowSeconds, actionLimits.windowSeconds, config.antispam.burstWindowSeconds),
      [sweepSpent, sweepIdempotentRequests],
    ),
  );
  queue.register(sessionSweepJob(database.db, config.sessions));
  queue.register(activistTagJob(database.db));
  queue.register(activistImportJob(database.db));
  const dns = createDns(config);
  queue.register(nameServerCheckJob(database.db, dns));
  queue.register(sslCheckJob(database.db, config.dns.tlsCheck));
  const storage = createStorage(config);
  // Resized copies: the job reads the stored image and writes its copies beside it, through the storage driver, so
  // web processes and the worker on several machines need no shared disk when the driver is S3.
  const variantsJob = imageVariantsJob(database.db, storage);
  queue.register(variantsJob);
  // The S3 driver's images go straight to the bucket, and nothing says when they arrive: a job reads their size back
  // once they are there, then queues their copies (a local upload's PUT queues them itself, `endpoints/uploads.ts`).
  if (!(storage instanceof LocalStorage))
    queue.register(
      remoteDimensionsJob(database.db, {
        stored: (uploadId) => queue.send(variantsJob, { uploadId }, { singletonKey: `upload-variants:${uploadId}` }),
      }),
    );
  // Reports read the replica when there is one: a long export then takes nothing from the primary. Only beside a
  // PostgreSQL primary (the embedded database has no replicas); never migrated here, it follows the primary.
  const replica =
    config.replicaUrl && database.kind === 'postgres'
      ? await openDatabase({ databaseUrl: config.replicaUrl, statementTimeoutMs: config.statementTimeoutMs })
      : undefined;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    replica,
    reportDb: replica?.db ?? database.db,
    tokens: new TokenService(config.sessionSecret),
    access: new AccessCache(),
    queue,
    mailer,
    storage,
    // Across processes on PostgreSQL (NOTIFY); the embedded database is one process.
    events: new EventBus(database.kind === 'postgres' ? database : undefined),
    telephony: createTelephony(config),
    payments: createPayments(config, database.db),
    dns,
    mailing: createMailing(config, database.db, queue),
    chatbot: createChatbot(config, database.db, queue),
  };
  if (database.kind === 'pglite' || config.sessionCache) await ctx.access.listen(database);
  for (const job of ctx.chatbot.jobs()) queue.register(job);
  for (const job of donationJobs(ctx)) queue.register(job);
  queue.register(scheduleJob(ctx));
  return ctx;
}

/** Stops every service; the database closes too unless `keepDatabase` (its opener closes it). */
export async function closeContext(ctx: AppContext, options: { keepDatabase?: boolean } = {}): Promise<void> {
  await ctx.mailer.stop();
  ctx.telephony.stop();
  await ctx.queue.stop();
  await ctx.access.close();
  await ctx.replica?.close();
  if (!options.keepDatabase) await ctx.database.close();
}
