// The form widget's figures for `npm run bench`: durable submissions under 100 concurrent visitors, and the CSV
// export of 200,000 entries beside PostgreSQL's own COPY. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrk } from './wrk.mjs';

/** wrk's script for the submissions: one e-mail per request, the 201s counted. */
const SUBMISSIONS_SCRIPT = new URL('./wrk-submissions.lua', import.meta.url).pathname;

/** Beside a rate with no ceiling measured in its run: no ratio, and no figure from elsewhere. */
export const notThisRun = 'no ceiling in this run';
/** Entries in the exported page: 200,000, or `BENCH_EXPORT_ROWS` (up to 1,000,000, the test seed route's limit). */
export const EXPORT_ENTRIES = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const VISITORS = 100;

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
function exportedRows(agent, url, page) {
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

/**
 * 100 visitors, each submitting the sign-up form again as soon as the last answer came, for `seconds`, driven by wrk
 * (scripts/lib/wrk-submissions.lua: an e-mail of its own per request, the 201s counted); then the counter and the
 * export are read, so each accepted answer can be checked against the rows the page gained (it held `before`). The
 * load used to come from a Node client in the bench's own process, which on two cores took CPU from the server it
 * measured. wrk stops without awaiting the requests in flight (at most one per connection): the server still
 * answers and stores those it received, so the rows the page gained must lie between the accepted answers and those
 * plus the requests wrk sent without reading their answer.
 */
async function submissions(url, page, seconds, label, before = 0) {
  const run = await wrk({
    url: `${url}/api/mobilizations/${page.mobilization_id}/form_entries`,
    connections: VISITORS,
    seconds,
    script: SUBMISSIONS_SCRIPT,
    scriptArgs: [
      `/api/mobilizations/${page.mobilization_id}/form_entries`,
      String(page.widget_id),
      `${label}-${Date.now()}`,
    ],
  });
  // Give the server a moment to answer and store the requests wrk left in flight.
  await new Promise((r) => setTimeout(r, 1000));
  const agent = new Agent({ keepAlive: true });
  const counter = await json(agent, `${url}/api/widgets/${page.widget_id}/form_entries_count`);
  const stored = await exportedRows(agent, url, page);
  agent.destroy();
  const gained = stored.rows - before;
  return {
    accepted: run.accepted,
    unanswered: run.inFlight,
    perSecond: (run.rps * run.accepted) / run.requests,
    p50: run.p50,
    p99: run.p99,
    others: run.requests - run.accepted,
    errors: run.errors,
    rows: stored.rows,
    gained,
    counter: counter.form_entries_count,
    /** Every accepted answer is a row, no row comes from nowhere, and the trigger-kept counter agrees. */
    consistent:
      gained >= run.accepted && gained <= run.accepted + run.inFlight && counter.form_entries_count === stored.rows,
  };
}

/** A submissions run's answers held against the rows its page gained. */
const rowsCheck = (s) =>
  `accepted ${s.accepted} ≤ rows gained ${s.gained} ≤ accepted + ${s.unanswered} sent unanswered when wrk stopped: ${s.consistent ? 'consistent' : 'MISMATCH'} (counter ${s.counter} of ${s.rows} rows; other answers ${s.others}; socket errors ${s.errors})`;

/** A PostgreSQL client program (`psql`, `pgbench`) of the newest installed version. */
function pgProgram(name) {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error(`${name} is not installed`);
  return join(base, version, 'bin', name);
}

/**
 * pgbench's script for one form submission: the statement our route writes for one entry (activist upsert, entry,
 * outbox row, consent; the page-version check and the counter trigger), with an e-mail of its own each time.
 */
const PGBENCH_SUBMISSION = `\\set n random(1, 2000000000)
with input as (
  select :community as community_id, :widget as widget_id, :mobilization as mobilization_id,
    'pgbench-' || :client_id || '-' || :n || '@example.org' as email),
activist as (
  insert into activists (community_id, email, name, first_name, last_name, actions_count)
  select community_id, email, 'Visitante Pgbench', 'Visitante', 'Pgbench', 1 from input
  on conflict (community_id, lower(email)) do update set
    actions_count = activists.actions_count + 1, last_action_at = now(), updated_at = now()
  returning id),
entry as (
  insert into form_entries (widget_id, mobilization_id, activist_id, fields)
  select widget_id, mutirao_page_at_version(mobilization_id,
      (select cache_version from mobilizations where id = :mobilization)),
    (select id from activist),
    jsonb_build_array(jsonb_build_object('uid', 'field-participe-email', 'kind', 'email', 'label', 'E-mail',
      'value', email))
  from input returning id),
mail as (
  insert into outbox (idempotency_key, kind, to_address, subject, text, html, from_address, community_id)
  select 'pgbench-' || email, 'form-thank-you', email, 'Obrigada', 'Obrigada por participar',
    '<p>Obrigada por participar</p>', 'contato@example.org', community_id from input
  on conflict (idempotency_key) do nothing returning id),
consent as (
  insert into activist_consents
    (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
  select community_id, (select id from activist), 'form_entries', (select id from entry), mobilization_id, widget_id,
    'Aviso', 'https://exemplo.org', 'pt-BR' from input)
select id from entry;
`;

/**
 * `pgbench -n -c 50 -j 2 -T seconds` running, on the form page `page` ({community_id, widget_id, mobilization_id}),
 * the statement our route writes for one submission (`PGBENCH_SUBMISSION`): PostgreSQL's own ceiling for the
 * submissions figure, on the same server in the same run. Returns its transactions per second and the p50 and p99
 * of its per-transaction latencies (from pgbench's log), in ms.
 */
export function pgbenchSubmissions(pgUrl, seconds, page) {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-pgbench-'));
  const script = join(dir, 'submission.sql');
  writeFileSync(script, PGBENCH_SUBMISSION);
  const args = [
    '-n',
    '-c',
    '50',
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    script,
    '--log',
    '--log-prefix',
    join(dir, 'tx'),
  ];
  for (const [name, value] of Object.entries({
    community: page.community_id,
    widget: page.widget_id,
    mobilization: page.mobilization_id,
  }))
    args.push('-D', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn(pgProgram('pgbench'), [...args, pgUrl], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`pgbench exited ${code}: ${out.slice(-500)}`);
        const tps = Number(out.match(/tps = ([\d.]+)/)?.[1]);
        // Each log line: client, transaction, latency in µs, script, epoch, µs.
        const latencies = readdirSync(dir)
          .filter((f) => f.startsWith('tx'))
          .flatMap((f) =>
            readFileSync(join(dir, f), 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => Number(line.split(' ')[2]) / 1000),
          )
          .sort((a, b) => a - b);
        const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
        resolve({ tps, p50: at(0.5), p99: at(0.99), transactions: latencies.length });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
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
 * Both form figures on one running server (`{child, url}`), labelled by engine. With `pgUrl`, the export is also
 * timed against COPY on the same rows.
 */
export async function formBench({ server, label, seconds, rows, pgUrl, withExport = true, warmupSeconds = 0 }) {
  const agent = new Agent({ keepAlive: true });
  const target = await seedFormPage(agent, server.url, label, 0);
  let before = 0;
  if (warmupSeconds > 0) {
    // The same load on the same page first, unmeasured, as the page lines do: the measured line is the warm server
    // and page. Its own figures are printed too, and its answers are checked against its rows like the measured ones.
    const warm = await submissions(server.url, target, warmupSeconds, label);
    before = warm.rows;
    rows.push([
      `${label}: warm-up, the same load on the same page, ${warmupSeconds} s, not in the ratio`,
      `${warm.perSecond.toFixed(0)}/s`,
      `p50 ${warm.p50.toFixed(0)} ms / p99 ${warm.p99.toFixed(0)} ms; ${rowsCheck(warm)}`,
    ]);
  }
  const s = await submissions(server.url, target, seconds, label, before);
  // On PostgreSQL the ceiling is measured here, on the same server and page, once the app's mail has gone out.
  await new Promise((r) => setTimeout(r, pgUrl ? 2000 : 0));
  const ceiling = pgUrl ? await pgbenchSubmissions(pgUrl, seconds, target) : undefined;
  rows.push([
    `${label}: form submissions, ${VISITORS} visitors, ${seconds} s: accepted/s`,
    s.perSecond.toFixed(0),
    ceiling
      ? `${(s.perSecond / ceiling.tps).toFixed(2)} of pgbench's ${ceiling.tps.toFixed(0)}/s in this run`
      : notThisRun,
  ]);
  if (ceiling)
    rows.push([
      `${label}: pgbench, the same statement, 50 clients, ${seconds} s: tps`,
      ceiling.tps.toFixed(0),
      `p50 ${ceiling.p50.toFixed(1)} ms / p99 ${ceiling.p99.toFixed(1)} ms (${ceiling.transactions} transactions)`,
    ]);
  rows.push([
    `${label}: form submissions latency p50 / p99 (wrk)`,
    `${s.p50.toFixed(0)} ms / ${s.p99.toFixed(0)} ms`,
    rowsCheck(s),
  ]);

  agent.destroy();
  if (withExport) await formExportBench({ server, label, rows, pgUrl });
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
