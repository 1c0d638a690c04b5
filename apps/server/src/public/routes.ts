import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { type Locale, translate } from '@mutirao/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminBaseUrl, publicPageUrl } from '../config';
import type { AppContext } from '../context';
import { commonSecurityHeaders, PUBLIC_PAGE_POLICY } from '../http/headers';
import { escapeHtml } from '../http/html';
import { localeOf } from '../http/locale';
import { publicDocument } from './document';
import { type HostRules, publicSiteOf } from './hosts';
import { HostLookups, loadPublicPage, PageCache, type PublicPageData, packPage, type RenderedPage } from './pages';

/** What the widgets package gives the server for one page. */
export interface RenderedBody {
  body: string;
  css: string;
  script: string;
  /** The island bundle's tags, for a page with interactive widgets (empty otherwise). */
  islands: string;
  /** More tags for <head>, if the page needs any. */
  head?: string;
}
export type PageRenderer = (page: PublicPageData) => RenderedBody;

/** Where the consent notice under every action widget links (`ConsentNote`): a visitor's own data requests. */
export const PRIVACY_PATH = '/seus-dados';

/**
 * Visitor actions, uploaded images, font files, the island bundles and the embed loader are served on public hosts by
 * their own routes.
 */
const PASS_THROUGH = ['/api/', '/uploads/', '/_fonts/', '/_mz/', '/embed.js'];

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Browsers and proxies check back each time; an unchanged page answers 304 from its ETag.
  'cache-control': 'public, max-age=0, must-revalidate',
  'content-security-policy': PUBLIC_PAGE_POLICY,
  vary: 'accept-encoding',
};

