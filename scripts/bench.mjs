// `npm run bench`: prints performance figures. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);

const CEILING_STATIC_RPS = 43_000; // nginx, 26 kB gzipped page, 100 connections (STACK-NOTES.md)
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts the built server and resolves once it answers the admin page, with the elapsed milliseconds. */
async function startServer(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The test-only seed route builds the 2,000-mobilization community below.
      ENABLE_TEST_SEED: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      const res = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, url, ms: performance.now() - started };
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const rssMb = (pid) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
};

const load = (opts) =>
  new Promise((resolve, reject) => autocannon({ duration: seconds, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-bench-'));
const rows = [];
try {
  const cold = await startServer(dataDir);
  rows.push([
    'cold start to first served page (new embedded database: migrate + seed)',
    `${Math.round(cold.ms)} ms`,
    '',
  ]);
  await stop(cold.child);

  const warm = await startServer(dataDir);
  rows.push(['warm start to first served page (existing embedded database)', `${Math.round(warm.ms)} ms`, '']);
  rows.push(['server memory after start (RSS)', `${rssMb(warm.child.pid)} MB`, '']);

  const signIn = await fetch(`${warm.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mutirao.org', password: 'mutirao-demo' }),
  });
  const { token } = await signIn.json();
  const session = await load({
    url: `${warm.url}/v1/graphql`,
    connections: 50,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      operationName: 'Session',
      query:
        'query Session { get_current_user { id email first_name last_name avatar is_admin created_at permissions { community_id role } } communities(order_by: {name: asc}) { id name city image } }',
    }),
  });
  rows.push([`Session query, 50 connections, ${seconds} s: requests/s`, session.requests.average.toFixed(0), '']);
  rows.push(['Session query: latency p50 / p99', `${session.latency.p50} ms / ${session.latency.p99} ms`, '']);
  rows.push(['Session query: errors + non-2xx', String(session.errors + session.non2xx), '']);

  // A community with 2,000 mobilizations: the list screen's REST call and its GraphQL twin.
  const seeded = await fetch(`${warm.url}/api/dev/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { email: 'bench@mutirao.org', password: 'bench-password' },
      communities: [{ name: 'Bench', mobilizations: 2000 }],
    }),
  }).then((r) => r.json());
  const communityId = seeded.communities[0].id;
  const bench = await fetch(`${warm.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@mutirao.org', password: 'bench-password' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${bench.token}` };
  const lists = [
    [
      'GET /api/mobilizations (first page of 2,000)',
      { url: `${warm.url}/api/mobilizations?community_id=${communityId}&status=active` },
    ],
    [
      'GraphQL mobilizations (first 20 of 2,000)',
      {
        url: `${warm.url}/v1/graphql`,
        method: 'POST',
        body: JSON.stringify({
          query: `query List { mobilizations(where: {community_id: {_eq: ${communityId}}, status: {_eq: "active"}}, order_by: [{updated_at: desc}], limit: 20) { id name goal slug image created_at status } }`,
        }),
      },
    ],
  ];
  for (const [name, opts] of lists) {
    const r = await load({
      connections: 50,
      ...opts,
      headers: { 'content-type': 'application/json', ...auth },
    });
    rows.push([`${name}, 50 connections: requests/s`, r.requests.average.toFixed(0), '']);
    rows.push([`${name}: latency p50 / p99`, `${r.latency.p50} ms / ${r.latency.p99} ms`, '']);
    rows.push([`${name}: errors + non-2xx`, String(r.errors + r.non2xx), '']);
  }

  const page = await load({ url: `${warm.url}/login`, connections: 100, headers: { accept: 'text/html' } });
  rows.push([
    `admin page HTML, 100 connections, ${seconds} s: requests/s`,
    page.requests.average.toFixed(0),
    `${((page.requests.average / CEILING_STATIC_RPS) * 100).toFixed(1)}% of nginx's ${CEILING_STATIC_RPS}/s`,
  ]);
  rows.push(['server memory after load (RSS)', `${rssMb(warm.child.pid)} MB`, '']);
  await stop(warm.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\nMutirão bench (${new Date().toISOString()}, Node ${process.version})\n`);
for (const [name, value, ratio] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(14)}  ${ratio}`);
