// `npm run import:bonde -- --from postgres://… [--apply]`: reads a Bonde database into ours (see the README's "Moving
// from Bonde"). Builds the server when needed, then runs its import command with the arguments given.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/import-bonde.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
