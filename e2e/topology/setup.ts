import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/test/process';
import { spawnDeployCaddy } from '../../scripts/lib/caddy.mjs';
// @ts-expect-error: a plain ES module of the repo's scripts, without types.
import { startThrowawayPostgres } from '../../scripts/lib/postgres.mjs';

/*
 * The deployment `deploy/` describes, started as systemd would start it: the units' own command lines and
 * `Environment=` lines, Caddy on `deploy/Caddyfile`, two web processes (`mutirao-web@1`, `@2`) and a worker on one
 * throwaway PostgreSQL. What stands in for `/etc/mutirao/mutirao.env` is a test environment (the sandbox drivers, the
 * test seed route, journeys' mail readable); the web processes listen on free ports instead of 3001 and 3002, and
 * Caddy's certificates come from its own CA. A unit's `Restart=always` is kept: a web process that dies is started
 * again after `RestartSec`, as systemd would, and `state.json` names each one's current pid.
 */

const root = join(import.meta.dirname, '..', '..');

export interface TopologyState {
  url: string;
  databaseUrl: string;
  /** Each web process: its port and its current pid, and a log of what it printed (one line per request). */
  web: { name: string; port: number; pid: number; log: string }[];
  worker: { pid: number };
}

/** A unit file's ExecStart, its `Environment=` pairs and its restart policy, `%i` replaced by the instance. */
export function readUnit(file: string, instance = '') {
  const text = readFileSync(join(root, 'deploy', file), 'utf8').replaceAll('%i', instance);
  const values = (key: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1).trim());
  const env = Object.fromEntries(
    values('Environment').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const [command = '', ...args] = (values('ExecStart')[0] ?? '').split(/\s+/);
  return {
    command,
    args,
    env,
    restart: values('Restart')[0] === 'always',
    restartMs: Number(values('RestartSec')[0] ?? 0) * 1000,
  };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up in ${timeoutMs / 1000} s`);
}

export default async function topologySetup() {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-topology-'));
  const pg = startThrowawayPostgres(await freePort());
  if (!pg) throw new Error('the topology needs PostgreSQL (apt-get install postgresql)');
  const caddyPort = Number(process.env.E2E_PORT ?? (await freePort()));
  const url = `http://localhost:${caddyPort}`;
  // Stands in for /etc/mutirao/mutirao.env.
  const environment: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    DATABASE_URL: pg.url,
    APP_URL: url,
    PUBLIC_HOST: 'localhost',
    SESSION_SECRET: 'topology-session-secret-topology-session-secret',
    DATA_DIR: join(dir, 'data'),
    ENABLE_TEST_SEED: 'true',
    SANDBOX_MAILBOX: 'open',
    // Every journey acts and signs in from 127.0.0.1 (see playwright.config.ts); the load below sends hundreds.
    LOGIN_MAX_PER_IP: '1000',
    ACTION_MAX_PER_IP: '100000',
    // One address plays every visitor: the anti-spam challenge would switch itself on (antispam.spec.ts tests it).
    ANTISPAM_BURST_ACTIONS: '0',
    PUBLIC_LOOKUP_CACHE: 'true',
    LOG_LEVEL: 'info',
  };

  const web = [1, 2].map((i) => ({ name: `mutirao-web@${i}`, unit: readUnit('mutirao-web@.service', String(i)) }));
  const workerUnit = readUnit('mutirao-worker.service');
  const statePath = join(dir, 'state.json');
  const state: TopologyState = { url, databaseUrl: pg.url, web: [], worker: { pid: 0 } };
  const save = () => writeFileSync(statePath, JSON.stringify(state, null, 2));
  const children = new Set<ChildProcess>();
  let stopping = false;

  /** Starts a unit's command (our Node for its `/usr/bin/node`, the checkout for its WorkingDirectory), restarting it as systemd would. */
  const run = (
    unit: ReturnType<typeof readUnit>,
    env: Record<string, string>,
    log: string,
    started: (pid: number) => void,
  ) => {
    const out = createWriteStream(log, { flags: 'a' });
    const child = spawn(process.env.SERVER_NODE ?? process.execPath, unit.args, {
      cwd: root,
      // As systemd does: the EnvironmentFile's values win over the unit's own Environment= lines.
      env: { ...unit.env, ...environment, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    children.add(child);
    started(child.pid ?? 0);
    save();
    child.once('exit', () => {
      children.delete(child);
      if (!stopping && unit.restart) setTimeout(() => !stopping && run(unit, env, log, started), unit.restartMs);
    });
  };

  for (const [i, w] of web.entries()) {
    // Free ports instead of the unit's 3001 and 3002, which another program on a developer's machine may hold.
    const port = await freePort();
    const log = join(dir, `${w.name}.log`);
    state.web[i] = { name: w.name, port, pid: 0, log };
    const entry = state.web[i];
    run(w.unit, { PORT: String(port) }, log, (pid) => {
      entry.pid = pid;
    });
  }
  run(workerUnit, {}, join(dir, 'mutirao-worker.log'), (pid) => {
    state.worker.pid = pid;
  });
  for (const w of state.web)
    await waitFor(w.name, async () => (await fetch(`http://127.0.0.1:${w.port}/api/health`)).ok);

  // Caddy on deploy/Caddyfile, as Debian's unit runs it, with caddy.env's values for this machine.
  const caddy = spawnDeployCaddy({
    dir,
    httpPort: await freePort(),
    httpsPort: await freePort(),
    askPort: await freePort(),
    adminSite: `http://localhost:${caddyPort}`,
    publicSite: `http://*.localhost:${caddyPort}`,
    upstreams: state.web.map((w) => `127.0.0.1:${w.port}`),
  });
  caddy.stderr?.pipe(createWriteStream(join(dir, 'caddy.log')));
  await waitFor('Caddy', async () => (await fetch(`${url}/api/health`)).ok);
  process.env.TOPOLOGY_STATE = statePath;

  return async () => {
    stopping = true;
    caddy.kill('SIGTERM');
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    pg.stop();
    if (!process.env.TOPOLOGY_KEEP) rmSync(dir, { recursive: true, force: true });
  };
}
