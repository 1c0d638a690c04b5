// biome-ignore assist/source/organizeImports: earlyOpen first: it begins opening the database before the rest loads.
import { earlyOpen } from './earlyOpen';
import { translate } from '@mutirao/core';
import { buildApp } from './app';
import { closeContext, createContext } from './bootstrap';
import { CONFIG_VARIABLES, type Config, ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { DataDirBusy, EmbeddedDatabaseUnopenable, lockDataDir, writeSnapshot } from './db/embedded';
import { EXIT_DATA_DIR_BUSY, EXIT_DATABASE_UNOPENABLE, explainUnopenable } from './db/explain';
import { graphqlApi } from './graphqlApi';
import { DEMO_ORGANISER, seedDemoIfEmpty } from './seed/demo';
import { seedThemes } from './seed/themes';
import { checkConfiguration, describeConfiguration, sandboxWarnings } from './startup';
import { startWebProcesses, supervisesWebProcesses, WEB_INDEX_ENV } from './webProcesses';

/**
 * PROCESS_ROLE=all (the default, and the only choice on the embedded database) serves HTTP and runs jobs;
 * on PostgreSQL, `web` and `worker` processes can run and scale separately.
 */
const SEED_LOCK = 727_002;
const AFTER_LISTEN_MS = 1000;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const t = (key: string, params?: Record<string, string | number>) => translate(config.language, key, params);
  if (!config.databaseUrl && (config.processRole !== 'all' || config.webProcesses > 1)) {
    throw new Error(t('database.oneProcessOnly'));
  }
  // The process an operator started (not a web process it forked) shows what it runs with, then checks that the
  // database, the SMTP server and the bucket answer, before the database is used or a web process forked.
  if (!process.env[WEB_INDEX_ENV]) {
    console.log(describeConfiguration(config, process.env, CONFIG_VARIABLES));
    for (const warning of sandboxWarnings(config)) console.warn(warning);
    const problems = await checkConfiguration(config);
    if (problems.length) {
      if (earlyOpen && 'unlock' in earlyOpen) earlyOpen.unlock();
      throw new ConfigError(problems);
    }
  }
  // WEB_PROCESSES=N: this first process forks the web processes, and runs the jobs itself (PROCESS_ROLE=all) or
  // nothing else (PROCESS_ROLE=web).
  const web = supervisesWebProcesses(config) ? startWebProcesses(config) : undefined;
  const role = web ? (config.processRole === 'all' ? 'worker' : 'none') : config.processRole;
  if (earlyOpen && 'error' in earlyOpen) throw earlyOpen.error;
  const unlock = config.databaseUrl ? () => {} : (earlyOpen?.unlock ?? lockDataDir(config.dataDir));
  let ctx: AppContext | undefined;
  let seeded = false;
  if (role !== 'none') {
    try {
      ctx = await createContext(config, { pglite: earlyOpen?.pglite });
    } catch (error) {
      unlock();
      throw error;
    }
    const context = ctx;
    // Web and worker may boot together on PostgreSQL: the lock lets only one of them seed.
    // Themes are reference data every install needs (the mobilization form requires a subtheme).
    seeded = await ctx.database.withLock(SEED_LOCK, async () => {
      // The demo seed makes sure of the themes itself.
      if (config.seedDemo) return seedDemoIfEmpty(context.db, context.storage);
      await seedThemes(context.db);
      return false;
    });
  }
  const stopSnapshots = ctx ? scheduleSnapshots(ctx, config) : () => {};

  const app = ctx && (role === 'web' || role === 'all') ? await buildApp(ctx, { logger: true }) : undefined;
  /**
   * Stops in an order that always ends with the database closed: no new requests (the web processes first, when
   * this one forked them); in-flight ones get the grace period, then their connections are cut; the job worker
   * stops; the database closes (PGlite checkpoints there, so an interrupted close is what leaves files that cannot be
   * opened). A second signal does not interrupt it. Listened for before the app listens: a signal that comes while
   * the job workers are still starting stops the process in the same order.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(t('database.alreadyStopping'));
      return;
    }
    stopping = true;
    console.log(`${signal}: ${t('database.stopping', { seconds: config.shutdownGraceSeconds })}`);
    stopSnapshots();
    await web?.stop();
    if (app) {
      const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceSeconds * 1000);
      app.server.closeIdleConnections();
      await app.close().catch((error) => console.error(error));
      clearTimeout(cut);
    }
    if (ctx) await closeContext(ctx).catch((error) => console.error(error));
    unlock();
    console.log(t('database.stopped'));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  if (app) await app.listen({ port: config.port, host: config.host });
  // The job queue starts once the server listens: its first statements take 0.15–0.2 s on the embedded database, which
  // the first pages need not wait for (they queue no job; a send waits for the start, `JobQueue.send`).
  await ctx?.queue.start({ work: false });
  if (app || web) {
    const address = app?.server.address();
    const port = web ? await web.ready : typeof address === 'object' && address ? address.port : config.port;
    // Of several web processes, the one that forked them prints the address, once they all listen.
    if (!stopping && !process.env[WEB_INDEX_ENV]) printBanner(config, port, ctx, seeded, started);
  }
  if (app) {
    // The first requests come before the rest of the start, which would hold the event loop: the GraphQL schema
    // (about 0.3 s to build) and the job workers (a statement per queue, which on the embedded database runs on this
    // thread) begin a second after the server listens. A GraphQL request that comes sooner builds the schema itself
    // (graphqlApi.ts); a job sent meanwhile waits in its queue for the workers.
    setTimeout(graphqlApi, AFTER_LISTEN_MS).unref();
    await new Promise((resolve) => setTimeout(resolve, AFTER_LISTEN_MS).unref());
  }
  if (stopping || !ctx || role === 'web') return;
  await ctx.queue.startWorkers();
  if (!app && !web && !stopping) console.log('Mutirão worker started');
}

/** The start-up lines: where the app answers, on which database, and the demo sign-in. */
function printBanner(config: Config, port: number, ctx: AppContext | undefined, seeded: boolean, started: number) {
  const url = config.appUrl ?? `http://localhost:${port}`;
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  const processes = config.webProcesses > 1 ? `, ${config.webProcesses} web processes` : '';
  const lines = [
    '',
    `  Mutirão is running at ${url}  (${where}${processes}, ready in ${Math.round(performance.now() - started)} ms)`,
  ];
  if (config.seedDemo)
    lines.push(
      `  Demo organiser: ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}${seeded ? '  (demo data created now)' : ''}`,
    );
  if (ctx?.mailer.driverName === 'sandbox' && !config.production) lines.push(`  Sandbox mailbox: ${url}/dev/mailbox`);
  console.log(`${lines.join('\n')}\n`);
}

/**
 * Snapshots of the embedded database on a schedule, and on demand when `npm run db:backup` sends SIGUSR2 (a second
 * process must never open the live files). Nothing to do on PostgreSQL, which has its own tools.
 */
function scheduleSnapshots(ctx: AppContext, config: Config): () => void {
  const pglite = ctx.database.pglite;
  if (!pglite) return () => {};
  let running = false;
  const snapshot = async (reason?: string) => {
    if (running) return;
    running = true;
    try {
      const taken = await writeSnapshot(pglite, config.dataDir, config.backups.keep, reason);
      console.log(
        translate(config.language, 'database.snapshotTaken', {
          file: taken.file,
          kb: Math.round(taken.bytes / 1024),
          ms: taken.ms,
        }),
      );
    } catch (error) {
      console.error('snapshot failed:', error);
    } finally {
      running = false;
    }
  };
  const minutes = config.backups.intervalMinutes;
  const timer = minutes > 0 ? setInterval(() => void snapshot(), minutes * 60_000) : undefined;
  timer?.unref();
  const onDemand = () => void snapshot('on-demand');
  process.on('SIGUSR2', onDemand);
  return () => {
    if (timer) clearInterval(timer);
    process.off('SIGUSR2', onDemand);
  };
}

main().catch((error) => {
  const config = (() => {
    try {
      return loadConfig();
    } catch {
      return undefined;
    }
  })();
  if (error instanceof EmbeddedDatabaseUnopenable && config) {
    console.error(explainUnopenable(config));
    process.exit(EXIT_DATABASE_UNOPENABLE);
  }
  if (error instanceof DataDirBusy && config) {
    console.error(translate(config.language, 'database.busy', { pid: error.pid, dir: error.dataDir }));
    process.exit(EXIT_DATA_DIR_BUSY);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
