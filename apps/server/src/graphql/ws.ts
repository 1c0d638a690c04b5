import type { IncomingMessage } from 'node:http';
import { type Locale, renderMessage, resolveLocale } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import {
  type ExecutionArgs,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { WebSocketServer } from 'ws';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { resolveSession, sessionCookieName, type UserRow } from '../http/session';
import type { GraphQLContext } from './context';
import { checkDocumentLimits } from './limits';
import { limitMessage } from './route';
import type { GraphQLApi } from './surface';

/*
 * GraphQL over WebSocket on the same path as the HTTP endpoint, with the graphql-ws protocol
 * (`graphql-transport-ws`) that Hasura serves, for subscriptions (and queries). A connection is signed in by the
 * token in `connection_init`'s payload (`headers: {Authorization: 'Bearer …'}` or `access-token`, as Hasura
 * clients send it) or by the session cookie; a cookie counts only when the page that opened the socket is the admin
 * app's own origin, so another site cannot open a socket in the user's name. Mutations stay on HTTP, where a
 * document runs in one transaction.
 */

interface Caller {
  user: UserRow;
  locale: Locale;
}

type InitPayload = { headers?: Record<string, string> } & Record<string, unknown>;

function tokenOf(ctx: AppContext, app: FastifyInstance, request: IncomingMessage, payload: InitPayload | undefined) {
  const headers = { ...payload, ...payload?.headers } as Record<string, unknown>;
  const bearer = headers.Authorization ?? headers.authorization;
  if (typeof bearer === 'string' && bearer.startsWith('Bearer ')) return bearer.slice(7).trim();
  if (typeof headers['access-token'] === 'string') return headers['access-token'];
  // The session cookie rides along with any page's socket, so it is trusted from the admin app's origin only.
  if (request.headers.origin !== new URL(adminBaseUrl(ctx.config)).origin) return undefined;
  const cookies = app.parseCookie(request.headers.cookie ?? '');
  return cookies[sessionCookieName(ctx)];
}

/** As `http/locale.ts` decides for a request: the `locale` cookie, else Accept-Language. */
function localeOf(app: FastifyInstance, request: IncomingMessage): Locale {
  const cookie = app.parseCookie(request.headers.cookie ?? '').locale;
  return resolveLocale(cookie || request.headers['accept-language']);
}

/**
 * The socket server (ws and graphql-ws) is loaded by the first socket, not at start. A client sends nothing after its
 * upgrade request until the answer, so the socket waits the load out safely.
 */
export function graphqlSocket(app: FastifyInstance, ctx: AppContext, api: () => GraphQLApi) {
  let server: Promise<WebSocketServer> | undefined;
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/v1/graphql') return socket.destroy();
    server ??= openSocketServer(app, ctx, api());
    server.then(
      (wss) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
      (error) => {
        console.error(error);
        socket.destroy();
      },
    );
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    const wss = await server;
    for (const ws of wss.clients) ws.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

async function openSocketServer(app: FastifyInstance, ctx: AppContext, api: GraphQLApi): Promise<WebSocketServer> {
  const [{ WebSocketServer }, { useServer }] = await Promise.all([import('ws'), import('graphql-ws/use/ws')]);
  const server = new WebSocketServer({ noServer: true });
  const callers = new WeakMap<object, Caller>();
  useServer<InitPayload>(
    {
      onConnect: async (connection) => {
        const token = tokenOf(ctx, app, connection.extra.request, connection.connectionParams);
        const session = await resolveSession(ctx, token);
        if (session.kind !== 'user') return false;
        callers.set(connection.extra.socket, { user: session.user, locale: localeOf(app, connection.extra.request) });
        return true;
      },
      onSubscribe: (connection, _id, payload): ExecutionArgs | readonly GraphQLError[] => {
        const caller = callers.get(connection.extra.socket);
        if (!caller) return [new GraphQLError('Unauthorized')];
        let document: ReturnType<typeof parse>;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error as GraphQLError];
        }
        const rules =
          !ctx.config.production || caller.user.isAdmin
            ? specifiedRules
            : [...specifiedRules, NoSchemaIntrospectionCustomRule];
        const errors = validate(api.schema, document, rules, { maxErrors: 10 });
        if (errors.length) return errors;
        const operation = document.definitions.find(
          (d): d is OperationDefinitionNode =>
            d.kind === 'OperationDefinition' && (!payload.operationName || d.name?.value === payload.operationName),
        );
        if (operation?.operation === 'mutation')
          return [new GraphQLError(renderMessage(caller.locale, 'api.mutationOverHttp'))];
        const failure = checkDocumentLimits(api.schema, document, payload.operationName, payload.variables);
        if (failure) return [new GraphQLError(limitMessage(caller.locale, failure))];
        const contextValue: GraphQLContext = {
          app: ctx,
          ...caller,
          loaders: new Map(),
          surface: api.surface,
          // No transaction here (mutations stay on HTTP): outside effects may go at once.
          afterCommit: (fn) => void fn(ctx).catch((error) => console.error(error)),
        };
        return {
          schema: api.schema,
          document,
          rootValue: operation?.operation === 'subscription' ? api.subscriptionRoot : api.rootValue,
          contextValue,
          variableValues: payload.variables,
          operationName: payload.operationName,
        };
      },
    },
    server,
  );
  return server;
}
