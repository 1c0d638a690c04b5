import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, createServer, type Server } from 'node:tls';

export interface Issued {
  cert: string;
  key: string;
}

/** A throwaway certificate authority made with Debian's openssl: its root, and leaf certificates it signs. */
export function makeTestCa() {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-ca-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=Mutirao Test CA']);
  let serial = 1;
  return {
    ca: readFileSync(join(dir, 'ca.crt'), 'utf8'),
    /** A leaf for `names`; `days: 0` makes one that has expired a second later. */
    issue(names: string[], days = 30): Issued {
      serial += 1;
      const base = `leaf${serial}`;
      run(['req', '-new', ...ec, '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', `/CN=${names[0]}`]);
      writeFileSync(join(dir, `${base}.ext`), `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`);
      run([
        'x509',
        '-req',
        '-in',
        `${base}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-set_serial',
        String(serial),
        '-days',
        String(days),
        '-extfile',
        `${base}.ext`,
        '-out',
        `${base}.crt`,
      ]);
      return {
        cert: readFileSync(join(dir, `${base}.crt`), 'utf8'),
        key: readFileSync(join(dir, `${base}.key`), 'utf8'),
      };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A TLS server on loopback that presents, for each name a client asks for (SNI), the certificate given for it. */
export async function startTlsServer(
  byName: Record<string, Issued>,
  fallback: Issued,
): Promise<{ port: number; close(): Promise<void> }> {
  const contexts = new Map(Object.entries(byName).map(([name, issued]) => [name, createSecureContext(issued)]));
  const server: Server = createServer(
    { ...fallback, SNICallback: (name, cb) => cb(null, contexts.get(name)) },
    (socket) => socket.end('ok'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
