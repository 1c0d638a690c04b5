import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnDeployCaddy } from '../../../scripts/lib/caddy.mjs';
import { freePort } from './process';

/** Debian's caddy; `.ci/run` installs it. Locally, tests skip without it. */
export const caddyInstalled = existsSync('/usr/bin/caddy');

export interface Caddy {
  httpsPort: number;
  /** The root of Caddy's internal CA, which signs the certificates it issues on demand. */
  rootCertPath: string;
  close(): Promise<void>;
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
