import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './process';

const PDNS = '/usr/sbin/pdns_server';
const SCHEMA = '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql';

/** Debian's pdns-server with the SQLite backend; `.ci/run` installs it. Locally, tests skip without it. */
export const powerDnsInstalled = existsSync(PDNS) && existsSync(SCHEMA) && existsSync('/usr/bin/sqlite3');

export interface PowerDns {
  apiUrl: string;
  apiKey: string;
  /** Where it answers DNS queries, as `Resolver.setServers` takes it. */
  resolver: string;
  close(): Promise<void>;
}

/**
 * Starts a real PowerDNS authoritative server on loopback ports, with its HTTP API, in a throwaway folder. The ports
 * may be given (the browser journeys tell the app where its resolver is before it starts).
 */
export async function startPowerDns(ports: { dns?: number; api?: number } = {}): Promise<PowerDns> {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-pdns-'));
  execFileSync('/usr/bin/sqlite3', [join(dir, 'pdns.db')], { input: execFileSync('cat', [SCHEMA]) });
  const [dnsPort, apiPort] = [ports.dns ?? (await freePort()), ports.api ?? (await freePort())];
  const apiKey = 'mutirao-test-key';
  writeFileSync(
    join(dir, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${join(dir, 'pdns.db')}`,
      'local-address=127.0.0.1',
      `local-port=${dnsPort}`,
      'api=yes',
      `api-key=${apiKey}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${dir}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'loglevel=3',
      // Tests change zones and ask again at once: no cached answer (a REFUSED for a zone not yet created included).
      'cache-ttl=0',
      'negquery-cache-ttl=0',
      'query-cache-ttl=0',
      'zone-cache-refresh-interval=0',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(PDNS, [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pdns_server exited: ${log}`);
    const up = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { 'x-api-key': apiKey } }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`pdns_server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    apiUrl,
    apiKey,
    resolver: `127.0.0.1:${dnsPort}`,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      // A throwaway server: nothing of it needs to survive, and SIGTERM takes it a second or two.
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
