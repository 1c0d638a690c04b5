import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** apps/web/dist, found from this file whether it runs from sources or from the bundle. */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const API_PREFIXES = ['/api/', '/v1/', '/uploads/'];

/**
 * Serves the built admin app. Every other GET that wants HTML gets index.html, so the app's client routes
 * (`/mobilizations/1/edit`) load directly; the app itself shows its not-found page for unknown paths.
 */
export async function serveAdminApp(
  app: FastifyInstance,
  webDist: string | undefined,
  settings: { publicHost?: string; embedBase?: string } = {},
) {
  if (!webDist) return undefined;
  // The hashed bundles under one wildcard route (a route per file cost a start 0.1 s for the app's 300 files); the
  // few files beside index.html each get their own.
  const cacheControl = (path: string) =>
    path.startsWith(join(webDist, 'assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
  await app.register(fastifyStatic, {
    root: join(webDist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts); the one the browser accepts
    // is sent, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders: (reply, path) => reply.header('cache-control', cacheControl(path)),
  });
  for (const entry of readdirSync(webDist, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'index.html' || /\.(br|gz)$/.test(entry.name)) continue;
    app.get(`/${entry.name}`, (_request, reply) => reply.sendFile(entry.name, webDist));
  }
  // The app learns where public pages live from the page itself, so it needs no extra request at start.
  const publicHostMeta = settings.publicHost
    ? `<meta name="mutirao:public-host" content="${settings.publicHost.replace(/[^a-z0-9.-]/gi, '')}" />`
    : '';
  // And where the embed loader is served (APP_URL), for the snippet of the widgets' 'Incorporar' tab.
  const embedBaseMeta = settings.embedBase
    ? `<meta name="mutirao:embed-base" content="${settings.embedBase.replace(/["<>&\s]/g, '')}" />`
    : '';
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8').replace(
    '</head>',
    `${publicHostMeta}${embedBaseMeta}</head>`,
  );
  const encoded = {
    br: brotliCompressSync(indexHtml, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(indexHtml, { level: 9 }),
  };
  return (url: string, accept: string | undefined, acceptEncoding = ''): AdminPage | undefined => {
    if (API_PREFIXES.some((p) => url.startsWith(p))) return undefined;
    if (!accept?.includes('text/html')) return undefined;
    const encoding = preferredEncoding(acceptEncoding);
    return encoding ? { body: encoded[encoding], encoding } : { body: indexHtml };
  };
}

/** index.html as a client route gets it: compressed when the browser accepts brotli or gzip. */
export interface AdminPage {
  body: string | Buffer;
  encoding?: 'br' | 'gzip';
}

/** Sends index.html for a client route: never kept by caches without asking, and encoded as the browser accepts. */
export function sendAdminPage(reply: FastifyReply, page: AdminPage) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (page.encoding) reply.header('content-encoding', page.encoding);
  return reply.send(page.body);
}

/** brotli, else gzip, when `Accept-Encoding` accepts it (a `;q=0` refuses). */
function preferredEncoding(header: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
