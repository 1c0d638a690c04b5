import { buildApp } from './app';
import { closeContext, createContext } from './bootstrap';
import { loadConfig } from './config';
import { DEMO_ORGANISER, seedDemoIfEmpty } from './seed/demo';
import { seedThemes } from './seed/themes';

/**
 * PROCESS_ROLE=all (the default, and the only choice on the embedded database) serves HTTP and runs jobs;
 * on PostgreSQL, `web` and `worker` processes can run and scale separately.
 */
const SEED_LOCK = 727_002;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (!config.databaseUrl && config.processRole !== 'all') {
    throw new Error('The embedded database allows one process only: use PROCESS_ROLE=all, or set DATABASE_URL');
  }
  const ctx = await createContext(config);
  // Web and worker may boot together on PostgreSQL: the lock lets only one of them seed.
  // Themes are reference data every install needs (the mobilization form requires a subtheme).
  const seeded = await ctx.database.withLock(SEED_LOCK, async () => {
    await seedThemes(ctx.db);
    return config.seedDemo ? seedDemoIfEmpty(ctx.db, ctx.storage) : false;
  });
  await ctx.queue.start({ work: config.processRole !== 'web' });

  let close = async () => closeContext(ctx);
  if (config.processRole !== 'worker') {
    const app = await buildApp(ctx, { logger: true });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    close = async () => {
      await app.close();
      await closeContext(ctx);
    };
    const url = config.appUrl ?? `http://localhost:${port}`;
    const lines = [
      '',
      `  Mutirão is running at ${url}  (${ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ready in ${Math.round(performance.now() - started)} ms)`,
    ];
    if (config.seedDemo)
      lines.push(
        `  Demo organiser: ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}${seeded ? '  (demo data created now)' : ''}`,
      );
    if (ctx.mailer.driverName === 'sandbox' && !config.production) lines.push(`  Sandbox mailbox: ${url}/dev/mailbox`);
    console.log(`${lines.join('\n')}\n`);
  } else {
    console.log('Mutirão worker started');
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
