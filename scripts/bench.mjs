// `npm run bench`: prints performance figures. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { answerOf, startBareNode } from './lib/bare-node.mjs';
import { donationBench, formSubmissionsBench, METRICS_TOKEN, pressureBench } from './lib/bench-actions.mjs';
import { activistsBench } from './lib/bench-activists.mjs';
import { adminBench } from './lib/bench-admin.mjs';
import { formExportBench } from './lib/bench-forms.mjs';
import { massMessagesBench } from './lib/bench-massmessages.mjs';
import { peopleBench } from './lib/bench-people.mjs';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';
import { caddyInstalled, startCaddyProxy } from './lib/caddy.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';
import { rateCells, wrk } from './lib/wrk.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each page line's server, and each visitor action's, first takes the same load for this long, unmeasured: a Node
 * process needs several seconds of traffic before V8 has optimised its hot paths (a fresh web process answered
 * 10,500/s, then 15,100/s, then 18,500/s in three back-to-back 5 s runs), and the line is about the steady state.
 * nginx and the bare Node server get the same warm-up. `BENCH_WARMUP_SECONDS=0` measures from cold.
 */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/** Warm starts in a row: their median is the figure. */
const WARM_STARTS = 3;
/**
 * `BENCH_PROFILE=<folder>`: the servers write CPU profiles there, to find what a figure spends its time on.
 * `BENCH_ONLY=start`: only the cold and warm start on the embedded database.
 * `BENCH_ONLY=public`: only the pages (admin HTML, the public page on both engines) beside nginx, under wrk.
 * `BENCH_ONLY=actions`: only the visitor actions (form submissions, pressure fills, donations) on both engines.
 * `BENCH_ONLY=reports`: only the exports on PostgreSQL (form entries, the community's activists), beside COPY.
 * `BENCH_ONLY=people`: only the people list over 1,000,000 activists on PostgreSQL (first and last page, counts).
 * `BENCH_ONLY=admin`: only the admin's reads (Session, mobilization list) on the warm embedded server.
 * `BENCH_ONLY=massmessages`: only a mass message to 100,000 subscribers on PostgreSQL (enqueue, fan-out rate).
 */
const only = process.env.BENCH_ONLY;

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts the built server and resolves once it answers the admin page, with the elapsed milliseconds. */
async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const started = performance.now();
  // BENCH_PROFILE=<folder>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The test-only seed route builds the 2,000-mobilization community and the form pages below.
      ENABLE_TEST_SEED: 'true',
      // /metrics, as a production server scraped by Prometheus: the actions' lines read their batch sizes there.
      METRICS_TOKEN,
      // 100 visitors from one address: the per-IP limit of visitor actions must not be what is measured.
      ACTION_MAX_PER_IP: '1000000000',
      // Nor the anti-spam challenge, which one network's burst would switch on.
      ANTISPAM_BURST_ACTIONS: '0',
      ...env,
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

