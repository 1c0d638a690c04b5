import { renderMessage } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { hostnameOf } from '../public/hosts';
import { embedOrigin, requestOrigin } from './origins';

/** The request headers a widget may send on an action (issue 35's contract): the preflight allows these. */
export const EMBED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language', 'idempotency-key', 'x-altcha'];
/** The response headers an embedded widget may read. */
export const EMBED_EXPOSED_HEADERS = ['idempotent-replayed', 'retry-after'];
/** How long a browser may keep a preflight's answer: a removed origin stops working within this. */
export const EMBED_PREFLIGHT_MAX_AGE = 600;

/** Which community a route's `:id` belongs to; undefined when there is no such row. */
export type CommunityOf = (ctx: AppContext, id: number) => Promise<number | undefined>;

async function firstCommunity(ctx: AppContext, query: ReturnType<typeof sql>): Promise<number | undefined> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: { community_id: number | null }[] };
  const id = result.rows[0]?.community_id;
  return id === null || id === undefined ? undefined : Number(id);
}

export const communityOfWidget: CommunityOf = (ctx, id) =>
  firstCommunity(
    ctx,
    sql`select m.community_id from widgets w join blocks b on b.id = w.block_id
      join mobilizations m on m.id = b.mobilization_id where w.id = ${id}`,
  );
export const communityOfMobilization: CommunityOf = (ctx, id) =>
  firstCommunity(ctx, sql`select community_id from mobilizations where id = ${id}`);
export const communityOfDonation: CommunityOf = (ctx, id) =>
  firstCommunity(ctx, sql`select community_id from donations where id = ${id}`);
export const communityOfCall: CommunityOf = (ctx, id) =>
  firstCommunity(ctx, sql`select community_id from twilio_calls where id = ${id}`);

/** A route an embedded widget calls: its path, its methods, and how its `:id` names a community. */
export interface EmbedRoute {
  url: string;
  methods: ('GET' | 'POST')[];
  communityOf: CommunityOf;
}

/**
 * Every route an action widget's island calls (packages/widgets/src: its `postAction`s and `fetch`es): the actions,
 * and the counts and states they read.
 */
export const EMBED_ROUTES: EmbedRoute[] = [
  { url: '/api/mobilizations/:id/form_entries', methods: ['POST'], communityOf: communityOfMobilization },
  { url: '/api/widgets/:id/form_entries_count', methods: ['GET'], communityOf: communityOfWidget },
  { url: '/api/widgets/:id/count', methods: ['GET'], communityOf: communityOfWidget },
  { url: '/api/widgets/:id/fill', methods: ['POST'], communityOf: communityOfWidget },
  { url: '/api/widgets/:id/telephony', methods: ['GET'], communityOf: communityOfWidget },
  { url: '/api/widgets/:id/call', methods: ['POST'], communityOf: communityOfWidget },
  { url: '/api/twilio/calls/:id', methods: ['GET'], communityOf: communityOfCall },
  { url: '/api/widgets/:id/donation', methods: ['GET'], communityOf: communityOfWidget },
  { url: '/api/mobilizations/:id/donations', methods: ['POST'], communityOf: communityOfMobilization },
  { url: '/api/donations/:id/recurring', methods: ['POST'], communityOf: communityOfDonation },
  // The anti-spam challenge a widget solves before acting, when its page asks for one.
  { url: '/api/widgets/:id/challenge', methods: ['GET'], communityOf: communityOfWidget },
];

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The embedding site's origin when the request comes from a widget embedded on a site its community allows
     * (`embeds/cors.ts`); undefined on our own pages. Actions store it in their `origin` column.
     */
    embedOrigin?: string;
  }
}

