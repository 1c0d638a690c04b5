import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closeContext, createContext } from './bootstrap';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';

/**
 * Migrates a new database and creates pg-boss's tables and every queue the app registers: all a first start does
 * before seeding. The tests' template databases are made this way, and so is the build's template of new embedded
 * databases (`db/template.ts`).
 */
export async function prepareDatabase(database: Database, databaseUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-prepare-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const ctx = await createContext(config, { database });
    await ctx.queue.start({ work: false });
    await closeContext(ctx, { keepDatabase: true });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A prepared embedded database as PGlite's dump (a tar archive). */
export async function migratedDump(compression: 'none' | 'gzip'): Promise<Buffer> {
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  try {
    await prepareDatabase(database);
    // Everything written reaches the data files first, so a database made from the dump has no log to replay.
    await pglite.exec('checkpoint');
    return Buffer.from(await (await pglite.dumpDataDir(compression)).arrayBuffer());
  } finally {
    await database.close();
  }
}