/** A small, self-contained 404 page in the visitor's language: no admin app, no script. */
export function notFoundDocument(locale: Locale): string {
  const title = escapeHtml(translate(locale, 'publicPage.notFoundTitle'));
  const text = escapeHtml(translate(locale, 'publicPage.notFoundText'));
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${title}</title>` +
    '<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;' +
    'color:#222;background:#f5f5f5}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:2rem}</style>' +
    `</head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`
  );
}

type AnswerKind = '304' | 'gzip' | 'identity';

/** A cached page's answer to one request: 304 when the browser has it, else gzip when it accepts it. Node itself
 * leaves the body out of an answer to HEAD. */
function pageAnswer(page: RenderedPage, headers: IncomingHttpHeaders) {
  if (headers['if-none-match'] === page.etag) return { status: 304, kind: '304' as AnswerKind, body: undefined };
  const gzip = /\bgzip\b/.test(String(headers['accept-encoding'] ?? ''));
  return gzip
    ? { status: 200, kind: 'gzip' as AnswerKind, body: page.gzip }
    : { status: 200, kind: 'identity' as AnswerKind, body: page.html };
}

/** The headers of one kind of answer that are the page's own: its ETag, and for a body its length and encoding. */
function answerHeaders(page: RenderedPage, kind: AnswerKind): Record<string, string> {
  if (kind === '304') return { etag: page.etag };
  const body = kind === 'gzip' ? page.gzip : page.html;
  return {
    etag: page.etag,
    'content-length': String(body.length),
    ...(kind === 'gzip' && { 'content-encoding': 'gzip' }),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const answer = pageAnswer(page, request.headers);
  return reply
    .status(answer.status)
    .headers({ ...PAGE_HEADERS, ...answerHeaders(page, answer.kind) })
    .send(answer.body);
}

/** Answers a request from memory alone, before Fastify sees it; false when it cannot (the caller then passes it on). */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** How many answers each app's fast path gave (tests read it to know which path answered). */
export const answeredFromMemory = new WeakMap<FastifyInstance, { count: number }>();

/**
 * Public pages, chosen by host: `{slug}.{PUBLIC_HOST}` or a custom domain. They are rendered on the server and
 * cached per mobilization version. The admin's session cookie is host-only, so it never reaches these hosts,
 * and nothing here reads or sets a cookie. API calls (visitor actions) and font files pass through to their routes.
 */
export async function publicPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  render: PageRenderer,
  onAnswer?: (method: string, status: number, ms: number) => void,
): Promise<FastPath> {
  const rules: HostRules = {
    publicHost: ctx.config.publicHost,
    adminHost: ctx.config.appUrl ? new URL(ctx.config.appUrl).hostname.toLowerCase() : undefined,
  };
  const cache = new PageCache();
  const lookups = new HostLookups(ctx.db);
  if (ctx.database.kind === 'pglite' || ctx.config.publicLookupCache) {
    const unlisten = await lookups.listen(ctx.database);
    app.addHook('onClose', unlisten);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (PASS_THROUGH.some((prefix) => request.url.startsWith(prefix))) return;
    const site = publicSiteOf(request.headers.host, rules);
    if (!site) return;
    const found = await lookups.find(site);
    // Without APP_URL the admin app answers on any host, so an unknown domain is left to it.
    if (!found && site.by === 'domain' && !rules.adminHost) return;
    const path = request.url.split('?')[0];
    const notFound = () =>
      reply
        .status(404)
        .headers({ ...PAGE_HEADERS, 'cache-control': 'no-cache' })
        .send(notFoundDocument(localeOf(request)));
    // The consent notice's link: the request form lives on the admin host (APP_URL), named by this page.
    if (found && path === PRIVACY_PATH && request.method === 'GET') {
      return reply
        .header('cache-control', 'no-cache')
        .redirect(`${adminBaseUrl(ctx.config)}/privacy?mobilization=${found.id}`, 302);
    }
    if (!found || (path !== '/' && path !== '/index.html') || !['GET', 'HEAD'].includes(request.method)) {
      return notFound();
    }
    let page = cache.get(found.id, found.version);
    if (!page) {
      const data = await loadPublicPage(ctx.db, found.id);
      if (!data) return notFound();
      // One address for every host the page answers on (its custom domain once it has one), from configuration:
      // the rendering is cached for every visitor, so nothing in it may come from this request's headers.
      const url = publicPageUrl(ctx.config, data.mobilization);
      page = packPage(
        data.mobilization,
        publicDocument({ mobilization: data.mobilization, url, fallbackImage: data.communityImage, ...render(data) }),
      );
      cache.set(page);
    }
    return send(request, reply, page);
  });

  /*
   * The fast path: a page whose host lookup and rendering are both in memory is written straight to the socket,
   * with the same headers Fastify would send, and counted in the access log's summary. Everything else (a miss, a
   * 404, the privacy redirect, API calls) goes on to Fastify. On PostgreSQL without PUBLIC_LOOKUP_CACHE every view
   * asks the database, so nothing takes this path.
   */
  const fixed = { ...PAGE_HEADERS, ...commonSecurityHeaders(ctx.config) };
  const answered = { count: 0 };
  answeredFromMemory.set(app, answered);
  // Each page's three answers' headers are built once, not per view.
  const headersOf = new WeakMap<RenderedPage, Partial<Record<AnswerKind, Record<string, string>>>>();
  const headersFor = (page: RenderedPage, kind: AnswerKind) => {
    let built = headersOf.get(page);
    if (!built) {
      built = {};
      headersOf.set(page, built);
    }
    built[kind] ??= { ...fixed, ...answerHeaders(page, kind) };
    return built[kind];
  };
  // Where each Host header leads: a pure function of the header, kept for the few hosts a process serves.
  const sites = new Map<string | undefined, ReturnType<typeof publicSiteOf>>();
  const siteOf = (host: string | undefined) => {
    if (sites.has(host)) return sites.get(host);
    if (sites.size >= 1_000) sites.clear();
    const site = publicSiteOf(host, rules);
    sites.set(host, site);
    return site;
  };
  return (req, res) => {
    const started = performance.now();
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url !== '/' && url !== '/index.html' && !url.startsWith('/?') && !url.startsWith('/index.html?')) return false;
    const site = siteOf(req.headers.host);
    const found = site && lookups.peek(site)?.row;
    const page = found && cache.get(found.id, found.version);
    if (!page) return false;
    const answer = pageAnswer(page, req.headers);
    res.writeHead(answer.status, headersFor(page, answer.kind));
    res.end(answer.body);
    answered.count += 1;
    onAnswer?.(req.method, answer.status, performance.now() - started);
    return true;
  };
}
