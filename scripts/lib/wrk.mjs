// HTTP load from `wrk` (Debian's package), a generator written in C that outruns both our server and nginx on this
// machine, so the figures are the servers' own. Every load line uses it: a Node client (autocannon, once) shares the
// cores with the server it measures and saturates first. A body is posted by a Lua script (wrk-actions.lua,
// wrk-request.lua).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const WRK = '/usr/bin/wrk';

/** wrk's path, installing Debian's package first when it is missing and we may (root); undefined otherwise. */
export function ensureWrk() {
  if (existsSync(WRK)) return WRK;
  if (process.getuid?.() === 0) {
    console.error('wrk is missing: apt-get install wrk');
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' });
  }
  return existsSync(WRK) ? WRK : undefined;
}

/** '1.23ms', '850.00us', '1.02s' → milliseconds. */
const ms = (text) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
};

/** Reads wrk's report: requests/s, p50/p90/p99 in ms, socket errors and non-2xx/3xx answers. */
export function parseWrk(output) {
  const latency = (q) => ms(new RegExp(`^\\s+${q}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const read = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(output);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    requests,
    /** Bytes per answer, headers included: the same page from two servers must weigh about the same. */
    bytesPerAnswer: read
      ? (Number(read[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[read[2]]) / requests
      : Number.NaN,
    p50: latency(50),
    p90: latency(90),
    p99: latency(99),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    /** What a script's `done` reported as accepted (scripts/lib/wrk-actions.lua); NaN without one. */
    accepted: Number(/^Accepted: (\d+)$/m.exec(output)?.[1] ?? Number.NaN),
    /** Of those, the donations whose answer said they were paid (scripts/lib/wrk-actions.lua). */
    paid: Number(/^Paid: (\d+)$/m.exec(output)?.[1] ?? Number.NaN),
    /** Requests a script sent that wrk stopped before their answer came (scripts/lib/wrk-actions.lua). */
    inFlight: Number(/^In flight: (\d+)$/m.exec(output)?.[1] ?? Number.NaN),
  };
}

/**
 * `wrk --latency` against one URL: `connections` kept alive over 2 threads (the machine's cores) for `seconds`, with
 * the given headers, and a Lua `script` given `scriptArgs` when one builds the requests. Resolves with `parseWrk`'s
 * figures.
 */
export function wrk({ url, connections = 100, seconds = 10, headers = {}, threads = 2, script, scriptArgs = [] }) {
  const bin = ensureWrk();
  if (!bin) throw new Error('wrk is not installed (apt-get install wrk)');
  // wrk leaves an answer slower than its timeout (2 s by default) out of the latencies and counts it as an error: a
  // timeout longer than any run keeps every answer in the p99.
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '60s'];
  // wrk adds its own `Host` unless one is spelled exactly so: a lower-case `host` would make two, and nginx answers
  // 400 to that while Node takes the first (wrk's own, the address), which is the admin app, not the page.
  for (const [name, value] of Object.entries(headers))
    args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
  if (script) args.push('-s', script);
  args.push(url);
  if (script) args.push('--', ...scriptArgs);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
}

/** A rate with its latency, for one bench line: '25,900/s', 'p50 3.1 ms, p99 12 ms'. */
export const rateCells = (r) => [
  `${Math.round(r.rps).toLocaleString('en')}/s`,
  `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${(r.bytesPerAnswer / 1024).toFixed(1)} kB an answer${r.errors + r.non2xx ? `; ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`,
];
