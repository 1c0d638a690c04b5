import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './migrate';
import { builtTemplate, unpackTemplate } from './template';

/**
 * The embedded database's folder, its lock and its snapshots. PGlite keeps PostgreSQL's files in
 * `DATA_DIR/pglite`; a process that dies mid-checkpoint can leave them unopenable, and PGlite ships no repair, so the
 * server keeps compressed snapshots in `DATA_DIR/backups` and `npm run db:restore` puts one back.
 */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

/** The embedded files could not be opened; the folder is left exactly as it was. */
export class EmbeddedDatabaseUnopenable extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(`The embedded database in ${dir} could not be opened`, { cause });
  }
}

/** Another live process holds the data folder (PGlite has no lock of its own: two writers would lose data). */
export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Process ${pid} already uses ${dataDir}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live server that holds `dataDir`, if any (a lock left by a killed process does not count). */
export function runningServerPid(dataDir: string): number | undefined {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/** Takes the data folder for this process; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const holder = runningServerPid(dataDir);
  if (holder) throw new DataDirBusy(dataDir, holder);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => {
    if (existsSync(lockFile(dataDir)) && readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid))
      rmSync(lockFile(dataDir), { force: true });
  };
}

/**
 * PostgreSQL's shared buffers inside PGlite: 32 MB rather than its 128 MB. PostgreSQL clears them as it starts, which
 * took 0.13 s of each start here in WebAssembly, and they stay resident: 96 MB less memory. A page that no longer fits
 * is read again from the operating system's cache; a sequential scan of a table over a quarter of the buffers (8 MB
 * now, 32 MB before) goes through a small ring of them either way.
 */
const START_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Opens the embedded files, or throws `EmbeddedDatabaseUnopenable` (PGlite aborts with a bare `Aborted()`). */
export async function openPglite(dataDir: string, options: { template?: string } = {}): Promise<PGlite> {
  const dir = pgliteDir(dataDir);
  // A new database starts from the built template (`template.ts`) when there is one; else PGlite runs initdb.
  const fresh = !existsSync(join(dir, 'PG_VERSION')) && (!existsSync(dir) || readdirSync(dir).length === 0);
  // Only a new database needs the template (and the hash of every migration that finds it).
  const template = fresh ? (options.template ?? builtTemplate(migrationsFolder())) : undefined;
  if (template) {
    try {
      unpackTemplate(template, dir);
    } catch (error) {
      console.warn(`The database template ${template} could not be used (${String(error)}); creating the database.`);
    }
  }
  mkdirSync(dir, { recursive: true });
  try {
    const pglite = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...START_SETTINGS] });
    await pglite.waitReady;
    return pglite;
  } catch (error) {
    throw new EmbeddedDatabaseUnopenable(dir, error);
  }
}

export interface Snapshot {
  file: string;
  takenAt: Date;
  bytes: number;
}

const SNAPSHOT_NAME = /^pglite-(\d{8}T\d{6}Z)(?:-[a-z-]+)?\.tar\.gz$/;

function stamp(date: Date) {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function parseStamp(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(0);
}

/** Snapshots in `DATA_DIR/backups`, newest first. */
export function listSnapshots(dataDir: string): Snapshot[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, match: SNAPSHOT_NAME.exec(name) }))
    .filter((e): e is { name: string; match: RegExpExecArray } => Boolean(e.match))
    .map(({ name, match }) => ({
      file: join(dir, name),
      takenAt: parseStamp(match[1] ?? ''),
      bytes: statSync(join(dir, name)).size,
    }))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.file.localeCompare(a.file));
}

/**
 * Writes a compressed copy of the open database (PGlite's `dumpDataDir`) into `DATA_DIR/backups`: to a temporary
 * name first, renamed once complete, so a crash never leaves a half snapshot that looks whole. Keeps the newest
 * `keep`. The dump holds the engine while it copies (about a quarter of a second for the demo database).
 */
export async function writeSnapshot(pglite: PGlite, dataDir: string, keep: number, reason?: string) {
  const started = performance.now();
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const now = new Date();
  const name = `pglite-${stamp(now)}${reason ? `-${reason}` : ''}.tar.gz`;
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  const tmp = join(dir, `.${name}.tmp`);
  writeFileSync(tmp, bytes);
  renameSync(tmp, join(dir, name));
  for (const old of listSnapshots(dataDir).slice(Math.max(1, keep))) rmSync(old.file, { force: true });
  return { file: join(dir, name), takenAt: now, bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

/** True when the snapshot opens as a database with its migrations recorded. */
export async function snapshotOpens(file: string): Promise<boolean> {
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
    await pglite.waitReady;
    const res = await pglite.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return (res.rows[0]?.n ?? 0) > 0;
  } catch {
    return false;
  } finally {
    await pglite?.close().catch(() => undefined);
  }
}

/**
 * Puts a snapshot back: the newest one that opens, or the one named. The current folder is kept aside under a dated
 * name, never deleted. Refuses while a server holds the data folder.
 */
export async function restoreSnapshot(dataDir: string, named?: string) {
  const holder = runningServerPid(dataDir);
  if (holder) throw new DataDirBusy(dataDir, holder);
  const candidates = named ? [{ file: named, takenAt: takenAtOf(named), bytes: 0 }] : listSnapshots(dataDir);
  let chosen: Snapshot | undefined;
  for (const candidate of candidates) {
    if (await snapshotOpens(candidate.file)) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) return undefined;
  const dir = pgliteDir(dataDir);
  const keptAt = existsSync(dir) ? `${dir}-broken-${stamp(new Date())}` : undefined;
  if (keptAt) renameSync(dir, keptAt);
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, { loadDataDir: new Blob([readFileSync(chosen.file)]) });
  await pglite.waitReady;
  await pglite.close();
  return { ...chosen, keptAt };
}

function takenAtOf(file: string): Date {
  const match = SNAPSHOT_NAME.exec(file.split('/').pop() ?? '');
  return match ? parseStamp(match[1] ?? '') : statSync(file).mtime;
}
