import type { ChildProcess } from 'node:child_process';

/** Whether Debian's caddy is installed. */
export function caddyInstalled(): boolean;
/** Caddy on `deploy/Caddyfile` with `deploy/caddy.env`'s values for a test (`caddy.mjs`). */
export function spawnDeployCaddy(o: {
  dir: string;
  httpPort: number;
  httpsPort: number;
  askPort: number;
  adminSite: string;
  publicSite: string;
  upstreams: string[];
}): ChildProcess;
/** The bench's Caddy in front of one app server, on `deploy/Caddyfile`. */
export function startCaddyProxy(appUrl: string): Promise<{ url: string; stop(): Promise<void> }>;