/** `host[:port]` as a URL of the given scheme writes it (default port left out), or undefined. */
function hostOf(protocol: string, host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether an origin is our own: the host the request was sent to (a page on its custom domain or its
 * `{slug}.{PUBLIC_HOST}` calls the API on that very host, with relative addresses), the admin app's host, or a page
 * host under PUBLIC_HOST. Those are same-origin calls, answered as before, with no CORS headers.
 */
export function isOwnOrigin(ctx: AppContext, request: FastifyRequest, origin: string): boolean {
  const url = new URL(origin);
  if (url.host === hostOf(url.protocol, request.host)) return true;
  const { appUrl, publicHost } = ctx.config;
  if (appUrl && new URL(appUrl).origin === origin) return true;
  if (publicHost) {
    const host = hostnameOf(url.host);
    if (host === publicHost || host.endsWith(`.${publicHost}`)) return true;
  }
  return false;
}

/**
 * The embedding site's origin for this request, when it sends one that is neither ours nor absent: `allowed` when
 * the community of the route's `:id` lists it, else `refused`.
 */
async function judge(
  ctx: AppContext,
  route: EmbedRoute,
  request: FastifyRequest,
): Promise<{ kind: 'ours' } | { kind: 'allowed'; origin: string } | { kind: 'refused'; origin: string }> {
  const header = request.headers.origin;
  if (header === undefined) return { kind: 'ours' };
  const origin = requestOrigin(header);
  // `Origin: null` (a sandboxed frame, a file) or garbage is never one of ours.
  if (!origin) return { kind: 'refused', origin: String(header) };
  if (isOwnOrigin(ctx, request, origin)) return { kind: 'ours' };
  const id = Number((request.params as { id?: string }).id);
  const community = Number.isSafeInteger(id) && id > 0 ? await route.communityOf(ctx, id) : undefined;
  const allowed = community === undefined ? undefined : await embedOrigin(ctx, community, origin);
  return allowed ? { kind: 'allowed', origin: allowed } : { kind: 'refused', origin };
}

function allowOrigin(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', EMBED_EXPOSED_HEADERS.join(', '));
}

/**
 * CORS for the routes embedded widgets call. A preflight (`OPTIONS`) from a site the widget's community allows is
 * answered with that origin, the methods of the route and the contract's request headers; any other origin gets a
 * 403 with no CORS header, which the browser reports as a CORS failure. The actual requests from an allowed site
 * get `Access-Control-Allow-Origin: <origin>` (never `*`, never credentials) and carry the origin on
 * `request.embedOrigin`, which the actions store. A write from a site that is not allowed is refused with 403
 * before anything is read or stored, whatever the browser makes of the answer, so a `no-cors` form post from
 * another site cannot act either. A read from such a site is answered without CORS headers (the browser hides it).
 * Requests with no `Origin` or with our own are untouched. Every answer of these routes says `Vary: Origin`.
 */
export function registerEmbedCors(app: FastifyInstance, ctx: AppContext, routes: EmbedRoute[] = EMBED_ROUTES) {
  const byUrl = new Map(routes.map((route) => [route.url, route]));
  if (!app.hasRequestDecorator('embedOrigin')) app.decorateRequest('embedOrigin', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const route = byUrl.get(request.routeOptions.url ?? '');
    if (!route || request.method === 'OPTIONS') return;
    reply.header('vary', 'Origin');
    const verdict = await judge(ctx, route, request);
    if (verdict.kind === 'allowed') {
      request.embedOrigin = verdict.origin;
      allowOrigin(reply, verdict.origin);
    } else if (verdict.kind === 'refused' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('forbidden', undefined, 'embedOrigins.refused');
    }
  });
  for (const route of routes) {
    app.options(route.url, async (request, reply) => {
      reply.header('vary', 'Origin');
      reply.header('cache-control', 'no-store');
      const verdict = await judge(ctx, route, request);
      if (verdict.kind === 'refused')
        return reply.status(403).send({ errors: [renderMessage(localeOf(request), 'embedOrigins.refused')] });
      reply.header('allow', `${route.methods.join(', ')}, OPTIONS`);
      if (verdict.kind === 'allowed') {
        allowOrigin(reply, verdict.origin);
        reply.header('access-control-allow-methods', route.methods.join(', '));
        reply.header('access-control-allow-headers', EMBED_REQUEST_HEADERS.join(', '));
        reply.header('access-control-max-age', String(EMBED_PREFLIGHT_MAX_AGE));
      }
      return reply.status(204).send();
    });
  }
}
