import { createServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { renderMessage } from '@mutirao/core';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { authRoutes } from './accounts/routes';
import { dataRequestRoutes } from './activists/dataRequestRoutes';
import { activistRoutes } from './activists/routes';
import { antispamRoutes } from './antispam/routes';
import { refusalCounter } from './antispam/state';
import { blockRoutes } from './blocks/routes';
import { botReadRoutes } from './chatbot/readRoutes';
import { chatbotRoutes } from './chatbot/routes';
import { messengerWebhookRoutes } from './chatbot/webhook';
import { mailchimpRoutes } from './communities/mailchimpRoutes';
import { recipientRoutes } from './communities/recipientRoutes';
import { communityRoutes } from './communities/routes';
import { teamRoutes } from './communities/team/routes';
import { adminBaseUrl } from './config';
import type { AppContext } from './context';
import { batchCounter, batchRowsCounter } from './db/groupWriter';
import { domainRoutes } from './domains/routes';
import { registerEmbedCors } from './embeds/cors';
import { embedRoutes } from './embeds/widget';
import { mailboxRoutes } from './endpoints/mailbox';
import { uploadRoutes } from './endpoints/uploads';
import { graphqlRoute } from './graphql/route';
import { graphqlSocket } from './graphql/ws';
import { graphqlApi } from './graphqlApi';
import { AccessCache } from './http/accessCache';
import { type RecordAnswer, registerAccessLog } from './http/accessLog';
import { registerErrorHandler } from './http/errors';
import { registerSecurityHeaders } from './http/headers';
import { localeOf } from './http/locale';
import { registerMetrics } from './http/metrics';
import { refuseNulCharacters } from './http/nul';
import { registerTypedRoutes, schemaController } from './http/typed';
import { metricsRoutes } from './metrics/routes';
import { mobilizationRoutes } from './mobilizations/routes';
import { fontRoutes } from './public/fonts';
import { islandRoutes, loadIslandBundle } from './public/islands';
import { renderPublicPage } from './public/render';
import { type FastPath, publicPageRoutes } from './public/routes';
import { publishingRoutes } from './publishing/routes';
import { reportRoutes } from './reports/routes';
import { testSeedRoutes } from './seed/routes';
import { templateRoutes } from './templates/routes';
import { findWebDist, sendAdminPage, serveAdminApp } from './web/static';
import { widgetExportRoutes } from './widgets/exportRoutes';
import { widgetRoutes } from './widgets/routes';

/** Every route an app registered, as `METHOD url` pairs (the route fuzz test walks them all). */
export const registeredRoutes = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** One Fastify server: REST under /api, GraphQL at /v1/graphql, uploads, and the admin app. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean; serveWeb?: boolean } = {}) {
  // Cached public pages are answered before Fastify sees the request (`public/routes.ts`); the rest goes on to it.
  let fastPath: FastPath | undefined;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (!fastPath?.(req, res)) handler(req, res);
      });
      // The timeouts Fastify sets on a server it makes itself, at its defaults.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: options.logger ? { level: ctx.config.logLevel } : false,
    // One summary a minute instead of two lines per request (`http/accessLog.ts`).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController,
  });
  const routes: { method: string; url: string }[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  const recorders = [
    options.logger ? registerAccessLog(app, ctx.config.logLevel) : undefined,
    ctx.config.metricsToken
      ? registerMetrics(app, ctx.config.metricsToken, [refusalCounter, batchCounter, batchRowsCounter])
      : undefined,
  ].filter((record): record is RecordAnswer => record !== undefined);
  const recordAnswer: RecordAnswer | undefined = recorders.length
    ? (method, status, ms) => {
        for (const record of recorders) record(method, status, ms);
      }
    : undefined;
  registerTypedRoutes(app);
  registerSecurityHeaders(app, ctx.config);
  registerEmbedCors(app, ctx);
  refuseNulCharacters(app);

  // Public pages first: on a public host they answer everything but /api/.
  const islands = await loadIslandBundle(ctx.config.production);
  fastPath = await publicPageRoutes(app, ctx, (page) => renderPublicPage(page, islands?.src), recordAnswer);
  fontRoutes(app);
  // Action widgets on other sites (issue 35): the loader, the endpoint, and the kinds' bundles beside the page's.
  islandRoutes(app, islands, embedRoutes(app, ctx));
  antispamRoutes(app, ctx);
  app.get('/api/health', async () => ({ ok: true, database: ctx.database.kind }));
  authRoutes(app, ctx);
  communityRoutes(app, ctx);
  activistRoutes(app, ctx);
  dataRequestRoutes(app, ctx);
  botReadRoutes(app, ctx);
  recipientRoutes(app, ctx);
  mailchimpRoutes(app, ctx);
  chatbotRoutes(app, ctx);
  messengerWebhookRoutes(app, ctx);
  teamRoutes(app, ctx);
  domainRoutes(app, ctx);
  // The mobilization list's answers (REST and the list screen's GraphQL document), kept per process like the access
  // cache and dropped on every announced change to what they show or to who may see it (http/accessCache.ts).
  const lists = new AccessCache(['mutirao_access', 'mutirao_lists'], { max: 256 });
  if (ctx.database.kind === 'pglite' || ctx.config.sessionCache) {
    await lists.listen(ctx.database);
    app.addHook('onClose', () => lists.close());
  }
  mobilizationRoutes(app, ctx, lists);
  publishingRoutes(app, ctx);
  metricsRoutes(app, ctx);
  blockRoutes(app, ctx);
  widgetRoutes(app, ctx);
  reportRoutes(app, ctx);
  widgetExportRoutes(app, ctx);
  templateRoutes(app, ctx);
  uploadRoutes(app, ctx);
  mailboxRoutes(app, ctx);
  graphqlRoute(app, ctx, graphqlApi, lists);
  // Subscriptions and long polls hear other processes' writes too (NOTIFY, on PostgreSQL).
  app.addHook('onClose', await ctx.events.connect());
  graphqlSocket(app, ctx, graphqlApi);
  testSeedRoutes(app, ctx);

  const fallback =
    options.serveWeb === false
      ? undefined
      : await serveAdminApp(app, findWebDist(ctx.config.webDist), {
          publicHost: ctx.config.publicHost,
          embedBase: adminBaseUrl(ctx.config),
        });
  app.setNotFoundHandler((request, reply) => {
    const page =
      request.method === 'GET'
        ? fallback?.(request.url, request.headers.accept, request.headers['accept-encoding'])
        : undefined;
    if (page) return sendAdminPage(reply, page);
    return reply.status(404).send({ errors: [renderMessage(localeOf(request), 'errors.notFound')] });
  });
  return app;
}
