import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The generated SQL lives in apps/server/drizzle, both beside the sources and beside the built bundle. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Migrations folder apps/server/drizzle not found');
}

/** Any process may boot first: on PostgreSQL an advisory lock makes concurrent boots migrate one at a time. */
export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await database.withLock(MIGRATION_LOCK, () => runMigrations(database, folder));
}

const MIGRATION_LOCK = 727_001;

async function runMigrations(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; both share the same runtime shape.
    await migratePglite(database.db as any, { migrationsFolder: folder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migratePg(database.db as any, { migrationsFolder: folder });
  }
}

/**
 * Migrations applied so far and those still to apply. A fresh database has applied none (its migrations table does
 * not exist yet). Pending follows drizzle's own rule: a migration is applied when it is newer than the last one
 * recorded.
 */
export async function migrationState(database: Database): Promise<{ applied: number; pending: number }> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const table = await database.raw.executeSql("select to_regclass('drizzle.__drizzle_migrations') as t", []);
  if (!(table.rows[0] as { t: unknown } | undefined)?.t) return { applied: 0, pending: journal.entries.length };
  const rows = await database.raw.executeSql(
    'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
    [],
  );
  const row = rows.rows[0] as { n: number; last: string | null } | undefined;
  const last = Number(row?.last ?? -1);
  return { applied: Number(row?.n ?? 0), pending: journal.entries.filter((entry) => entry.when > last).length };
}
