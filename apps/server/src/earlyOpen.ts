import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from './config';
import { lockDataDir, openPglite } from './db/embedded';

/** The embedded database, taken and being opened; or why it could not be taken. */
export type EarlyOpen = { unlock: () => void; pglite: Promise<PGlite> } | { error: unknown };

/**
 * The embedded database's open, begun while the rest of the server's modules load. Part of PGlite's open waits on
 * other threads (its WebAssembly compiling, its files being read: 0.15–0.25 s of 0.5–0.8 s here): begun first, that
 * part overlaps the module load instead of following it. `main.ts` imports this module before any other of its own,
 * so this body runs before theirs.
 *
 * Only for the one process of the embedded database (PROCESS_ROLE=all, one web process): anything else is left to
 * `main()`, which reports it. Nothing is thrown here: `main()` reports a busy folder or an unopenable database as
 * before, when it awaits the open.
 */
function openEarly(): EarlyOpen | undefined {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch {
    return undefined;
  }
  if (config.databaseUrl || config.processRole !== 'all' || config.webProcesses > 1) return undefined;
  try {
    const unlock = lockDataDir(config.dataDir);
    const pglite = openPglite(config.dataDir);
    // Awaited by main(); until then a failure must not count as unhandled.
    pglite.catch(() => {});
    return { unlock, pglite };
  } catch (error) {
    return { error };
  }
}

export const earlyOpen = openEarly();
