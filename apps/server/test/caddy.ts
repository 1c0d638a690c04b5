import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * Caddy in front of the app as README's production Caddyfile has it (on-demand TLS asking the app's allow-list,
 * every host proxied to the app), except that certificates come from Caddy's internal CA instead of Let's Encrypt and
 * the ports are free loopback ones.
 */
export async function startCaddy(appUrl: string): Promise<Caddy> {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const app = new URL(appUrl).host;
  writeFileSync(
    join(dir, 'Caddyfile'),
    `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	local_certs
	skip_install_trust
	storage file_system ${join(dir, 'data')}
	on_demand_tls {
		ask http://${app}/api/tls/ask
	}
}

https:// {
	tls {
		on_demand
	}
	reverse_proxy ${app}
}
`,
  );
  const child: ChildProcess = spawn(
    '/usr/bin/caddy',
    ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    {
      env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const rootCertPath = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
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