/** GET `path` on `baseUrl` with a Host header (fetch() will not send another Host; node:http will): the body as text. */
function getText(baseUrl, host, path = '/') {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    httpGet({ hostname, port, path, headers: { host, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

const DEMO_HOST = 'moradia-digna-recife.localhost';

/** What a visitor downloads for the demo page: its HTML and JavaScript, gzipped. */
async function publicPageWeight(baseUrl) {
  const html = await getText(baseUrl, DEMO_HOST);
  const gz = gzipSync(html, { level: 9 }).length;
  const inlineJs = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  const externalJs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  rows.push([
    'public page: HTML gzipped (demo page)',
    `${(gz / 1024).toFixed(1)} kB`,
    `${(html.length / 1024).toFixed(1)} kB raw`,
  ]);
  // The island bundle, as the browser downloads it: gzipped over the wire, cached for a year after that.
  let externalBytes = 0;
  for (const src of externalJs) externalBytes += await gzippedSize(baseUrl, DEMO_HOST, src);
  rows.push([
    'public page: JavaScript gzipped (inline + external)',
    `${((gzipSync(inlineJs).length + externalBytes) / 1024).toFixed(1)} kB`,
    `inline ${(gzipSync(inlineJs).length / 1024).toFixed(1)} kB; ${externalJs.length} external script(s)${
      externalJs.length ? `: ${externalJs.join(', ')}, ${(externalBytes / 1024).toFixed(1)} kB` : ''
    }`,
  ]);
}

/**
 * One page under `wrk` (100 connections, gzip accepted), then nginx serving the very same bytes from a pre-compressed
 * file (`gzip_static`) in the same run: the ceiling the ratio is taken against, and the proof that wrk is not the
 * bottleneck (nginx must go far faster). Each line has its rate with p50 and p99. With `processes`, Node's bare
 * `http` module answering the same bytes from as many processes comes between them (`lib/bare-node.mjs`): the ceiling
 * for any Node server, which shows how much of the gap to nginx is the app's and how much is Node's.
 */
async function pageBeside(name, baseUrl, host, path = '/', processes = 0) {
  const html = await getText(baseUrl, host, path);
  const headers = { host, accept: 'text/html', 'accept-encoding': 'gzip' };
  const measured = async (url) => {
    if (warmupSeconds > 0) await wrk({ url, connections: 100, seconds: warmupSeconds, headers });
    return wrk({ url, connections: 100, seconds, headers });
  };
  const ours = await measured(`${baseUrl}${path}`);
  rows.push([`${name}, 100 connections`, ...rateCells(ours)]);
  if (processes) {
    // Node's own HTTP stack with the same answer and process count: the most any Node server could do here.
    const bare = await startBareNode({ port: await freePort(), processes, ...(await answerOf(baseUrl, host, path)) });
    try {
      const theirs = await measured(bare.url);
      rows.push([
        `  bare node:http, same answer, ${processes} process(es), same run`,
        ...rateCells(theirs).map((cell, i) =>
          i === 1 ? `${cell}; ours = ${(ours.rps / theirs.rps).toFixed(2)} of it` : cell,
        ),
      ]);
    } finally {
      bare.stop();
    }
  }
  const nginx = await startNginx(html);
  if (!nginx) {
    rows.push(['  nginx, same bytes', 'skipped', 'nginx not installed (apt-get install nginx-light)']);
    return;
  }
  try {
    const theirs = await measured(nginx.url);
    // The bodies as sent (gzipped), not wrk's bytes per answer: our headers (the security headers) outweigh nginx's
    // by a kilobyte, which is most of a small page such as the admin's index.html (half a kilobyte gzipped).
    const oursBody = await gzippedSize(baseUrl, host, path, 'text/html');
    const theirsBody = await gzippedSize(nginx.url, host, '/', 'text/html');
    const same = Math.abs(oursBody - theirsBody) < 0.2 * theirsBody;
    if (!same)
      rows.push([`  NOT THE SAME PAGE: bodies of ${oursBody} and ${theirsBody} bytes gzipped; no ratio`, '', '']);
    rows.push([
      '  nginx, same bytes (gzip_static), same run',
      ...rateCells(theirs).map((cell, i) =>
        i === 1 && same ? `${cell}; ours = ${(ours.rps / theirs.rps).toFixed(2)} of nginx` : cell,
      ),
    ]);
  } finally {
    nginx.stop();
  }
}

/** The bytes a browser receives for a path on a public host, gzip accepted (and `accept`, a page's `text/html`). */
function gzippedSize(baseUrl, host, path, accept = '*/*') {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    httpGet({ hostname, port, path, headers: { host, accept, 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
      });
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/** nginx serving one HTML file, gzipped, on a free port; undefined when nginx is not installed. */
async function startNginx(html) {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-nginx-'));
  // Started as root, nginx's workers run as nobody: they must be able to read the files, or every answer is a 403.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(join(dir, 'index.html'), html, { mode: 0o644 });
  // Pre-compressed, as our server keeps its pages: nginx then only sends bytes (gzip_static).
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html, { level: 9 }), { mode: 0o644 });
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; gzip_static on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; location / { try_files /index.html =404; default_type text/html; } } }`,
  );
  const child = spawn(bin, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this run measures `part` (every part without BENCH_ONLY). */
const wants = (part) => !only || only === part;

const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-bench-'));
const rows = [];
const load = loadAverage();
try {
  if (wants('start') || wants('admin') || wants('public') || wants('actions')) await embeddedBenches();
  if (wants('public') || wants('actions') || wants('reports') || wants('people') || wants('massmessages'))
    await postgresBenches();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The machine's load average (1, 5, 15 minutes): every figure is read beside it. */
function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Start times, the admin's reads, the pages and the actions on the embedded database (PGlite). */
async function embeddedBenches() {
  const cold = await startServer(dataDir);
  rows.push([
    'cold start to first served page (new embedded database: migrate + seed)',
    `${Math.round(cold.ms)} ms`,
    '',
  ]);
  await stop(cold.child);

  // One start is one sample of a noisy machine: the median of three, each beside it. The last one serves the loads.
  const starts = [];
  for (let i = 0; i < WARM_STARTS; i++) {
    if (i > 0) await stop(starts[i - 1].child);
    starts.push(await startServer(dataDir));
  }
  const warm = starts[WARM_STARTS - 1];
  const ms = starts.map((s) => Math.round(s.ms));
  rows.push([
    `warm start to first served page (existing embedded database), median of ${WARM_STARTS}`,
    `${[...ms].sort((a, b) => a - b)[(WARM_STARTS - 1) / 2]} ms`,
    `each: ${ms.join(', ')} ms`,
  ]);
  rows.push(['server memory after start (RSS)', `${rssMb(warm.child.pid)} MB`, '']);
  try {
    if (wants('admin')) {
      const proxy = caddyInstalled() ? await startCaddyProxy(warm.url) : undefined;
      try {
        await adminBench({
          server: warm,
          seconds,
          rows,
          warmupSeconds,
          via: proxy && { name: 'Caddy', url: proxy.url },
        });
      } finally {
        await proxy?.stop();
      }
    }
    if (wants('public')) {
      await pageBeside('admin page HTML (built index.html)', warm.url, '127.0.0.1', '/login');
      await publicPageWeight(warm.url);
      await pageBeside('PGlite: public demo page (PROCESS_ROLE=all, one process)', warm.url, DEMO_HOST, '/', 1);
    }
    if (wants('actions')) await actionBenches(warm, 'PGlite');
    rows.push(['server memory after the loads (RSS)', `${rssMb(warm.child.pid)} MB`, '']);
  } finally {
    await stop(warm.child);
  }
}

/**
 * The visitor actions on one server (`lib/bench-actions.mjs`), forms first: the donations are held to the forms' rate
 * in the same run. The form-entries export (`lib/bench-forms.mjs`) follows the forms in a whole run. With `pgUrl`,
 * the form and pressure lines get their pgbench, and the export its COPY.
 */
async function actionBenches(server, label, pgUrl) {
  // Through Caddy on deploy/Caddyfile, as deployed, when it is installed: see `via` in lib/bench-actions.mjs.
  const proxy = caddyInstalled() ? await startCaddyProxy(server.url) : undefined;
  if (!proxy) rows.push([`${label}: visitor actions`, 'direct', 'caddy is not installed: wrk talks to the app itself']);
  const options = {
    server,
    label,
    seconds,
    rows,
    pgUrl,
    warmupSeconds,
    via: proxy && { name: 'Caddy', url: proxy.url },
  };
  try {
    const forms = await formSubmissionsBench(options);
    if (!only) await formExportBench({ server, label, rows, pgUrl });
    await pressureBench(options);
    await donationBench({ ...options, formRate: forms.rate });
  } finally {
    await proxy?.stop();
  }
}

/**
 * The same on a throwaway PostgreSQL server: the public page from as many web processes as the machine has cores
 * (`WEB_PROCESSES`, `PROCESS_ROLE=web`), then one `PROCESS_ROLE=all` server for the actions, with COPY beside the
 * exports, the people list and the mass message.
 */
async function postgresBenches() {
  // With fsync on, as in production: a commit waits for the disk.
  const pg = startThrowawayPostgres(await freePort(), { fsync: true });
  if (!pg) {
    rows.push(['PostgreSQL', 'skipped', 'PostgreSQL not installed (apt-get install postgresql)']);
    return;
  }
  const pgData = mkdtempSync(join(tmpdir(), 'mutirao-bench-pg-'));
  try {
    if (wants('public')) {
      const processes = availableParallelism();
      const web = await startServer(pgData, {
        DATABASE_URL: pg.url,
        PROCESS_ROLE: 'web',
        WEB_PROCESSES: String(processes),
        PUBLIC_LOOKUP_CACHE: 'true',
      });
      try {
        await pageBeside(
          `PostgreSQL: public demo page (${processes} web processes)`,
          web.url,
          DEMO_HOST,
          '/',
          processes,
        );
      } finally {
        await stop(web.child);
      }
    }
    if (!(wants('actions') || wants('reports') || wants('people') || wants('massmessages'))) return;
    // The mass message's fan-out is measured unthrottled: the machinery's rate, not the page's limit.
    const server = await startServer(pgData, { DATABASE_URL: pg.url, MESSENGER_MAX_PER_SECOND: '0' });
    try {
      if (wants('actions')) await actionBenches(server, 'PostgreSQL', pg.url);
      if (wants('reports')) await activistsBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
      if (wants('people')) await peopleBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
      if (wants('massmessages')) await massMessagesBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
    } finally {
      await stop(server.child);
    }
  } finally {
    pg.stop();
    rmSync(pgData, { recursive: true, force: true });
  }
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(
  `\nMutirão bench (${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${load} at the start, ${loadAverage()} at the end)\n`,
);
for (const [name, value, ratio] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(14)}  ${ratio}`);
