// The visitor actions' figures for `npm run bench`: form submissions, e-mail pressure fills and card donations, each
// under 100 concurrent visitors driven by wrk, each accepted answer held against the rows in the database, each rate
// beside its ceiling from the same run. docs/bench.md explains how to read them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportedRows, json, notThisRun, seedActionPage, seedFormPage } from './bench-forms.mjs';
import { pgProgram, psql } from './psql.mjs';
import { wrk } from './wrk.mjs';

/** wrk's script for every action: an e-mail, a key (and a donation's attempt) of its own per request. */
const SCRIPT = new URL('./wrk-actions.lua', import.meta.url).pathname;
const VISITORS = 100;
/** The bench's servers get it as METRICS_TOKEN: each load reads the batch counters from /metrics before and after. */
export const METRICS_TOKEN = 'mutirao-bench-metrics-token';
/** pgbench's variable in every unique value of its copies of the app's rows (`POST /api/dev/batch-statement`). */
const UNIQUE = ':mutirao_unique';
/** pgbench's own variables: a statement that held one of these words after a colon would have it replaced. */
const PGBENCH_VARIABLES = /:(client_id|scale|random_seed|default_seed)\b/;

/** The server's batches and rows written so far, by kind (`mutirao_action_batches_total{kind}`, …). */
async function batchCounts(url) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}: is METRICS_TOKEN set?`);
  const counts = {};
  const series = /^mutirao_action_(batches|batch_rows)_total\{kind="([^"]+)"\} (\d+)$/gm;
  for (const [, name, kind, value] of (await res.text()).matchAll(series)) {
    counts[kind] ??= { batches: 0, rows: 0 };
    counts[kind][name === 'batches' ? 'batches' : 'rows'] = Number(value);
  }
  return counts;
}

/** Each kind's rows per batch between two readings of `batchCounts`, for the kinds that wrote any. */
function batchSizes(before, after) {
  const sizes = {};
  for (const [kind, now] of Object.entries(after)) {
    const batches = now.batches - (before[kind]?.batches ?? 0);
    if (batches > 0) sizes[kind] = (now.rows - (before[kind]?.rows ?? 0)) / batches;
  }
  return sizes;
}

const sleep = (millis) => new Promise((r) => setTimeout(r, millis));

/**
 * What `stored()` reads once the server has answered what wrk left in flight: two readings alike, half a second apart
 * (at most 30 s). A donation in flight takes over a second under load; a fixed wait let the warm-up's last ones land
 * in the measured run's rows.
 */
async function settled(stored) {
  let last = await stored();
  for (let i = 0; i < 60; i++) {
    await sleep(500);
    const now = await stored();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/**
 * 100 visitors, each posting one `kind` of action (to `path`, on widget `widgetId`) again as soon as its answer came,
 * for `seconds` (wrk with `wrk-actions.lua`), with what `stored()` reads before and after. The load used to come from a
 * Node client in the bench's own process, which on two cores took CPU from the server it measured. wrk stops without
 * awaiting the requests in flight (at most one per connection): the server still answers and stores those it
 * received, so the rows gained must lie between the accepted answers and those plus the requests sent unanswered.
 * The batch counters, read before and after, give the run's average batch size of each kind.
 */
async function actionLoad(url, { kind, path, widgetId, label, stored, via }, seconds) {
  const before = { rows: await stored(), batches: await batchCounts(url) };
  const run = await wrk({
    url: `${via?.url ?? url}${path}`,
    connections: VISITORS,
    seconds,
    script: SCRIPT,
    scriptArgs: [kind, path, String(widgetId), `${label}-${Date.now()}`],
  });
  const after = await settled(stored);
  return {
    ...run,
    before: before.rows,
    after,
    batches: batchSizes(before.batches, await batchCounts(url)),
    /** Accepted answers per second, and paid ones (donations). */
    perSecond: (run.rps * run.accepted) / run.requests,
    paidPerSecond: (run.rps * run.paid) / run.requests,
  };
}

/** `answered ≤ gained ≤ answered + unanswered` (and whatever else must hold, `also`), as its line. */
function heldAgainst(what, answered, gained, unanswered, also = true) {
  const ok = also && gained >= answered && gained <= answered + unanswered;
  return `${what} ${answered} ≤ rows gained ${gained} ≤ ${what} + ${unanswered} sent unanswered when wrk stopped: ${ok ? 'consistent' : 'MISMATCH'}`;
}

/** What a run's answers were besides the accepted ones. */
const othersOf = (run) => `other answers ${run.requests - run.accepted}; socket errors ${run.errors}`;

const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * pgbench's script for one batch as the app writes it at `batch` rows: the key reservations, the kind's own statement
 * and the stored answers, each its own transaction as in the app, rendered by the server from copies of the rows it
 * last wrote (`POST /api/dev/batch-statement`), with pgbench's variable in every e-mail and key.
 */
async function batchScript(url, kind, widgetId, batch) {
  const statements = [];
  for (const k of ['idempotency-reserve', kind, 'idempotency-answer']) {
    const res = await fetch(`${url}/api/dev/batch-statement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: k, rows: batch, unique: UNIQUE, ...(k === kind && { widget_id: widgetId }) }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`batch-statement ${k}: ${res.status} ${JSON.stringify(body)}`);
    // pgbench replaces `:name` even inside quoted literals: only our variable may be there.
    if (PGBENCH_VARIABLES.test(body.statement)) throw new Error(`the ${k} statement holds a pgbench variable`);
    statements.push(`${body.statement};\n`);
  }
  return `\\set ${UNIQUE.slice(1)} random(1, 9000000000000000)\n${statements.join('')}`;
}

