import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { mapStackFrames } from './stackMap';

/**
 * `dist/main.js`: runs the server's bundle (`dist/server.cjs`, the server and its npm dependencies in one file) with
 * V8's code cache. Without a cache, every start parses and compiles 6 MB of JavaScript again (about 0.25 s) and then
 * compiles each function it calls; with it, V8 reads back what the last start compiled. Node 20 keeps no such cache of
 * its own (`module.enableCompileCache` came in Node 22).
 *
 * The cache (`dist/server.cjs.cache`) is written by the first start that finds none, or finds it stale (another
 * bundle, another Node, other V8 flags: V8 refuses it then): CACHE_AFTER_MS after the start, so it holds the
 * functions the start and the first requests compiled, or as the process exits if that comes first. A read-only
 * install only goes without it.
 */
const CACHE_AFTER_MS = 10_000;

/**
 * How much a WebAssembly function runs before V8 recompiles it with its optimising compiler, 55 times V8's default
 * (1,800,000). PostgreSQL's start inside PGlite runs thousands of functions a few times each; at the default, each
 * of them is queued for the optimising compiler, whose threads then take both of this machine's cores for a second
 * while the server starts (a warm start took 2.1–2.7 s; 1.4–1.8 s with this budget). Functions that stay hot (a
 * query's executor, a sort) still cross it within the first seconds of load: a 200,000-row sort and a stream of
 * upserts run as fast as at the default after 2 s (`docs/bench.md`). Set before the bundle is compiled, since V8
 * keeps its code cache per set of flags.
 */
const WASM_TIERING_BUDGET = 100_000_000;
v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);

const dir = dirname(fileURLToPath(import.meta.url));
const file = join(dir, 'server.cjs');
const cacheFile = `${file}.cache`;

const cachedData = readCache();
// The wrapper Node gives every CommonJS module, on the bundle's first line: its line numbers stay as built.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
  { filename: file, cachedData },
);
if (!cachedData || script.cachedDataRejected) {
  setTimeout(writeCache, CACHE_AFTER_MS).unref();
  // A process that stops sooner (a start that is only tried, a test) writes it as it exits, unless it failed.
  process.once('exit', (code) => {
    if (code === 0) writeCache();
  });
}
// With `--enable-source-maps` (as `npm start` runs it) the bundle's stack frames name the TypeScript sources.
if (process.sourceMapsEnabled) mapStackFrames(file, `${file}.map`);
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, dir);

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

let written = false;

/** Written aside and renamed: processes that start together (WEB_PROCESSES) never read half a file. */
function writeCache() {
  if (written) return;
  written = true;
  const aside = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(aside, script.createCachedData());
    renameSync(aside, cacheFile);
  } catch {
    rmSync(aside, { force: true });
  }
}
