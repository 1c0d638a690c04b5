import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A PostgreSQL client program (`psql`, `pgbench`) of the newest installed version. */
export function pgProgram(name) {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error(`${name} is not installed`);
  return join(base, version, 'bin', name);
}

/** One psql run against `pgUrl` (the newest installed client): its unaligned output (`-At`) and its time in ms. */
export function psql(pgUrl, query) {
  const started = performance.now();
  const out = spawnSync(pgProgram('psql'), [pgUrl, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', query], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`psql failed: ${out.stderr}`);
  return { out: out.stdout.trim(), ms: performance.now() - started };
}
