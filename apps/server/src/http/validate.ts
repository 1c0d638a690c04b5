import { msg } from '@mutirao/core';
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

/** The object a schema reads, through wrappers (optional, default, a pipe's input…); undefined for anything else. */
function objectOf(schema: z.core.$ZodType): z.core.$ZodObject | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.type === 'object') return schema as z.core.$ZodObject;
  if (def.type === 'pipe' && def.in && def.out)
    return objectOf(def.in._zod.def.type === 'transform' ? def.out : def.in);
  return def.innerType ? objectOf(def.innerType) : undefined;
}

/**
 * Names of the fields in `input` that the schema does not read (and would drop), in nested objects too, unless an
 * object says what its other keys are (`z.looseObject`, a catchall, a record).
 */
function unknownFields(schema: z.core.$ZodType, input: unknown, path: string[] = []): string[] {
  const object = objectOf(schema);
  if (!object || !input || typeof input !== 'object' || Array.isArray(input)) return [];
  const { shape, catchall } = object._zod.def;
  return Object.entries(input).flatMap(([key, value]) => {
    const field = shape[key];
    if (field) return unknownFields(field, value, [...path, key]);
    return catchall ? [] : [[...path, key].join('.')];
  });
}

/**
 * A request body: a field the schema does not know is a 400 that names it (it would otherwise be dropped and the
 * caller told all went well), then `parseInput`.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  input: unknown,
  status: 'bad_request' | 'unprocessable' = 'bad_request',
): z.output<S> {
  const unknown = unknownFields(schema, input);
  if (unknown.length)
    throw new AppError(
      'bad_request',
      Object.fromEntries(unknown.map((field) => [field, [msg('errors.unknownField', { field })]])),
    );
  return parseInput(schema, input, status);
}

/** Spec payloads are wrapped (`{community: {...}}`); a missing wrapper is a 400 that names it. */
export function unwrap(body: unknown, key: string): unknown {
  if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key];
  throw new AppError('bad_request', { [key]: ['validation.required'] });
}
