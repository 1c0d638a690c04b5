import type { FastifyInstance } from 'fastify';
import { execute, GraphQLError, type OperationDefinitionNode, parse, specifiedRules, validate } from 'graphql';
import type { AppContext } from '../context';
import { localeOf } from '../http/locale';
import { sessionOf } from '../http/session';
import { type GraphQLContext, rootValue } from './resolvers';
import { schema } from './schema';

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

/** `POST /v1/graphql`, always answering 200 with `data` or `errors`, as Hasura does. */
export function graphqlRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/v1/graphql', async (request, reply) => {
    const body = (request.body ?? {}) as GraphQLBody;
    if (typeof body.query !== 'string') return reply.send(hasuraError('missing query', 'bad-request'));
    let document: ReturnType<typeof parse>;
    try {
      document = parse(body.query);
    } catch (error) {
      return reply.send(hasuraError((error as GraphQLError).message, 'validation-failed'));
    }
    const session = await sessionOf(ctx, request);
    if (session.kind === 'invalid') return reply.send(hasuraError(JWT_MESSAGES[session.failure], 'invalid-jwt'));
    if (session.kind === 'anonymous') {
      // The anonymous role sees no fields, so any root field is "not found", as Hasura words it.
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode =>
          d.kind === 'OperationDefinition' && (!body.operationName || d.name?.value === body.operationName),
      );
      const field = operation?.selectionSet.selections.find(
        (s) => s.kind === 'Field' && !s.name.value.startsWith('__'),
      );
      if (operation && field && field.kind === 'Field') {
        const root = operation.operation === 'mutation' ? 'mutation_root' : 'query_root';
        return reply.send(hasuraError(`field ${field.name.value} not found in type ${root}`, 'validation-failed'));
      }
    }
    const errors = validate(schema, document, specifiedRules);
    if (errors.length)
      return reply.send({
        errors: errors.map((e) => ({ message: e.message, extensions: { code: 'validation-failed' } })),
      });
    if (session.kind !== 'user') return reply.send({ data: {} });
    const contextValue: GraphQLContext = { app: ctx, user: session.user, locale: localeOf(request) };
    const result = await execute({
      schema,
      document,
      rootValue,
      contextValue,
      variableValues: body.variables ?? undefined,
      operationName: body.operationName ?? undefined,
    });
    if (result.errors?.length) {
      return reply.send({
        ...(result.data ? { data: result.data } : {}),
        errors: result.errors.map((e) => {
          const known = e.originalError instanceof GraphQLError || !e.originalError;
          if (!known) request.log.error(e.originalError);
          return { message: known ? e.message : 'unexpected', extensions: { code: 'unexpected', ...e.extensions } };
        }),
      });
    }
    return reply.send({ data: result.data });
  });
}
