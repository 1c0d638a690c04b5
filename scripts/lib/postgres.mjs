import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest Debian PostgreSQL binaries, if the `postgresql` package is installed. */
function findBinaries() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/** Whether Debian's PostgreSQL server is installed (a throwaway server can start). */
export const postgresInstalled = () => findBinaries() !== undefined;

/**
 * Starts a throwaway PostgreSQL server on loopback for the test run (initdb ~1 s) and returns its URL and a stop
 * function, or undefined when PostgreSQL is not installed. As root it runs the server as the `postgres` user. It runs
 * with `fsync=off` (the tests' speed) unless `fsync` is set, as the bench does: a commit then waits for the disk, as
 * in production.
 */
export function startThrowawayPostgres(port = 55433, { fsync = false } = {}) {
  const bin = findBinaries();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-pg-'));
  const asRoot = process.getuid?.() === 0;
  const exec = (cmd, args) => {
    if (asRoot) {
      const line = [join(bin, cmd), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return spawnSync('su', ['postgres', '-c', line], { stdio: 'pipe', encoding: 'utf8' });
    }
    return spawnSync(join(bin, cmd), args, { stdio: 'pipe', encoding: 'utf8' });
  };
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const init = exec('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync ? 'on' : 'off'} -c max_connections=200`;
  const start = exec('pg_ctl', ['-D', join(dir, 'data'), '-w', '-l', join(dir, 'log'), '-o', opts, 'start']);
  if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr}${start.stdout}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      exec('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
