import { existsSync } from 'node:fs';
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
