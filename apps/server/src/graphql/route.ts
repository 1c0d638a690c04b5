import { type Locale, renderMessage } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  NoUnusedVariablesRule,
  type OperationDefinitionNode,
  type SelectionSetNode,
  specifiedRules,
} from 'graphql';
import type { AppContext } from '../context';
import { integrityFailure, isDataException } from '../db/errors';
import type { AccessCache } from '../http/accessCache';
import { localeOf } from '../http/locale';
import type { UserRow } from '../http/session';
import { sessionOf } from '../http/session';
import type { GraphQLContext, SignedOutContext } from './context';
import { DocumentCache } from './documents';
import { checkDocumentLimits, type LimitFailure } from './limits';
import { isKeptListDocument } from './listCache';
import type { GraphQLApi } from './surface';

/**
 * The spec's validation, less the unused-variable rule: Hasura answers a document that declares a variable it does
 * not use (Bonde's admin client sends such documents, e.g. its PLIP performance query for phones).
 */
export const HASURA_RULES = specifiedRules.filter((rule) => rule !== NoUnusedVariablesRule);

interface GraphQLBody {
  query?: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const hasuraError = (message: string, code: string) => ({ errors: [{ message, extensions: { path: '$', code } }] });

/** Messages the original service gave for a bad token; the admin app logs out on them (spec 01 §8). */
const JWT_MESSAGES = {
  'invalid-signature': 'Could not verify JWT: JWSError JWSInvalidSignature',
  expired: 'Could not verify JWT: JWTExpired',
  malformed: 'Could not verify JWT: JWSError CompactDecodeError',
  revoked: 'Could not verify JWT: JWTExpired',
} as const;

function operationOf(document: DocumentNode, name: string | null | undefined) {
  return document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && (!name || d.name?.value === name),
  );
}

