// `npm run bench`: prints performance figures. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { activistsBench } from './lib/bench-activists.mjs';
import { adminBench } from './lib/bench-admin.mjs';
import { donationBench } from './lib/bench-donations.mjs';
import { formBench } from './lib/bench-forms.mjs';
import { massMessagesBench } from './lib/bench-massmessages.mjs';
import { peopleBench } from './lib/bench-people.mjs';
import { pressureBench } from './lib/bench-pressure.mjs';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);

const CEILING_STATIC_RPS = 43_000; // nginx, 26 kB gzipped page, 100 connections (STACK-NOTES.md)
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * `BENCH_ONLY=actions`: only the visitor actions (form submissions, pressure fills, donations) on both engines.
 * `BENCH_ONLY=reports`: only the community's activists CSV on PostgreSQL, beside COPY.
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
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
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
      // 100 visitors from one address: the per-IP limit of visitor actions must not be what is measured.
      ACTION_MAX_PER_IP: '1000000000',
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

const load = (opts) =>
  new Promise((resolve, reject) => autocannon({ duration: seconds, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

/**
 * The demo campaign page on its public host, against the same HTML served as a static file by nginx in the same
 * run (when nginx is installed), and what a visitor downloads: the page and its JavaScript, gzipped.
 */
async function publicPageBench(baseUrl) {
  const host = 'moradia-digna-recife.localhost';
  const headers = { host, accept: 'text/html', 'accept-encoding': 'gzip' };
  // fetch() will not send another Host header; node:http will.
  const html = await new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    httpGet({ hostname, port, path: '/', headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
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
  for (const src of externalJs) externalBytes += await gzippedSize(baseUrl, host, src);
  rows.push([
    'public page: JavaScript gzipped (inline + external)',
    `${((gzipSync(inlineJs).length + externalBytes) / 1024).toFixed(1)} kB`,
    `inline ${(gzipSync(inlineJs).length / 1024).toFixed(1)} kB; ${externalJs.length} external script(s)${
      externalJs.length ? `: ${externalJs.join(', ')}, ${(externalBytes / 1024).toFixed(1)} kB` : ''
    }`,
  ]);
  const ours = await load({ url: baseUrl, connections: 100, headers });
  rows.push([`public page, 100 connections, ${seconds} s: requests/s`, ours.requests.average.toFixed(0), '']);
  rows.push(['public page: latency p50 / p99', `${ours.latency.p50} ms / ${ours.latency.p99} ms`, '']);
  rows.push(['public page: errors + non-2xx', String(ours.errors + ours.non2xx), '']);
  const nginx = await startNginx(html);
  if (!nginx) {
    rows.push(['nginx, same HTML as a static file', 'skipped', 'nginx not installed (apt-get install nginx-light)']);
    return;
  }
  try {
    const theirs = await load({ url: nginx.url, connections: 100, headers });
    rows.push([
      `nginx, same HTML as a static file, 100 connections: requests/s`,
      theirs.requests.average.toFixed(0),
      `ours = ${((ours.requests.average / theirs.requests.average) * 100).toFixed(1)}% of nginx`,
    ]);
    rows.push(['nginx: latency p50 / p99', `${theirs.latency.p50} ms / ${theirs.latency.p99} ms`, '']);
  } finally {
    nginx.stop();
  }
}

/** The bytes a browser receives for a path on a public host, gzip accepted. */
function gzippedSize(baseUrl, host, path) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    httpGet({ hostname, port, path, headers: { host, 'accept-encoding': 'gzip' } }, (res) => {
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
  const port = await freePort();
  writeFileSync(join(dir, 'index.html'), html);
  // Pre-compressed, as our server keeps its pages: nginx then only sends bytes (gzip_static).
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html, { level: 9 }));
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

const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-bench-'));
const rows = [];
try {
  if (only !== 'reports' && only !== 'people' && only !== 'massmessages') {
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
    if (only === 'admin') {
      await adminBench({ server: warm, seconds, rows });
      await stop(warm.child);
    } else {
      if (only !== 'actions') await readBenches(warm);
      await formBench({ server: warm, label: 'PGlite', seconds, rows, withExport: only !== 'actions' });
      await pressureBench({ server: warm, label: 'PGlite', seconds, rows });
      await donationBench({ server: warm, label: 'PGlite', seconds, rows });
      await stop(warm.child);
    }
  }
  if (only !== 'admin') await postgresFormBench();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The admin page, the public page and memory after the loads, on the warm embedded server. */
async function readBenches(warm) {
  await adminBench({ server: warm, seconds, rows });
  const page = await load({ url: `${warm.url}/login`, connections: 100, headers: { accept: 'text/html' } });
  rows.push([
    `admin page HTML, 100 connections, ${seconds} s: requests/s`,
    page.requests.average.toFixed(0),
    `${((page.requests.average / CEILING_STATIC_RPS) * 100).toFixed(1)}% of nginx's ${CEILING_STATIC_RPS}/s`,
  ]);
  await publicPageBench(warm.url);
  rows.push(['server memory after load (RSS)', `${rssMb(warm.child.pid)} MB`, '']);
}

/** The form figures again on a throwaway PostgreSQL server, with COPY beside the export. */
async function postgresFormBench() {
  const pg = startThrowawayPostgres(await freePort());
  if (!pg) {
    rows.push([
      'PostgreSQL: form submissions and export',
      'skipped',
      'PostgreSQL not installed (apt-get install postgresql)',
    ]);
    return;
  }
  const pgData = mkdtempSync(join(tmpdir(), 'mutirao-bench-pg-'));
  try {
    // The mass message's fan-out is measured unthrottled: the machinery's rate, not the page's limit.
    const server = await startServer(pgData, { DATABASE_URL: pg.url, MESSENGER_MAX_PER_SECOND: '0' });
    try {
      if (only !== 'reports' && only !== 'people' && only !== 'massmessages') {
        await formBench({ server, label: 'PostgreSQL', seconds, rows, pgUrl: pg.url, withExport: only !== 'actions' });
        await pressureBench({ server, label: 'PostgreSQL', seconds, rows });
        await donationBench({ server, label: 'PostgreSQL', seconds, rows });
      }
      if (only !== 'actions' && only !== 'people' && only !== 'massmessages')
        await activistsBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
      if (only !== 'actions' && only !== 'reports' && only !== 'massmessages')
        await peopleBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
      if (!only || only === 'massmessages')
        await massMessagesBench({ server, label: 'PostgreSQL', rows, pgUrl: pg.url });
    } finally {
      await stop(server.child);
    }
  } finally {
    pg.stop();
    rmSync(pgData, { recursive: true, force: true });
  }
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\nMutirão bench (${new Date().toISOString()}, Node ${process.version})\n`);
for (const [name, value, ratio] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(14)}  ${ratio}`);
