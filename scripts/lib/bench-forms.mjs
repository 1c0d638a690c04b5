// The form widget's export figure for `npm run bench` (the CSV of 200,000 entries beside PostgreSQL's own COPY), and
// what the other figures share: HTTP calls, the seeded pages. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { pgProgram } from './psql.mjs';

/** Beside a rate with no ceiling measured in its run: no ratio, and no figure from elsewhere. */
export const notThisRun = 'no ceiling in this run';
/** Entries in the exported page: 200,000, or `BENCH_EXPORT_ROWS` (up to 1,000,000, the test seed route's limit). */
export const EXPORT_ENTRIES = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);

const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN);

/** One HTTP call with a keep-alive agent; resolves with the status, the body and the time to the last byte. */
export function call(agent, url, { method = 'GET', body, headers = {} } = {}, onData) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method, agent, headers: { ...headers, ...(body && { 'content-type': 'application/json' }) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => (onData ? onData(c) : chunks.push(c)));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const json = async (agent, url, options) => JSON.parse((await call(agent, url, options)).body);

/**
 * A fresh organiser and community with one page of the test seed (`option`: 'pressurePage', 'donationPage'), signed
 * in: the seeded page (its `{option in snake case}` answer) and the organiser's token.
 */
export async function seedActionPage(setup, url, label, option) {
  const email = `bench-${option}-${label}-${Date.now()}@mutirao.org`;
  const seeded = await json(setup, `${url}/api/dev/seed`, {
    method: 'POST',
    body: JSON.stringify({
      user: { email, password: 'bench-password' },
      communities: [{ name: `${option} bench ${label}`, [option]: true }],
    }),
  });
  const page = seeded.communities[0][option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
  const { token } = await json(setup, `${url}/api/auth/sign_in`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  return { page, token };
}

/**
 * A user, a community and a published page with the demo sign-up form holding `entries` entries (each from its own
 * activist): the page, its community's id and the organiser's token.
 */
export async function seedFormPage(agent, url, label, entries) {
  const email = `bench-${label}-${entries}-${Date.now()}@mutirao.org`;
  const seeded = await json(agent, `${url}/api/dev/seed`, {
    method: 'POST',
    body: JSON.stringify({
      user: { email, password: 'bench-password' },
      communities: [{ name: `Form bench ${label}`, formEntries: entries }],
    }),
  });
  const { token } = await json(agent, `${url}/api/auth/sign_in`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  return { ...seeded.communities[0].form, community_id: seeded.communities[0].id, token };
}

/** A CSV report read to the end with a bearer token: its data rows (lines after the header), bytes and time. */
export async function csvRows(agent, url, token) {
  let lines = 0;
  let bytes = 0;
  const res = await call(agent, url, { headers: { authorization: `Bearer ${token}` } }, (chunk) => {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
  });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { rows: lines - 1, bytes, ms: res.ms };
}

/** Entries as the export counts them: data rows of the CSV (the seeded values hold no line breaks). */
export function exportedRows(agent, url, page) {
  return csvRows(
    agent,
    `${url}/api/mobilizations/${page.mobilization_id}/form_entries.csv?widget_id=${page.widget_id}`,
    page.token,
  );
}

/** Runs `work` while sampling the process's RSS every 25 ms: its result, and the RSS before and at the peak (kB). */
export async function withPeakRss(pid, work) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 25);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, rssKb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** A `COPY … TO STDOUT` through psql, timed to the last byte: PostgreSQL's own export, the ratio's baseline. */
export function timedCopy(pgUrl, query) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(pgProgram('psql'), [pgUrl, '-X', '-q', '-c', query], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let bytes = 0;
    child.stdout.on('data', (c) => {
      bytes += c.length;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(`psql exited ${code}`)),
    );
  });
}

/** PostgreSQL's own COPY of the same rows and columns as the form export. */
function copyExport(pgUrl, widgetId) {
  return timedCopy(
    pgUrl,
    `COPY (SELECT e.fields->0->>'value', e.fields->1->>'value', e.fields->2->>'value', e.fields->3->>'value',
    a.name, a.email, a.phone, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')
    FROM form_entries e LEFT JOIN activists a ON a.id = e.activist_id WHERE e.widget_id = ${widgetId} ORDER BY e.id)
    TO STDOUT (FORMAT csv)`,
  );
}

/**
 * The form-entries CSV of `EXPORT_ENTRIES` entries on one running server: rows/s, the server's peak RSS during it, and, with
 * `pgUrl`, PostgreSQL's own COPY of the same rows and columns as the ratio's baseline.
 */
export async function formExportBench({ server, label, rows, pgUrl }) {
  const agent = new Agent({ keepAlive: true });
  const started = performance.now();
  const big = await seedFormPage(agent, server.url, label, EXPORT_ENTRIES);
  const seedSeconds = (performance.now() - started) / 1000;
  // The first read of freshly written rows sets their hint bits (it writes every page): one untimed COPY first, so
  // that neither timed read pays it.
  if (pgUrl) await copyExport(pgUrl, big.widget_id);
  const {
    result: exported,
    before,
    peak,
  } = await withPeakRss(server.child.pid, () => exportedRows(agent, server.url, big));
  agent.destroy();
  const perSecond = exported.rows / (exported.ms / 1000);
  rows.push([
    `${label}: CSV export of ${EXPORT_ENTRIES.toLocaleString('en')} entries: rows/s`,
    perSecond.toFixed(0),
    `${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${(exported.ms / 1000).toFixed(2)} s; seeded in ${seedSeconds.toFixed(0)} s`,
  ]);
  rows.push([
    `${label}: server RSS before / peak during the export`,
    `${Math.round(before / 1024)} / ${Math.round(peak / 1024)} MB`,
    `+${Math.round((peak - before) / 1024)} MB`,
  ]);
  if (pgUrl) {
    const copy = await copyExport(pgUrl, big.widget_id);
    rows.push([
      `${label}: COPY … TO STDOUT (FORMAT csv), same rows and columns`,
      `${(EXPORT_ENTRIES / (copy.ms / 1000)).toFixed(0)}`,
      `rows/s, ${(copy.bytes / 1e6).toFixed(1)} MB in ${(copy.ms / 1000).toFixed(2)} s; our export takes ${(exported.ms / copy.ms).toFixed(1)}× as long`,
    ]);
  }
}
