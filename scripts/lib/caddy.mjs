// Caddy (Debian's package) on `deploy/Caddyfile`, the file an operator copies, with the values `deploy/caddy.env`
// gives it: for the deployment tests (apps/server/test/caddy.ts, e2e/topology) and the bench, which measures the
// visitor actions through it, as deployed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CADDY = '/usr/bin/caddy';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const caddyInstalled = () => existsSync(CADDY);

/**
 * Runs Caddy on `deploy/Caddyfile` with the values an operator puts in `deploy/caddy.env`, but for a test or the
 * bench: its data under `dir`, certificates from its internal CA instead of Let's Encrypt, no admin endpoint, and the
 * ports given.
 */
export function spawnDeployCaddy(o) {
  return spawn(CADDY, ['run', '--config', join(repoRoot, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: o.dir,
      XDG_DATA_HOME: o.dir,
      XDG_CONFIG_HOME: o.dir,
      ACME_EMAIL: 'ops@example.org',
      CADDY_CERT_ISSUER: 'internal',
      CADDY_ADMIN: 'off',
      CADDY_HTTP_PORT: String(o.httpPort),
      CADDY_HTTPS_PORT: String(o.httpsPort),
      MUTIRAO_ASK_PORT: String(o.askPort),
      MUTIRAO_ADMIN_SITE: o.adminSite,
      MUTIRAO_PUBLIC_SITE: o.publicSite,
      MUTIRAO_UPSTREAMS: o.upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A free loopback port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The bench's Caddy in front of one app server (`appUrl`), as `deploy/Caddyfile` runs in production: its admin site
 * on `http://127.0.0.1:<port>`, which the returned `url` names. Resolves once Caddy answers through to the app.
 */
export async function startCaddyProxy(appUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-caddy-'));
  const [httpPort, httpsPort, askPort] = [await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${httpPort}`;
  const child = spawnDeployCaddy({
    dir,
    httpPort,
    httpsPort,
    askPort,
    adminSite: url,
    publicSite: `http://*.localhost:${httpPort}`,
    upstreams: [new URL(appUrl).host],
  });
  let log = '';
  child.stderr.on('data', (c) => {
    log += c;
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }).then(() => rmSync(dir, { recursive: true, force: true }));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}
