import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { freePort, runEntry, waitHealthy } from '../test/process';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `dist/main.js` runs the bundle with V8's code cache (`load.ts`). The built files are copied into a folder of their
 * own beside `dist`, so the other suites' servers, which share `dist/server.cjs.cache`, cannot touch this one's.
 */
describe.skipIf(inject('engine') !== 'pglite')('the built server’s code cache', () => {
  it('is written by a start that had none, then read back by the next start, which leaves it as it was', async () => {
    const dist = join(serverRoot, `dist-load-test-${process.pid}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-load-'));
    mkdirSync(dist);
    for (const file of ['main.js', 'server.cjs', 'pglite-template.tar.gz', 'pglite-template.tar.gz.json'])
      copyFileSync(join(serverRoot, 'dist', file), join(dist, file));
    const cache = join(dist, 'server.cjs.cache');
    const start = async () => {
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
      const proc = runEntry('main', env, [], dist);
      await waitHealthy(`http://127.0.0.1:${port}`, proc);
      proc.child.kill('SIGTERM');
      expect(await proc.exited, proc.output()).toBe(0);
      // No warning either (an experimental Node feature would print one).
      expect(proc.output()).not.toMatch(/warning/i);
    };
    try {
      await start();
      expect(existsSync(cache)).toBe(true);
      const written = readFileSync(cache);
      expect(written.length).toBeGreaterThan(100_000);
      // V8 refuses a cache made for other source or flags; the loader then writes a new one as the process exits.
      await start();
      expect(readFileSync(cache).equals(written)).toBe(true);
    } finally {
      rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
