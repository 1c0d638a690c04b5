import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './process';

/** Debian's caddy; `.ci/run` installs it. Locally, tests skip without it. */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const caddyInstalled = existsSync('/usr/bin/caddy');

export interface Caddy {
  httpsPort: number;
  /** The root of Caddy's internal CA, which signs the certificates it issues on demand. */
  rootCertPath: string;
  close(): Promise<void>;
}

/**
 * Runs Caddy on `deploy/Caddyfile` with the values an operator puts in `deploy/caddy.env`, but for a test: its data
 * under `dir`, certificates from its internal CA instead of Let's Encrypt, no admin endpoint, and the ports given.
 */
export function spawnDeployCaddy(o: {
  dir: string;
  httpPort: number;
  httpsPort: number;
  askPort: number;
  adminSite: string;
  publicSite: string;
  upstreams: string[];
}): ChildProcess {
  return spawn('/usr/bin/caddy', ['run', '--config', join(repoRoot, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
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

/**
 * Caddy on `deploy/Caddyfile`, the file an operator copies (on-demand TLS asking the app's allow-list, every host
 * proxied to the app), with the values `deploy/caddy.env` gives it for this test: certificates from Caddy's internal
 * CA instead of Let's Encrypt, free loopback ports, and the app as the only web process.
 */
export async function startCaddy(appUrl: string): Promise<Caddy> {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-caddy-'));
  const [httpPort, httpsPort, askPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawnDeployCaddy({
    dir,
    httpPort,
    httpsPort,
    askPort,
    adminSite: `http://admin.localhost:${httpPort}`,
    publicSite: `http://*.localhost:${httpPort}`,
    upstreams: [new URL(appUrl).host],
  });
  let log = '';
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const rootCertPath = join(dir, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  while (!existsSync(rootCertPath) || !log.includes('serving initial configuration')) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    if (Date.now() > deadline) throw new Error(`caddy did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpsPort,
    rootCertPath,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
