// Bundles the server, its workspace packages and its npm dependencies into dist/server.cjs, which dist/main.js runs
// with V8's code cache (src/load.ts); its database commands go into dist/cli.js, with npm dependencies left external.
// Then it makes the template of new embedded databases (dist/pglite-template.tar.gz, see src/db/template.ts) when the
// migrations changed. Also builds the public pages' island bundle, the embed bundles and the embed loader into
// dist/islands/ (see packages/widgets/build-islands.mjs).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildEmbedIslands, buildEmbedLoader, buildIslands } from '@mutirao/widgets/build-islands';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mutirao/'));
// What the server's bundle leaves to node_modules: PGlite finds its WebAssembly and data files beside its own
// modules; argon2 and sharp are native; nodemailer, sharp and the AWS SDK are imported only when used; the island
// builder (and esbuild with it) only when no island bundle was built, so a start never loads esbuild.
const outside = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'nodemailer',
  '@aws-sdk/*',
  'pg-native',
  'esbuild',
];

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // React is bundled (through the widgets) and picks its build by NODE_ENV at run time: fixed to production here, so
  // the bundle holds React's production server renderer only (0.9 MB less to load at every start) and `npm start`
  // renders pages as production does. The tests run the sources, with React's development checks.
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: {
    main: 'src/load.ts',
    cli: 'src/cli.ts',
    'import-bonde': 'src/import/bonde/cli.ts',
    template: 'src/makeTemplate.ts',
  },
  outdir: 'dist',
  format: 'esm',
  external: [...external, 'esbuild', '@mutirao/widgets/build-islands'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// CommonJS, because only a script (not an ES module) can be given a code cache in Node 20; `import.meta` becomes
// what the loader passes in. What the bundle imports lazily (nodemailer, sharp, the AWS SDK) is required instead,
// since a script's own `import()` needs Node's experimental VM modules.
await build({
  ...common,
  entryPoints: { server: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  supported: { 'dynamic-import': false },
  external: [...outside, '@mutirao/widgets/build-islands'],
  define: { ...common.define, 'import.meta.url': '__importMetaUrl', 'import.meta.dirname': '__dirname' },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
rmSync(new URL('./dist/server.cjs.cache', import.meta.url), { force: true });

await import(new URL('./dist/template.js', import.meta.url).href);

const islands = await buildIslands();
const dir = new URL('./dist/islands/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const old of readdirSync(dir)) rmSync(new URL(old, dir));
const file = `islands-${islands.hash}.js`;
writeFileSync(new URL(file, dir), islands.code);
// The embed bundles, one per embeddable kind, and the loader served at /embed.js (issue 35; src/embeds/bundles.ts).
const embeds = {};
for (const [name, bundle] of Object.entries(await buildEmbedIslands())) {
  embeds[name] = `embed-${name}-${bundle.hash}.js`;
  writeFileSync(new URL(embeds[name], dir), bundle.code);
}
const loader = 'embed-loader.js';
writeFileSync(new URL(loader, dir), (await buildEmbedLoader()).code);
writeFileSync(
  new URL('manifest.json', dir),
  `${JSON.stringify({ file, bytes: islands.bytes, gzipBytes: islands.gzipBytes, embeds, loader })}\n`,
);
console.log(`Public island bundle: ${file}, ${(islands.gzipBytes / 1024).toFixed(1)} kB gzipped`);
