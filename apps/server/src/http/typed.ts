import { type Actor, LIMITS } from '@mutirao/core';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  preValidationAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from './errors';
import { requireUser } from './session';
import { parseInput } from './validate';

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
      return { value: parseInput(schema, data, httpPart === 'body' ? 'unprocessable' : 'bad_request') };
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

/** Installs the zod validator and the request's `actor` slot; call once, before routes are added. */
export function registerTypedRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(zodCompiler);
  app.decorateRequest('actor', null);
}

/** The app with the zod type provider, for registering typed routes. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodProvider>();

/** A `preValidation` hook that requires a signed-in user (401 before any 404 for a bad path) and sets `request.actor`. */
export function signedIn(ctx: AppContext): preValidationAsyncHookHandler {
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
