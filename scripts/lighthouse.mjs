// `npm run lighthouse`: Lighthouse (mobile preset) in Debian's Chromium on three public pages of a fresh demo
// install: the demo page, a page of content only and a page with a form (both from the test seed). Prints each
// category's score, the layout shift and the simulated timings the performance score comes from. The performance
// score depends on how busy the machine is: measure more than once (`npm run lighthouse -- 3`).
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
const chrome =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** One Lighthouse run (mobile preset, simulated throttling): its report, or why it failed. */
function measure(page, out) {
  const run = spawnSync(
    join(root, 'node_modules/.bin/lighthouse'),
    [page, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-flags=${chrome}`, '--form-factor=mobile'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8' },
  );
  if (run.status !== 0) return `exit ${run.status}: ${run.stderr.trim().split('\n').at(-1)}`;
  return JSON.parse(readFileSync(out, 'utf8'));
}
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
      communities: [{ name: 'Farol', formEntries: 3, contentPage: true }],
    }),
  });
  const { form, content_page: content } = (await seed.json()).communities[0];
  const pages = {
    'demo page': 'moradia-digna-recife',
    'content only': content.slug,
    'page with a form': form.slug,
  };
  // `npm run lighthouse -- 3` measures each page three times: the performance score moves with the machine's load.
  const runs = Math.max(1, Number(process.argv[2] ?? 1) || 1);
  for (let run = 1; run <= runs; run++) {
    for (const [name, slug] of Object.entries(pages)) {
      const label = runs > 1 ? `${name} (${run})` : name;
      const report = measure(`http://${slug}.localhost:${port}/`, join(dataDir, `${slug}.json`));
      if (typeof report === 'string') {
        console.log(`${label}: lighthouse failed (${report})`);
        continue;
      }
      const scores = Object.entries(report.categories).map(([k, v]) => `${k} ${Math.round(v.score * 100)}`);
      const ms = (id) => Math.round(report.audits[id].numericValue);
      const cls = report.audits['cumulative-layout-shift'].numericValue.toFixed(3);
      const timings = `FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, SI ${ms('speed-index')} ms`;
      console.log(`${label.padEnd(21)} ${scores.join(', ')}; layout shift ${cls}; ${timings}`);
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