/** Runs pgbench on `script`: transactions per second, and the p50 and p99 of their latencies (its log), in ms. */
function pgbench(pgUrl, script, { clients, seconds }) {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-pgbench-'));
  writeFileSync(join(dir, 'batch.sql'), script);
  const threads = Math.min(2, clients);
  const args = [
    '-n',
    '-c',
    String(clients),
    '-j',
    String(threads),
    '-T',
    String(seconds),
    '-f',
    join(dir, 'batch.sql'),
  ];
  args.push('--log', '--log-prefix', join(dir, 'tx'), pgUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(pgProgram('pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
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

/**
 * PostgreSQL's ceiling for an action, on the same server and page in the same run, after the app's run: pgbench
 * writing the app's batches (`batchScript`) at the run's average batch size, with as many actions in flight as the
 * app had visitors (clients × batch ≈ 100). `count` is the SQL that counts the kind's rows on the page: pgbench's
 * rows are held against its transactions. The outbox rows it queued and the relay has not claimed are marked sent
 * afterwards, so the app's relay does not spend the next lines sending them.
 */
async function pgbenchCeiling({ server, pgUrl, kind, widgetId, seconds, batchSize, count }) {
  const batch = Math.max(1, Math.round(batchSize));
  const clients = Math.max(1, Math.round(VISITORS / batch));
  const script = await batchScript(server.url, kind, widgetId, batch);
  const rowsBefore = Number(psql(pgUrl, count).out);
  const lastMail = Number(psql(pgUrl, 'select coalesce(max(id), 0) from outbox').out);
  const run = await pgbench(pgUrl, script, { clients, seconds });
  const written = Number(psql(pgUrl, count).out) - rowsBefore;
  // Rows the relay has claimed meanwhile are its own to finish: skipped, not waited for (waiting deadlocked with it).
  psql(
    pgUrl,
    `update outbox set status = 'sent', sent_at = now() where id in (select id from outbox
      where id > ${lastMail} and status = 'queued' order by id for update skip locked)`,
  );
  return { ...run, batch, clients, rowsPerSecond: run.tps * batch, written, ok: written === run.transactions * batch };
}

/** A run's rate: the action's own (`spec.rate`: a donation's paid answers), or its accepted answers per second. */
const rateOf = (spec, run) => (spec.rate ? spec.rate(run) : run.perSecond);

/**
 * One action's lines on one running server: a warm-up (the same load, unmeasured, its answers still checked), the
 * measured load, and on PostgreSQL, when the action has one (`count`), its pgbench. `stored()` reads what the page
 * holds; `check(run, before, after)` holds the run's answers against it. Returns the measured run.
 */
async function actionBench(spec) {
  const { server, label, seconds, rows, pgUrl, warmupSeconds = 0 } = spec;
  const measure = async (secs) => {
    const run = await actionLoad(server.url, spec, secs);
    return { run, check: spec.check(run, run.before, run.after) };
  };
  if (warmupSeconds > 0) {
    const warm = await measure(warmupSeconds);
    rows.push([
      `${label}: ${spec.name}: warm-up, the same load on the same page, ${warmupSeconds} s, not in the ratio`,
      `${rateOf(spec, warm.run).toFixed(0)}/s`,
      `p50 ${ms(warm.run.p50)} / p99 ${ms(warm.run.p99)}; ${warm.check}`,
    ]);
  }
  const { run, check } = await measure(seconds);
  const rate = rateOf(spec, run);
  const batch = run.batches[spec.kind];
  const batches = batch === undefined ? '' : `; batches of ${batch.toFixed(1)} rows on average`;
  // The ceiling is measured after the app's run, on the same server and page, once the app's mail has gone out.
  if (pgUrl && spec.count) await sleep(2000);
  const ceiling =
    pgUrl && spec.count && batch !== undefined ? await pgbenchCeiling({ ...spec, batchSize: batch }) : undefined;
  const against = ceiling
    ? `${(rate / ceiling.rowsPerSecond).toFixed(2)} of pgbench's ${ceiling.rowsPerSecond.toFixed(0)}/s in this run`
    : (spec.against?.(rate) ?? notThisRun);
  rows.push([
    `${label}: ${spec.name}, ${spec.about ? `${spec.about}, ` : ''}${VISITORS} visitors${spec.via ? ` through ${spec.via.name}` : ''}, ${seconds} s: ${spec.unit ?? 'accepted/s'}`,
    rate.toFixed(0),
    `${against}${batches}`,
  ]);
  if (ceiling)
    rows.push([
      `${label}: pgbench, the same statements, batches of ${ceiling.batch}, ${ceiling.clients} clients, ${seconds} s: rows/s`,
      ceiling.rowsPerSecond.toFixed(0),
      `${ceiling.tps.toFixed(0)} batches/s, p50 ${ceiling.p50.toFixed(1)} ms / p99 ${ceiling.p99.toFixed(1)} ms a batch (3 commits); rows written ${ceiling.written} = ${ceiling.transactions} batches × ${ceiling.batch}: ${ceiling.ok ? 'consistent' : 'MISMATCH'}`,
    ]);
  rows.push([`${label}: ${spec.name} latency p50 / p99 (wrk)`, `${ms(run.p50)} / ${ms(run.p99)}`, check]);
  return { ...run, rate };
}

/**
 * The demo sign-up form on a fresh page: entries as the export counts them against the accepted answers, and the
 * trigger-kept counter equal to the rows. Returns the accepted answers per second, which the donations are held to.
 */
export async function formSubmissionsBench(options) {
  const agent = new Agent({ keepAlive: true });
  const page = await seedFormPage(agent, options.server.url, options.label, 0);
  const { url } = options.server;
  const run = await actionBench({
    ...options,
    kind: 'form',
    name: 'form submissions',
    path: `/api/mobilizations/${page.mobilization_id}/form_entries`,
    widgetId: page.widget_id,
    async stored() {
      const counter = await json(agent, `${url}/api/widgets/${page.widget_id}/form_entries_count`);
      return { rows: (await exportedRows(agent, url, page)).rows, counter: counter.form_entries_count };
    },
    check(r, before, after) {
      const held = heldAgainst(
        'accepted',
        r.accepted,
        after.rows - before.rows,
        r.inFlight,
        after.counter === after.rows,
      );
      return `${held} (counter ${after.counter} of ${after.rows} rows; ${othersOf(r)})`;
    },
    count: `select count(*) from form_entries where widget_id = ${page.widget_id}`,
  });
  agent.destroy();
  return run;
}

/** How many rows of `table` the widget has (and match `also`, a GraphQL condition), through the admin's GraphQL. */
async function countOf(agent, url, token, table, widgetId, also = '') {
  const answer = await json(agent, `${url}/v1/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `query Stored($w: Int!) { ${table}_aggregate(where: {widget_id: {_eq: $w}, ${also}}) { aggregate { count } } }`,
      variables: { w: widgetId },
    }),
  });
  return answer.data[`${table}_aggregate`].aggregate.count;
}

/** The e-mail pressure on three targets: pressures stored against the accepted fills, three outbox rows each. */
export async function pressureBench(options) {
  const { url } = options.server;
  const setup = new Agent({ keepAlive: true });
  const { page, token } = await seedActionPage(setup, url, options.label, 'pressurePage');
  const auth = { authorization: `Bearer ${token}` };
  await actionBench({
    ...options,
    kind: 'pressure',
    name: 'e-mail pressure fills',
    about: `${page.targets} targets`,
    path: `/api/widgets/${page.widget_id}/fill`,
    widgetId: page.widget_id,
    async stored() {
      const pressures = await countOf(setup, url, token, 'activist_pressures', page.widget_id);
      const deliveries = await json(
        setup,
        `${url}/api/mobilizations/${page.mobilization_id}/widgets/${page.widget_id}/deliveries`,
        { headers: auth },
      );
      return {
        rows: pressures,
        mails: deliveries.reduce((n, d) => n + d.queued + d.sent + d.failed + d.bounced, 0),
      };
    },
    check(r, before, after) {
      const gained = after.rows - before.rows;
      const mails = after.mails - before.mails;
      const held = heldAgainst('accepted', r.accepted, gained, r.inFlight, mails === gained * page.targets);
      return `${held} (outbox rows gained ${mails}, ${page.targets} a pressure; ${othersOf(r)})`;
    },
    count: `select count(*) from activist_pressures where widget_id = ${page.widget_id}`,
  });
  setup.destroy();
}

/**
 * Sandbox card donations: R$ 50 by the sandbox's approving test card (tokenised as the browser would: no card data
 * is sent), one attempt id per donation; two commits around the provider's call. Paid rows stored against the
 * answers that said paid. Its measure is the form submissions' rate in the same run on the same engine (`formRate`):
 * issue 37 asks at least half of it.
 */
export async function donationBench(options) {
  const { url } = options.server;
  const setup = new Agent({ keepAlive: true });
  const { page, token } = await seedActionPage(setup, url, options.label, 'donationPage');
  await actionBench({
    ...options,
    kind: 'donation',
    name: 'sandbox card donations',
    unit: 'paid/s',
    path: `/api/mobilizations/${page.mobilization_id}/donations`,
    widgetId: page.widget_id,
    rate: (r) => r.paidPerSecond,
    against: (rate) =>
      options.formRate
        ? `${(rate / options.formRate).toFixed(2)} of this run's form submissions (${options.formRate.toFixed(0)}/s)`
        : notThisRun,
    stored: async () => ({
      rows: await countOf(setup, url, token, 'donations', page.widget_id, 'status: {_eq: "paid"}'),
    }),
    check: (r, before, after) =>
      `${heldAgainst('paid', r.paid, after.rows - before.rows, r.inFlight)} (accepted but not paid ${r.accepted - r.paid}; ${othersOf(r)})`,
  });
  setup.destroy();
}
