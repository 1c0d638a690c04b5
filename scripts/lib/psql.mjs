import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One psql run against `pgUrl` (the newest installed client): its unaligned output (`-At`) and its time in ms. */
export function psql(pgUrl, query) {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'psql')))
    .sort((a, b) => Number(b) - Number(a))[0];
  const started = performance.now();
  const out = spawnSync(
    join(base, version, 'bin', 'psql'),
    [pgUrl, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', query],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`psql failed: ${out.stderr}`);
  return { out: out.stdout.trim(), ms: performance.now() - started };
}
