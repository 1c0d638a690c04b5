import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { EMBED_BASE_MARKER } from '@mutirao/widgets/embed';
import { ISLANDS_PREFIX, type IslandBundle } from '../public/islands';

/**
 * What another site's page loads to show an action widget (issue 35): the loader at the fixed address /embed.js, and
 * one embed bundle per island kind (`packages/widgets/build-islands.mjs`), content-hashed under /_mz/ like the page's
 * bundle, so a site that embeds a form loads the form's code alone.
 */
export interface EmbedBundles {
  /** The loader, the server's configured address written over its marker. */
  loader: { code: Buffer; gzip: Buffer };
  /** By island name. */
  islands: Record<string, IslandBundle>;
}

/** The address the loader's embed bundles and API calls use: the server's own, from configuration. */
const withBase = (code: Buffer, base: string) => {
  // The marker sits inside a string literal: the address goes in JSON-escaped, without its quotes.
  const text = code.toString('utf8').replaceAll(EMBED_BASE_MARKER, JSON.stringify(base).slice(1, -1));
  const out = Buffer.from(text, 'utf8');
  return { code: out, gzip: gzipSync(out, { level: 9 }) };
};

const pack = (file: string, code: Buffer): IslandBundle => ({
  src: `${ISLANDS_PREFIX}${file}`,
  code,
  gzip: gzipSync(code, { level: 9 }),
});

/** dist/islands/ beside the server bundle, when `npm run build` made the embed bundles. */
function fromBuild(base: string): EmbedBundles | undefined {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'islands');
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  const { embeds, loader } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    embeds?: Record<string, string>;
    loader?: string;
  };
  if (!embeds || !loader || !existsSync(join(dir, loader))) return undefined;
  const islands: Record<string, IslandBundle> = {};
  for (const [name, file] of Object.entries(embeds)) {
    if (existsSync(join(dir, file))) islands[name] = pack(file, readFileSync(join(dir, file)));
  }
  return { loader: withBase(readFileSync(join(dir, loader)), base), islands };
}

/** Running from TypeScript sources (tests, `npm run dev`): built now, in memory, from the current sources. */
async function fromSources(base: string): Promise<EmbedBundles> {
  const { buildEmbedIslands, buildEmbedLoader } = await import('@mutirao/widgets/build-islands');
  const [built, loader] = await Promise.all([buildEmbedIslands(), buildEmbedLoader()]);
  const islands = Object.fromEntries(
    Object.entries(built).map(([name, b]) => [name, pack(`embed-${name}-${b.hash}.js`, b.code)]),
  );
  return { loader: withBase(loader.code, base), islands };
}

/**
 * The embed bundles, read or built on first use (a server from sources builds them only when an embed is asked
 * for, so tests that never embed do not pay for five builds). Undefined in a built server without them.
 */
export function embedBundles(base: string, production: boolean): () => Promise<EmbedBundles | undefined> {
  let loading: Promise<EmbedBundles | undefined> | undefined;
  const sources = fileURLToPath(import.meta.url).endsWith('.ts');
  return () => {
    loading ??= (async () => {
      const built = sources ? undefined : fromBuild(base);
      if (built || production || !sources) return built;
      return fromSources(base);
    })();
    return loading;
  };
}