/** The root fields an operation selects, through its fragments (a name may repeat). */
function rootFieldNames(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  return selectionSet.selections.flatMap((s) => {
    if (s.kind === 'Field') return [s.name.value];
    if (s.kind === 'InlineFragment') return rootFieldNames(document, s.selectionSet, seen);
    if (seen.has(s.name.value)) return [];
    seen.add(s.name.value);
    const fragment = document.definitions.find(
      (d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition' && d.name.value === s.name.value,
    );
    // An unknown fragment fails validation later; here it names no field.
    return fragment ? rootFieldNames(document, fragment.selectionSet, seen) : [];
  });
}

/** `POST /v1/graphql`, always answering 200 with `data` or `errors`, as Hasura does. */
export function graphqlRoute(app: FastifyInstance, ctx: AppContext, apiOf: () => GraphQLApi, lists: AccessCache) {
  let documents: DocumentCache | undefined;
  app.post('/v1/graphql', async (request, reply) => {
    // The schema is built by the first request that needs it, if the server has not built it yet (graphqlApi.ts).
    const api = apiOf();
    const { schema } = api;
    documents ??= new DocumentCache(schema);
    const body = (request.body ?? {}) as GraphQLBody;
    if (typeof body.query !== 'string') return reply.send(hasuraError('missing query', 'bad-request'));
    let document: DocumentNode;
    try {
      document = documents.parse(body.query);
    } catch (error) {
      return reply.send(hasuraError((error as GraphQLError).message, 'validation-failed'));
    }
    const session = await sessionOf(ctx, request);
    if (session.kind === 'invalid') return reply.send(hasuraError(JWT_MESSAGES[session.failure], 'invalid-jwt'));
    const locale = localeOf(request);
    const operation = operationOf(document, body.operationName);
    const roots = operation ? rootFieldNames(document, operation.selectionSet) : [];
    // Sign-in, sign-up and password reset: reachable signed out, and never mixed with other fields (policy.ts).
    const signedOut = roots.some((name) => api.signedOut.has(name));
    if (signedOut) {
      const other = roots.find((name) => name !== '__typename' && !api.signedOut.has(name));
      if (other && operation) {
        const root = operation.operation === 'mutation' ? 'mutation_root' : 'query_root';
        const message =
          session.kind === 'anonymous'
            ? `field ${other} not found in type ${root}`
            : renderMessage(locale, `api.signedOutFieldsAlone?field=${other}`);
        return reply.send(hasuraError(message, 'validation-failed'));
      }
    } else if (session.kind === 'anonymous') {
      // The anonymous role sees no other fields, so any root field is "not found", as Hasura words it.
      const field = operation?.selectionSet.selections.find(
        (s) => s.kind === 'Field' && !s.name.value.startsWith('__'),
      );
      if (operation && field && field.kind === 'Field') {
        const root = operation.operation === 'mutation' ? 'mutation_root' : 'query_root';
        return reply.send(hasuraError(`field ${field.name.value} not found in type ${root}`, 'validation-failed'));
      }
    }
    const user = session.kind === 'user' ? session.user : undefined;
    const introspect = mayIntrospect(ctx, user);
    const rules = introspect ? HASURA_RULES : [...HASURA_RULES, NoSchemaIntrospectionCustomRule];
    const errors = documents.validate(body.query, document, rules, introspect ? 'introspect' : 'plain');
    if (errors.length)
      return reply.send({
        errors: errors.map((e) => ({
          message: e.message.startsWith('GraphQL introspection')
            ? renderMessage(locale, 'api.introspectionDisabled')
            : e.message,
          extensions: { code: 'validation-failed' },
        })),
      });
    const failure = checkDocumentLimits(schema, document, body.operationName, body.variables);
    if (failure) return reply.send(hasuraError(limitMessage(locale, failure), 'validation-failed'));
    if (signedOut) {
      const result = await run(ctx, api, { user, locale, ip: request.ip }, document, body, false);
      if (!result.errors?.length) return reply.send({ data: result.data });
      return reply.send({
        ...(result.data ? { data: result.data } : {}),
        errors: result.errors.map((e) => presentError(e, locale, request.log)),
      });
    }
    if (!user) return reply.send({ data: {} });
    // The list screen's document is answered from memory while nothing it shows has changed (graphql/listCache.ts).
    let failed: ExecutionResult | undefined;
    const kept =
      lists.enabled && isKeptListDocument(document, operationOf(document, body.operationName), body.variables)
        ? await lists.get(
            `graphql:${user.id}:${locale}:${body.operationName ?? ''}:${JSON.stringify(body.variables ?? null)}:${body.query}`,
            async () => {
              const result = await run(ctx, api, { user, locale }, document, body);
              if (!result.errors?.length) return JSON.stringify({ data: result.data });
              failed = result;
              return undefined;
            },
          )
        : undefined;
    // The very bytes and type `reply.send({ data })` gives.
    if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
    const result = failed ?? (await run(ctx, api, { user, locale }, document, body));
    if (result.errors?.length) {
      return reply.send({
        ...(result.data ? { data: result.data } : {}),
        errors: result.errors.map((e) => presentError(e, locale, request.log)),
      });
    }
    return reply.send({ data: result.data });
  });
}

/** The schema describes itself in development and to platform admins; elsewhere it is not advertised. */
function mayIntrospect(ctx: AppContext, user: UserRow | undefined) {
  return !ctx.config.production || Boolean(user?.isAdmin);
}

export function limitMessage(locale: Locale, failure: LimitFailure) {
  if (failure.reason === 'depth') return renderMessage(locale, `api.queryTooDeep?limit=${failure.limit}`);
  if (failure.reason === 'aliases') return renderMessage(locale, `api.tooManyAliases?limit=${failure.limit}`);
  return renderMessage(locale, `api.queryTooCostly?limit=${failure.limit}&cost=${Math.round(failure.cost)}`);
}

class RolledBack extends Error {
  constructor(readonly result: ExecutionResult) {
    super('rolled back');
  }
}

/**
 * Runs the document. A mutation document runs in one transaction, as Hasura does: when any of its fields fails,
 * none of them is kept, and the answer carries only the errors.
 */
async function run(
  ctx: AppContext,
  api: GraphQLApi,
  caller: { user: UserRow; locale: Locale } | { user: UserRow | undefined; locale: Locale; ip: string },
  document: DocumentNode,
  body: GraphQLBody,
  transactional = true,
): Promise<ExecutionResult> {
  const later: ((app: AppContext) => Promise<void>)[] = [];
  const exec = (app: AppContext) => {
    // A signed-out document (`transactional` false) may run without a user: its fields take a SignedOutContext.
    const contextValue: GraphQLContext | SignedOutContext = {
      app,
      ...caller,
      loaders: new Map(),
      surface: api.surface,
      afterCommit: (fn) => later.push(fn),
    };
    return execute({
      schema: api.schema,
      document,
      rootValue: api.rootValue,
      contextValue,
      variableValues: body.variables ?? undefined,
      operationName: body.operationName ?? undefined,
    });
  };
  if (!transactional || operationOf(document, body.operationName)?.operation !== 'mutation') {
    const result = await exec(ctx);
    for (const fn of later) await fn(ctx);
    return result;
  }
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const result = await exec({ ...ctx, db: tx });
      if (result.errors?.length) throw new RolledBack({ errors: result.errors });
      return result;
    });
    // What leaves the server (a phone call) goes only once the rows it needs are committed.
    for (const fn of later) await fn(ctx);
    return result;
  } catch (error) {
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}

/** Known errors keep their message; bad values become a clear message; anything else is logged and hidden. */
export function presentError(e: GraphQLError, locale: Locale, log: { error: (e: unknown) => void }) {
  if (isDataException(e.originalError))
    return { message: renderMessage(locale, 'api.invalidValue'), extensions: { code: 'data-exception', path: e.path } };
  const integrity = integrityFailure(e.originalError);
  if (integrity) {
    const key = { unique: 'api.duplicateValue', required: 'api.requiredValue', reference: 'api.missingReference' };
    const field = integrity.column ? `?field=${integrity.column}` : '?field=';
    return {
      message: renderMessage(locale, `${key[integrity.rule]}${field}`),
      extensions: { code: 'constraint-violation', path: e.path, ...(integrity.column && { field: integrity.column }) },
    };
  }
  const known = e.originalError instanceof GraphQLError || !e.originalError;
  if (!known) log.error(e.originalError);
  const message = known && e.message.startsWith('api.') ? renderMessage(locale, e.message) : e.message;
  return { message: known ? message : 'unexpected', extensions: { code: 'unexpected', ...e.extensions } };
}
