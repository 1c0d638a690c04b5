// `npm run lighthouse`: Lighthouse (mobile preset) in Debian's Chromium on three public pages of a fresh demo
// install: the demo page, a page of content only and a page with a form. Prints each category's score and the layout
// shift. Scores, not timings: still, the performance score depends on how busy the machine is.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);

const port = await new Promise((resolve) => {
  const srv = createServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-lighthouse-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ENABLE_TEST_SEED: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const seed = await fetch(`${url}/api/dev/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { email: 'lighthouse@example.org', password: 'lighthouse' },
      communities: [{ name: 'Farol', formEntries: 3 }],
    }),
  });
  const form = (await seed.json()).communities[0].form;
  const pages = {
    'demo page': 'moradia-digna-recife',
    'content only': 'tarifa-zero-recife',
    'page with a form': form.slug,
  };
  const chrome =
    '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
  for (const [name, slug] of Object.entries(pages)) {
    const out = join(dataDir, `${slug}.json`);
    const run = spawnSync(
      join(root, 'node_modules/.bin/lighthouse'),
      [
        `http://${slug}.localhost:${port}/`,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${chrome}`,
        '--form-factor=mobile',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'ignore' },
    );
    if (run.status !== 0) {
      console.log(`${name}: lighthouse failed (exit ${run.status})`);
      continue;
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const scores = Object.entries(report.categories).map(([k, v]) => `${k} ${Math.round(v.score * 100)}`);
    const cls = report.audits['cumulative-layout-shift'].numericValue.toFixed(3);
    console.log(`${name.padEnd(17)} ${scores.join(', ')}; layout shift ${cls}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
