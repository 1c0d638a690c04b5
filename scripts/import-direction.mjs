#!/usr/bin/env node
// Imports between folders run one way: entry points → domains → toolkits → db (docs/architecture.md, "Import
// direction"). This lists every relative import that runs against that order, and every pair of folders that import
// each other (a circle, domains included), and fails when a workspace has more of either than it is allowed, so the
// counts can only go down.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Higher rank = nearer the entry point. A folder or top-level file not listed is a domain (rank 2). */
const WORKSPACES = [
  {
    dir: 'apps/server/src',
    allowed: 0,
    circles: 0,
    ranks: {
      app: 3,
      graphqlApi: 3,
      main: 3,
      bootstrap: 3,
      // The build's template of new embedded databases, and the tests' template databases, are made by the app.
      migratedDump: 3,
      makeTemplate: 3,
      seed: 3,
      graphql: 1,
      http: 1,
      // What counts as an action, in SQL (issue 31): below every domain that counts, beside mailing and telephony.
      actions: 1,
      mail: 1,
      mailing: 1,
      // The chat-bot toolkit (drivers, fan-out); chatbot/ (audience, enqueue, routes) is a domain.
      messaging: 1,
      telephony: 1,
      // Storage drivers, image sizes and copies; their HTTP routes are `endpoints/uploads.ts`.
      uploads: 1,
      payments: 1,
      dns: 1,
      jobs: 1,
      'rate-limit': 1,
      events: 1,
      config: 1,
      context: 1,
      db: 0,
    },
  },
  {
    dir: 'apps/web/src',
    allowed: 1,
    circles: 10,
    // shell/ is the UI toolkit (layouts, toasts, icons) the domains build on; its sidebar is the app's frame, which
    // lists domains, so it ranks with the entry points. api/ sits below the UI toolkit.
    // The sandbox banner is part of that frame too: it reads the session.
    ranks: {
      main: 3,
      App: 3,
      routes: 3,
      'shell/sidebar': 3,
      'shell/SandboxBanner.tsx': 3,
      shell: 1.5,
      api: 1,
      i18n: 1,
    },
  },
];

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

let failed = false;
for (const ws of WORKSPACES) {
  const base = join(root, ws.dir);
  // Top-level files are named without their extension, as import specifiers name them.
  const top = (file) =>
    relative(base, file)
      .split(/[\\/]/)[0]
      .replace(/\.tsx?$/, '');
  const twoLevels = (file) => relative(base, file).split(/[\\/]/).slice(0, 2).join('/');
  const rank = (file) => ws.ranks[twoLevels(file)] ?? ws.ranks[top(file)] ?? 2;
  const against = [];
  /** Folder → the folders it imports (top-level files count as folders of their own). */
  const edges = new Map();
  for (const file of sources(base)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), spec);
      if (top(target) === top(file) || relative(base, target).startsWith('..')) continue;
      if (rank(target) > rank(file)) against.push(`${relative(root, file)} → ${relative(root, target)}`);
      if (!edges.has(top(file))) edges.set(top(file), new Set());
      edges.get(top(file)).add(top(target));
    }
  }
  const circles = [...edges]
    .flatMap(([from, targets]) =>
      [...targets].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} ↔ ${to}`),
    )
    .sort();
  const verdict = against.length > ws.allowed ? 'too many' : 'ok';
  console.log(`${ws.dir}: ${against.length} import(s) against the direction (allowed ${ws.allowed}): ${verdict}`);
  for (const line of against) console.log(`  ${line}`);
  if (against.length > ws.allowed) failed = true;
  const round = circles.length > ws.circles ? 'too many' : 'ok';
  console.log(`${ws.dir}: ${circles.length} circle(s) between folders (allowed ${ws.circles}): ${round}`);
  for (const line of circles) console.log(`  ${line}`);
  if (circles.length > ws.circles) failed = true;
}
process.exit(failed ? 1 : 0);
