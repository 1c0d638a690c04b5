import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed } from '../http/typed';

/** The public pages' island bundle (`packages/widgets/build-islands.mjs`), ready to serve. */
export interface IslandBundle {
  /** `/_mz/islands-{hash}.js`: the content hash makes the address change with the code, so it is cached for good. */
  src: string;
  code: Buffer;
  gzip: Buffer;
}

export const ISLANDS_PREFIX = '/_mz/';

/** dist/islands/manifest.json beside the server bundle (dist/main.js), when it was built (`npm run build`). */
function findBuilt(): { file: string; dir: string } | undefined {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'islands');
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  const { file } = JSON.parse(readFileSync(manifest, 'utf8')) as { file: string };
  return { file, dir };
}

/** Running from TypeScript sources (tests, `npm run dev`): the bundle is built from the current sources. */
const fromSources = () => fileURLToPath(import.meta.url).endsWith('.ts');

const pack = (hash: string, code: Buffer): IslandBundle => ({
  src: `${ISLANDS_PREFIX}islands-${hash}.js`,
  code,
  gzip: gzipSync(code, { level: 9 }),
});

/**
 * The built bundle; or, running from sources (tests, `npm run dev`), one built now in memory with esbuild. A built
 * server never builds one itself (`npm run build` puts it beside the server): without it pages are served without
 * hydration.
 */
export async function loadIslandBundle(production: boolean): Promise<IslandBundle | undefined> {
  const built = fromSources() ? undefined : findBuilt();
  if (built) {
    const hash = /^islands-([\w-]+)\.js$/.exec(built.file)?.[1];
    const path = join(built.dir, built.file);
    if (hash && existsSync(path)) return pack(hash, readFileSync(path));
  }
  if (production || !fromSources()) return undefined;
  const { buildIslands } = await import('@mutirao/widgets/build-islands');
  const { code, hash } = await buildIslands();
  return pack(hash, code);
}

/**
 * Serves the bundle at its hashed address, gzipped when the browser accepts it, cached for a year; `more` finds the
 * other bundles served there (the embed bundles, `embeds/bundles.ts`).
 */
export function islandRoutes(
  app: FastifyInstance,
  bundle: IslandBundle | undefined,
  more?: (src: string) => Promise<IslandBundle | undefined>,
) {
  const params = z.object({ file: z.string() });
  typed(app).get(`${ISLANDS_PREFIX}:file`, { schema: { params } }, async (request, reply) => {
    const src = `${ISLANDS_PREFIX}${request.params.file}`;
    const found = bundle && src === bundle.src ? bundle : await more?.(src);
    if (!found) return reply.status(404).send();
    reply.headers({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    });
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(found.gzip);
    }
    return reply.send(found.code);
  });
}
