import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../../test/harness';
import { closeContext, createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { migrationState, migrationsFolder } from './migrate';

const journal = () =>
  (JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

describe('the migrations a start applies', () => {
  it('counts as pending what drizzle applies: the migrations newer than the last one recorded', async () => {
    const fresh = await freshDatabase();
    try {
      expect(await migrationState(fresh.database)).toEqual({ applied: journal(), pending: 0 });
      // A database two migrations behind, as after an upgrade.
      const newest = await fresh.database.raw.executeSql(
        'delete from drizzle.__drizzle_migrations where id in (select id from drizzle.__drizzle_migrations order by created_at desc limit 2) returning id, hash, created_at',
        [],
      );
      expect(await migrationState(fresh.database)).toEqual({ applied: journal() - 2, pending: 2 });
      for (const row of newest.rows as { id: number; hash: string; created_at: string }[])
        await fresh.database.raw.executeSql(
          'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
          [row.id, row.hash, row.created_at],
        );
      expect(await migrationState(fresh.database)).toEqual({ applied: journal(), pending: 0 });
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });

  it.skipIf(inject('engine') !== 'pglite')(
    'starts an up-to-date database without running drizzle’s migrator',
    async () => {
      const fresh = await freshDatabase();
      const pglite = fresh.database.pglite;
      if (!pglite) throw new Error('the embedded engine has its PGlite');
      const statements: string[] = [];
      const query = pglite.query.bind(pglite);
      pglite.query = ((text: string, ...rest: unknown[]) => {
        statements.push(text);
        return (query as (...args: unknown[]) => unknown)(text, ...rest);
      }) as typeof pglite.query;
      const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-migrate-'));
      try {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          SESSION_SECRET: randomBytes(32).toString('hex'),
        });
        const ctx = await createContext(config, { database: fresh.database });
        await closeContext(ctx);
        // drizzle's migrator makes sure of its schema first, a statement of its own on every start it runs.
        expect(statements.some((text) => /create schema if not exists "drizzle"/i.test(text))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
