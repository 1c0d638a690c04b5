import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
    setHeaders: (reply, path) => reply.header('cache-control', cacheControl(path)),
  });
  for (const entry of readdirSync(webDist, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'index.html') continue;
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
  return (url: string, accept: string | undefined) => {
    if (API_PREFIXES.some((p) => url.startsWith(p))) return undefined;
    if (!accept?.includes('text/html')) return undefined;
    return indexHtml;
  };
}
