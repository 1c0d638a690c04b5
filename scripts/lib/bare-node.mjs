// A second ceiling beside nginx for the public page: Node's own `http` module answering the very same bytes with the
// same headers, from as many processes as the app serves with (Node's cluster, as WEB_PROCESSES does). The app
// cannot be faster than this; the gap between this line and nginx is Node's HTTP stack, not the app.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER = `
const cluster = require('node:cluster');
const http = require('node:http');
const { processes, port, headers, body } = JSON.parse(process.env.BARE_NODE);
const bytes = Buffer.from(body, 'base64');
if (cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  let ready = 0;
  cluster.on('listening', () => { if (++ready === processes) process.send?.('ready'); });
} else {
  http.createServer((req, res) => {
    res.writeHead(200, { ...headers, 'content-length': bytes.length });
    res.end(bytes);
  }).listen(port, '127.0.0.1');
}
`;

/** The app's answer for `path` on `host`, gzip accepted: its raw bytes and the headers worth copying. */
export function answerOf(baseUrl, host, path) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { host, accept: 'text/html', 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers = { ...res.headers };
        for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
          delete headers[name];
        resolve({ body: Buffer.concat(chunks), headers });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Starts the bare server on `port` with `processes` processes; resolves once all listen. */
export function startBareNode({ port, processes, body, headers }) {
  // A file, not \`node -e\`: the cluster forks its processes from the script's path.
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-bare-node-'));
  writeFileSync(join(dir, 'server.cjs'), SERVER);
  const child = spawn(process.execPath, [join(dir, 'server.cjs')], {
    env: { ...process.env, BARE_NODE: JSON.stringify({ processes, port, headers, body: body.toString('base64') }) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare node server exited (${code})`)));
    child.once('message', () =>
      resolve({
        url: `http://127.0.0.1:${port}/`,
        stop: () => {
          child.kill('SIGTERM');
          rmSync(dir, { recursive: true, force: true });
        },
      }),
    );
  });
}
