// Builds the public pages' island bundle: the interactive widgets, hydrated in the visitor's browser.
// Used by the server's build (apps/server/build.mjs) and, when no build is there, by the server itself in development.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const catalogueFile = /[\\/]core[\\/]src[\\/]i18n[\\/](pt-BR|es|en)\.ts$/;

/**
 * The catalogues are not bundled: every language's every message would outweigh the widgets. The page embeds the
 * sections its islands use, in its own language (`islands/embed.ts`), and this module stands in for each catalogue.
 */
const embeddedCatalogues = {
  name: 'embedded-catalogues',
  setup(b) {
    b.onLoad({ filter: catalogueFile }, () => ({
      loader: 'js',
      contents: `const el = typeof document === 'undefined' ? null : document.getElementById('mz-messages');
const messages = el ? JSON.parse(el.textContent || '{}') : {};
export const ptBR = messages, es = messages, en = messages;`,
    }));
  },
};

/**
 * In an embed bundle the catalogues are empty objects, one per language: the kind's widget brings its messages with
 * it (the embed endpoint's answer) and `islands/embedIsland.tsx` fills the right language's object before rendering.
 */
const emptyCatalogues = {
  name: 'empty-catalogues',
  setup(b) {
    b.onLoad({ filter: catalogueFile }, () => ({
      loader: 'js',
      contents: 'export const ptBR = {}, es = {}, en = {};',
    }));
  },
};

/**
 * The islands import core through its zod-free subpaths (`@mutirao/core/i18n`, `/richtext`, `/widgets/formRules`,
 * ...), never its index, whose schemas would bring zod: four fifths of the file for code no visitor runs. An import
 * that reaches zod fails the build instead of growing the bundle.
 */
const noZod = {
  name: 'no-zod',
  setup(b) {
    b.onResolve({ filter: /^zod(\/.*)?$/ }, (args) => ({
      errors: [
        {
          text: `zod is not part of the public bundle (imported by ${args.importer}): import core's zod-free subpaths`,
        },
      ],
    }));
  },
};

/**
 * The table of islands, derived rather than kept: every `src/<name>/island.ts` (an interactive kind's component,
 * exported as `component`) is imported statically under its folder's name, so tree-shaking keeps only what those
 * components use. `registry.test.tsx` checks that each registry island has its file.
 */
const islandTable = {
  name: 'island-table',
  setup(b) {
    b.onResolve({ filter: /^mz:islands$/ }, () => ({ path: 'islands', namespace: 'island-table' }));
    b.onLoad({ filter: /.*/, namespace: 'island-table' }, () => {
      const names = readdirSync(join(here, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(here, 'src', entry.name, 'island.ts')))
        .map((entry) => entry.name)
        .sort();
      const imports = names.map((name, i) => `import { component as c${i} } from './src/${name}/island.ts';`);
      const table = names.map((name, i) => `${JSON.stringify(name)}: c${i}`).join(', ');
      return {
        loader: 'js',
        resolveDir: here,
        contents: `${imports.join('\n')}\nexport const ISLANDS = { ${table} };`,
      };
    });
  },
};

/** One island kind's component, as `mz:island`, for that kind's embed bundle. */
const oneIsland = (name) => ({
  name: 'one-island',
  setup(b) {
    b.onResolve({ filter: /^mz:island$/ }, () => ({ path: join(here, 'src', name, 'island.ts') }));
  },
});

/** The island kinds that can be embedded on another site (`islands/embedProtocol.ts`'s EMBEDDABLE_KINDS). */
export const EMBED_ISLANDS = ['form', 'pressure', 'pressure-phone', 'donation'];

const common = {
  bundle: true,
  write: false,
  absWorkingDir: here,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  jsx: 'automatic',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

const packed = (code, metafile) => ({
  metafile,
  code: Buffer.from(code),
  hash: createHash('sha256').update(code).digest('base64url').slice(0, 12),
  bytes: code.length,
  gzipBytes: gzipSync(code, { level: 9 }).length,
});

/**
 * The embed bundles, one per embeddable island kind, so a site that embeds a form loads the form alone: each is
 * `islands/embedIsland.tsx` over that kind's component, with the messages coming from the embed endpoint. By name.
 */
export async function buildEmbedIslands({ metafile = false } = {}) {
  const bundles = {};
  for (const name of EMBED_ISLANDS) {
    const result = await build({
      ...common,
      entryPoints: [join(here, 'src/islands/embedIsland.tsx')],
      define: { ...common.define, ISLAND_NAME: JSON.stringify(name) },
      plugins: [emptyCatalogues, noZod, oneIsland(name)],
      metafile,
    });
    bundles[name] = packed(result.outputFiles[0].contents, result.metafile);
  }
  return bundles;
}

/**
 * The embed loader (`islands/loader.ts`), served at /embed.js: it carries `EMBED_BASE_MARKER`, which the server
 * replaces with its configured address.
 */
export async function buildEmbedLoader() {
  const result = await build({ ...common, entryPoints: [join(here, 'src/islands/loader.ts')], plugins: [noZod] });
  return packed(result.outputFiles[0].contents);
}

/**
 * Builds the bundle in memory. React is aliased to preact/compat: the same components, a tenth of the bytes.
 * Returns the code, its content hash (for the file name and the long cache) and its sizes.
 */
export async function buildIslands({ metafile = false } = {}) {
  const result = await build({
    entryPoints: [join(here, 'src/islands/client.tsx')],
    bundle: true,
    write: false,
    absWorkingDir: here,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [embeddedCatalogues, noZod, islandTable],
    logLevel: 'warning',
    metafile,
  });
  const code = result.outputFiles[0].contents;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 12);
  return {
    metafile: result.metafile,
    code: Buffer.from(code),
    hash,
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

// `node build-islands.mjs`: prints the sizes, for the bench doc.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { hash, bytes, gzipBytes } = await buildIslands();
  console.log(`islands-${hash}.js: ${(bytes / 1024).toFixed(1)} kB, ${(gzipBytes / 1024).toFixed(1)} kB gzipped`);
}
