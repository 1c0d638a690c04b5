import { type Actor, LIMITS } from '@mutirao/core';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyServerOptions,
  FastifyTypeProvider,
  preValidationAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { notFound } from './errors';
import { requireUser, type SessionContext } from './session';
import { parseBody, parseInput, unwrap } from './validate';

/*
 * Typed routes: a route declares `schema: {params, querystring, body}` as zod types, and its handler sees their parsed
 * output, typed, with no `request.params as {...}` casts. A bad path part is the 404 a missing row gets (an id that
 * cannot exist is indistinguishable from one that does not); a bad query is a 400 and a bad body a 422, both
 * `{errors: {field: [message]}}` in the caller's language, from the single error handler. The signed-in actor is set
 * once, by the `signedIn` hook, and read with `actorIn(request)`.
 */

/** A path or query id: a positive whole number no larger than PostgreSQL's integer. */
export const idSchema = z.unknown().transform((raw, ctx) => {
  const id =
    typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN;
  if (Number.isInteger(id) && id > 0 && id <= LIMITS.idMax) return id;
  ctx.addIssue({ code: 'custom', message: 'errors.notFound' });
  return z.NEVER;
});

/** `/:id` */
export const idParams = z.object({ id: idSchema });
/** `/mobilizations/:id/widgets/:widget` */
export const pageWidgetParams = z.object({ id: idSchema, widget: idSchema });

type InputStatus = 'bad_request' | 'unprocessable';

/** Bodies that are read in the spec's own way: a wrapper key around the fields, and a status for bad fields. */
const bodyReaders = new WeakMap<z.ZodType, (data: unknown) => unknown>();

/**
 * A request body checked by a core schema. `wrappedIn: 'community'` reads the spec's wrapped payload
 * (`{community: {...}}`; a missing wrapper is a 400 that names it), `wrapperOptional` also takes the fields flat, and
 * the fields' errors are named without the wrapper (`name`, not `community.name`). Bad fields are a 422, or the
 * given `status` where the spec's call answers 400.
 */
export function body<S extends z.ZodType>(
  schema: S,
  options: { wrappedIn?: string; wrapperOptional?: boolean; status?: InputStatus } = {},
): z.ZodType<z.output<S>> {
  const { wrappedIn, wrapperOptional = false, status = 'unprocessable' } = options;
  const fields = (data: unknown) => {
    if (!wrappedIn) return data;
    if (!wrapperOptional) return unwrap(data, wrappedIn);
    const inner = data && typeof data === 'object' ? (data as Record<string, unknown>)[wrappedIn] : undefined;
    return typeof inner === 'object' ? inner : data;
  };
  // The route's type comes from this stand-in; the compiler below reads the body with `bodyReaders`.
  const declared = z.custom<z.output<S>>();
  bodyReaders.set(declared, (data) => parseBody(schema, fields(data), status));
  return declared;
}

/**
 * A query value that never fails: a whole number ≥ `min`, `null` when given but unusable (the caller falls back to
 * its default), `undefined` when absent. A repeated key counts by its first value.
 */
export const lenientInt = (min: number) =>
  z
    .unknown()
    .transform((raw) => {
      const n = Number(Array.isArray(raw) ? raw[0] : raw);
      return Number.isInteger(n) && n >= min ? n : null;
    })
    .optional();

/** A required positive id in the query (no upper bound: an id past PostgreSQL's integer is the database's 400). */
export const requiredQueryId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** A query value that is used only when it is one plain string. */
export const lenientString = z
  .unknown()
  .transform((raw) => (typeof raw === 'string' ? raw : undefined))
  .optional();

export interface ZodProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const zodCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'params') {
      const result = schema.safeParse(data ?? {});
      return result.success ? { value: result.data } : { error: notFound() };
    }
    try {
      const read = httpPart === 'body' ? bodyReaders.get(schema) : undefined;
      return {
        value: read
          ? read(data)
          : httpPart === 'body'
            ? parseBody(schema, data, 'unprocessable')
            : parseInput(schema, data, 'bad_request'),
      };
    } catch (error) {
      return { error: error as Error };
    }
  };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user as the policies see them, set by the `signedIn` hook. */
    actor: Actor | null;
  }
}

/**
 * Fastify's `schemaController` option: zod checks every request part, and no route declares a response schema, so
 * Fastify's own compilers (ajv, fast-json-stringify) are never loaded; a start saves the quarter second they cost.
 */
type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    // Fastify types its factories for ajv's JSON schemas; ours compile zod schemas, as `setValidatorCompiler` does.
    buildValidator: (() => zodCompiler) as unknown as Compilers['buildValidator'],
    buildSerializer: (() => () => (data: unknown) => JSON.stringify(data)) as unknown as Compilers['buildSerializer'],
  },
};

/** Installs the zod validator and the request's `actor` slot; call once, before routes are added. */
export function registerTypedRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(zodCompiler);
  app.decorateRequest('actor', null);
}

/** The app with the zod type provider, for registering typed routes. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodProvider>();

/** A `preValidation` hook that requires a signed-in user (401 before any 404 for a bad path) and sets `request.actor`. */
export function signedIn(ctx: SessionContext): preValidationAsyncHookHandler {
  return async (request) => {
    const user = await requireUser(ctx, request);
    request.actor = { id: user.id, isAdmin: user.isAdmin };
  };
}

/** The actor `signedIn` set; a route without that pre-handler has none, which is a programming error. */
export function actorIn(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`route ${request.routeOptions.url} reads the actor without the signedIn hook`);
  return request.actor;
}
