import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors';

/**
 * Parses input with a core schema. Failures become 400 (or the given status) with every field's messages,
 * keyed by the field's name as the client sent it.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  status: 'bad_request' | 'unprocessable' = 'bad_request',
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'base';
    const message = issue.code === 'invalid_type' && issue.path.length === 0 ? 'errors.invalidBody' : issue.message;
    const list = fields[field] ?? [];
    if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  throw new AppError(status, fields);
}

/** Spec payloads are wrapped (`{community: {...}}`); a missing wrapper is a 400 that names it. */
export function unwrap(body: unknown, key: string): unknown {
  if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key];
  throw new AppError('bad_request', { [key]: ['validation.required'] });
}
