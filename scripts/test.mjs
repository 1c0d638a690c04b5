// `npm test`: every suite, ending with one line "N passed, N failed".
//  1. unit tests of packages/core, packages/widgets and apps/web;
//  2. the API suite on the embedded database (PGlite);
//  3. the same API suite on a real PostgreSQL (TEST_DATABASE_URL, or a throwaway server when PostgreSQL is installed),
//     under another Node.js when SERVER_NODE names one (CI: Node 22 LTS beside the machine's Node 20);
//  4. browser journeys in Chromium (/usr/bin/chromium) against the built app.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';
import { postgresInstalled, startThrowawayPostgres } from './lib/postgres.mjs';
import { run } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'mutirao-reports-'));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
// The failed tests by name, printed again just above the last line, so the end of a long log says what failed.
const failures = [];
// CI sets this: a suite that cannot run (no PostgreSQL, no Chromium) is then a failure, not a note.
const requireAll = process.env.REQUIRE_ALL_SUITES === '1';

/** A suite that did not run: a note on a developer's machine, a failure where every suite must run. */
function skipped(note) {
  notes.push(note);
  if (requireAll) totals.failed += 1;
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs one Vitest suite. `node` is the Node.js binary to run it under (its workers too: Vitest forks with the binary
 * that runs it); the default is the one running `npm test`.
 */
async function vitest(name, dir, env = {}, node = process.execPath) {
  console.log(`\n▶ ${name}`);
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    node,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      dir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
    },
  );
  if (!existsSync(out)) {
    totals.failed += 1;
    notes.push(`${name}: the runner crashed (exit ${code})`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${name}: ${relative(root, file.name)} › ${test.fullName}`);
  if (code !== 0 && r.numFailedTests === 0) notes.push(`${name}: exited with ${code} (a file failed to load?)`);
}

/**
 * Runs one Playwright pass: the journeys against the one embedded-database process (playwright.config.ts), or the
 * deployment pass (topology.config.ts: Caddy, two web processes and a worker on a throwaway PostgreSQL).
 */
async function playwright(name, config, env = {}) {
  console.log(`\n▶ ${name}`);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    skipped(`${name} skipped: no Chromium at ${chromium} (apt-get install chromium)`);
    return;
  }
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(bin('playwright'), ['test', '--config', join(root, 'e2e', config), '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORT: String(await freePort()),
      // PowerDNS, the resolver the app's name-server check asks and the journeys' stand-in for a registrar.
      E2E_DNS_PORT: String(await freePort()),
      E2E_DNS_API_PORT: String(await freePort()),
      ...env,
    },
  });
  if (!existsSync(out)) {
    totals.failed += 1;
    notes.push(`${name}: the runner crashed (exit ${code})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const { stats } = report;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  totals.skipped += stats.skipped;
}

await ensureInstalled(root);
await ensureBuilt(root);

await vitest('core unit tests', 'packages/core');
await vitest('widgets unit tests', 'packages/widgets');
await vitest('admin app unit tests', 'apps/web');
await vitest('API on PGlite', 'apps/server');

let pgServer;
let pgFailed = false;
let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  try {
    pgServer = startThrowawayPostgres(await freePort());
    pgUrl = pgServer?.url;
  } catch (error) {
    // PostgreSQL is installed but would not start: that is a broken run, not a missing optional part.
    notes.push(`could not start PostgreSQL: ${error.message}`);
    totals.failed += 1;
    pgFailed = true;
  }
}
// SERVER_NODE: the PostgreSQL pass runs under that Node.js (CI gives Node 22 LTS, so the server runs on both).
const serverNode = process.env.SERVER_NODE;
let serverNodeVersion;
if (serverNode) {
  try {
    serverNodeVersion = execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim();
  } catch (error) {
    notes.push(`SERVER_NODE=${serverNode} does not run: ${error.message}`);
    totals.failed += 1;
  }
}
try {
  if (pgUrl && serverNode && !serverNodeVersion) notes.push('API suite on PostgreSQL not run: no working SERVER_NODE');
  else if (pgUrl)
    await vitest(
      serverNodeVersion ? `API on PostgreSQL (Node ${serverNodeVersion})` : 'API on PostgreSQL',
      'apps/server',
      { TEST_DATABASE_URL: pgUrl },
      serverNode ?? process.execPath,
    );
  else if (!pgFailed) skipped('API suite on PostgreSQL skipped: install postgresql or set TEST_DATABASE_URL');
} finally {
  pgServer?.stop();
}

// With PostgreSQL installed, the form, pressure, phone and donation journeys run through the deployment pass instead
// of the embedded one (e2e/browser.ts lists them), so each runs once.
const topology = postgresInstalled() && existsSync('/usr/bin/caddy');
if (process.env.SKIP_E2E === '1') skipped('browser journeys skipped (SKIP_E2E=1)');
else {
  await playwright('browser journeys (Chromium)', 'playwright.config.ts', {
    E2E_JOURNEYS_IN_TOPOLOGY: topology ? '1' : '0',
  });
  if (topology) await playwright('deployment: Caddy, two web processes and a worker', 'topology.config.ts');
  else skipped('deployment journeys skipped: install postgresql and caddy');
}

console.log('');
for (const note of notes) console.log(`note: ${note}`);
for (const failure of failures) console.log(`failed: ${failure}`);
if (totals.skipped) console.log(`note: ${totals.skipped} tests skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
