import { translate } from '@mutirao/core';
import { loadConfig } from './config';
import {
  backupsDir,
  DataDirBusy,
  listSnapshots,
  lockDataDir,
  openPglite,
  restoreSnapshot,
  runningServerPid,
  writeSnapshot,
} from './db/embedded';
import { ageOf, EXIT_DATA_DIR_BUSY } from './db/explain';

/**
 * `npm run db:backup` and `npm run db:restore [FILE]` for the embedded database. A running server is asked for the
 * snapshot (SIGUSR2) instead of opening its files from a second process, which PGlite cannot share.
 */
const config = loadConfig();
const t = (key: string, params?: Record<string, string | number>) => translate(config.language, key, params);
const [command, file] = process.argv.slice(2);

async function backup() {
  const pid = runningServerPid(config.dataDir);
  if (pid) {
    const before = listSnapshots(config.dataDir)[0]?.file;
    process.kill(pid, 'SIGUSR2');
    console.log(t('database.snapshotAsked', { pid }));
    for (let waited = 0; waited < 60_000; waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
      const newest = listSnapshots(config.dataDir)[0];
      if (newest && newest.file !== before) {
        console.log(
          t('database.snapshotTaken', { file: newest.file, kb: Math.round(newest.bytes / 1024), ms: waited }),
        );
        return 0;
      }
    }
    console.error(t('database.snapshotTimeout', { dir: backupsDir(config.dataDir) }));
    return 1;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const pglite = await openPglite(config.dataDir);
    const taken = await writeSnapshot(pglite, config.dataDir, config.backups.keep, 'on-demand');
    await pglite.close();
    console.log(t('database.snapshotTaken', { file: taken.file, kb: Math.round(taken.bytes / 1024), ms: taken.ms }));
    return 0;
  } finally {
    unlock();
  }
}

async function restore() {
  const restored = await restoreSnapshot(config.dataDir, file);
  if (!restored) {
    console.error(t('database.noGoodSnapshot', { dir: file ?? backupsDir(config.dataDir) }));
    return 1;
  }
  const age = ageOf(restored.takenAt, config.language);
  console.log(
    restored.keptAt
      ? t('database.restored', { file: restored.file, age, kept: restored.keptAt })
      : t('database.restoredFresh', { file: restored.file, age }),
  );
  return 0;
}

async function run(): Promise<number> {
  if (config.databaseUrl) {
    console.error(t('database.notEmbedded'));
    return 2;
  }
  if (command === 'backup') return backup();
  if (command === 'restore') return restore();
  console.error('usage: cli.js backup | restore [FILE]');
  return 2;
}

run()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof DataDirBusy) {
      console.error(t('database.busy', { pid: error.pid, dir: error.dataDir }));
      process.exit(EXIT_DATA_DIR_BUSY);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
