import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from './freshness.mjs';
import { mustRun } from './run.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm install)…');
  await mustRun(npm, ['install', '--no-audit', '--no-fund'], { cwd: root });
}

/** Builds the admin app and the server bundle, each only when its sources changed since the last build. */
export async function ensureBuilt(root) {
  const core = join(root, 'packages/core');
  const widgets = join(root, 'packages/widgets');
  const web = join(root, 'apps/web');
  const server = join(root, 'apps/server');
  if (isStale(join(web, 'dist/index.html'), [core, widgets, web])) {
    console.log('Building the admin app…');
    await mustRun(npm, ['run', 'build', '-w', '@mutirao/web'], { cwd: root });
  }
  if (isStale(join(server, 'dist/main.js'), [core, widgets, join(server, 'src'), join(server, 'build.mjs')])) {
    console.log('Building the server…');
    await mustRun(npm, ['run', 'build', '-w', '@mutirao/server'], { cwd: root });
  }
}
