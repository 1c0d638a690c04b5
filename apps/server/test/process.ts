import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Runs a built entry point (`dist/main.js`, `dist/cli.js`) in its own process, as `npm start` and `npm run db:*` do.
 * The suite's global setup builds it when the sources changed.
 */
export function runEntry(
  entry: 'main' | 'cli',
  env: Record<string, string>,
  args: string[] = [],
  dist = join(serverRoot, 'dist'),
): RunningProcess {
  const child = spawn(process.execPath, [join(dist, `${entry}.js`), ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Waits until the server answers its health check, or fails with what it printed. */
export async function waitHealthy(url: string, proc: RunningProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited ${proc.child.exitCode}: ${proc.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy in time: ${proc.output()}`);
}
