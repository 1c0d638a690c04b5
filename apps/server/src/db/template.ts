import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/*
 * A new embedded database is PGlite's initdb (about 5 s here) plus every migration (about 1.5 s). The build does that
 * once and keeps the result beside the bundle (`dist/pglite-template.tar.gz`, PGlite's own dump format); a first start
 * unpacks it into the data folder instead, then migrates as usual (nothing is left to apply). The template names the
 * migrations and the PGlite version it was made with (its key): with any other, a start builds the database itself.
 */

export const TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * PGlite's and pg-boss's versions and every migration file: a template made from anything else is not used. (The job
 * queues it holds may lag behind the code's: a start creates any that are missing.)
 */
export function templateKey(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  for (const pkg of ['@electric-sql/pglite', 'pg-boss']) {
    hash.update(readFileSync(join(dirname(require.resolve(pkg)), '..', 'package.json')));
  }
  const files = [join('meta', '_journal.json'), ...readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))];
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

const manifestOf = (file: string) => `${file}.json`;

/** Writes the template and, once complete, its manifest: a half-written template is never found. */
export function saveTemplate(file: string, dump: Buffer, key: string): void {
  rmSync(manifestOf(file), { force: true });
  writeFileSync(`${file}.tmp`, dump);
  renameSync(`${file}.tmp`, file);
  writeFileSync(manifestOf(file), `${JSON.stringify({ key })}\n`);
}

/** True when `file` holds a template made with this key. */
export function templateCurrent(file: string, key: string): boolean {
  if (!existsSync(file) || !existsSync(manifestOf(file))) return false;
  try {
    return (JSON.parse(readFileSync(manifestOf(file), 'utf8')) as { key?: string }).key === key;
  } catch {
    return false;
  }
}

/** The built template beside the bundle, when it matches these migrations; never when running from sources. */
export function builtTemplate(migrationsFolder: string): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return undefined;
  const file = join(dirname(here), TEMPLATE_FILE);
  return templateCurrent(file, templateKey(migrationsFolder)) ? file : undefined;
}

/**
 * Unpacks a template (a gzipped ustar archive of directories and plain files) into `dir`, which must not exist or be
 * empty: into a sibling folder first, renamed once complete, so an interrupted start leaves no half database.
 */
export function unpackTemplate(file: string, dir: string): void {
  const archive = gunzipSync(readFileSync(file));
  const partial = `${dir}.unpacking-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    for (let at = 0; at + 512 <= archive.length; ) {
      const header = archive.subarray(at, at + 512);
      if (header.every((byte) => byte === 0)) break;
      const text = (from: number, length: number) =>
        header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
      const prefix = text(345, 155);
      const name = normalize((prefix ? `${prefix}/${text(0, 100)}` : text(0, 100)).replace(/^\/+/, ''));
      const size = Number.parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1) || '0';
      if (name === '..' || name.startsWith(`..${sep}`)) throw new Error(`template entry outside the folder: ${name}`);
      const target = join(partial, name);
      at += 512;
      if (type === '5') mkdirSync(target, { recursive: true });
      else if (type === '0') {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, archive.subarray(at, at + size));
      } else throw new Error(`template entry of type ${type}: ${name}`);
      at += Math.ceil(size / 512) * 512;
    }
    if (!existsSync(join(partial, 'PG_VERSION'))) throw new Error('the template holds no database');
    if (existsSync(dir)) {
      if (readdirSync(dir).length) throw new Error(`${dir} is not empty`);
      rmdirSync(dir);
    }
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}
