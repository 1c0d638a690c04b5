// `npm run db:backup` and `npm run db:restore [FILE]`: the embedded database's snapshots (see the README).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureInstalled } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);
await ensureBuilt(root);
const result = spawnSync(process.execPath, [join(root, 'apps/server/dist/cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
