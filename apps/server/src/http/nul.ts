import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Where the first NUL character sits in a parsed body or query, as a field path (`community.name`), if any. Only
 * parsed values are walked: a body a route reads as a stream (a CSV import) is the route's to check.
 */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'base' : undefined;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Stream || depth > 64)
    return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, so a value carrying one would fail deep in a query. Every request is
 * checked once, before any route runs, and answered 400 naming the field. GraphQL answers in its own shape and checks
 * the values it passes to the database itself (`graphql/hasura.ts`). It runs before validation (`preValidation`, and
 * before the routes' own `preValidation` hooks), so it sees the body as sent (`community.name`, not the unwrapped
 * `name`) and answers before a typed route's schemas or sign-in check.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url === '/v1/graphql') return;
    const field = nulPath(request.query) ?? nulPath(request.params) ?? nulPath(request.body);
    if (field) throw new AppError('bad_request', { [field]: ['api.nulCharacter'] });
  });
}
