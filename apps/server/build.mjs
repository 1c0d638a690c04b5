// Bundles the server (and the workspace packages it imports) into dist/main.js, and its database commands into
// dist/cli.js; npm dependencies stay external. Then it makes the template of new embedded databases
// (dist/pglite-template.tar.gz, see src/db/template.ts) when the migrations changed.
// Also builds the public pages' island bundle into dist/islands/ (see packages/widgets/build-islands.mjs).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildIslands } from '@mutirao/widgets/build-islands';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mutirao/'));

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', template: 'src/makeTemplate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The island builder (and esbuild with it) is loaded only when no island bundle was built: left out of the bundle,
  // its import stays dynamic, so a start never loads esbuild.
  external: [...external, 'esbuild', '@mutirao/widgets/build-islands'],
  // React is bundled (through the widgets) and picks its build by NODE_ENV at run time: fixed to production here, so
  // the bundle holds React's production server renderer only (0.9 MB less to load at every start) and `npm start`
  // renders pages as production does. The tests run the sources, with React's development checks.
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

await import(new URL('./dist/template.js', import.meta.url).href);

const islands = await buildIslands();
const dir = new URL('./dist/islands/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const old of readdirSync(dir)) rmSync(new URL(old, dir));
const file = `islands-${islands.hash}.js`;
writeFileSync(new URL(file, dir), islands.code);
writeFileSync(
  new URL('manifest.json', dir),
  `${JSON.stringify({ file, bytes: islands.bytes, gzipBytes: islands.gzipBytes })}\n`,
);
console.log(`Public island bundle: ${file}, ${(islands.gzipBytes / 1024).toFixed(1)} kB gzipped`);
