// `npm run dev`: the API with restart-on-change (tsx watch) and the admin app with hot reload (Vite).
// Open http://localhost:${PORT:-3000}; Vite proxies /api, /v1 and /uploads to the API on PORT+1.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureInstalled(root);

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(apiPort),
      APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    },
  }),
  spawn(bin('vite'), ['--port', String(port), '--strictPort'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: String(apiPort) },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
