import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migratedDump, prepareDatabase } from '../src/migratedDump';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    /** PGlite: a migrated data-dir dump each test file loads. */
    snapshotFile: string;
    /** PostgreSQL: a migrated template database each test file copies. */
    templateUrl: string;
  }
}

export const TEMPLATE_DB = 'mutirao_test_template';

/**
 * Migrates once (schema, pg-boss's tables and the app's queues: `prepareDatabase`), then every test file starts from a copy:
 * a PGlite data-dir dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await prepareDatabase(database, url.toString());
    await database.close();
    project.provide('engine', 'postgres');
    project.provide('templateUrl', url.toString());
    project.provide('snapshotFile', '');
    return;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'mutirao-test-')), 'migrated.tar');
  writeFileSync(file, await migratedDump('none'));
  // The embedded-database tests run the built server in processes of its own, as `npm start` does.
  const { ensureBuilt } = await import('../../../scripts/lib/build.mjs');
  await ensureBuilt(join(import.meta.dirname, '../../..'));
  project.provide('engine', 'pglite');
  project.provide('snapshotFile', file);
  project.provide('templateUrl', '');
}
