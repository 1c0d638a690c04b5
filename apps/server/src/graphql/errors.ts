import { type Locale, msg, renderMessage } from '@mutirao/core';
import { GraphQLError } from 'graphql';
import { AppError } from '../http/errors';

/** Domain errors surface as Hasura-like GraphQL errors, with field messages in the caller's language. */
export function toGraphQLError(error: unknown, locale: Locale): never {
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.map((m) => renderMessage(locale, m))]))
      : undefined;
    const message = fields ? Object.values(fields).flat().join(' ') : renderMessage(locale, error.message);
    throw new GraphQLError(message, {
      extensions: { code: error.code === 'not_found' ? 'not-found' : 'validation-failed', fields },
    });
  }
  throw error;
}

/**
 * Runs a root field: domain errors become GraphQL errors in the caller's language, and for a `_by_pk` field a row
 * the caller may not touch answers null (`nullOnMissing`), as Hasura does.
 */
export async function domainErrors<T>(locale: Locale, fn: () => T | Promise<T>, nullOnMissing = false) {
  try {
    return await fn();
  } catch (error) {
    if (nullOnMissing && error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden'))
      return null;
    toGraphQLError(error, locale);
  }
}

/**
 * For inserts that run the domain's create (a community makes its creator its admin, a page gets its defaults): they
 * are never upserts, so `on_conflict` and a given `id`, which Hasura would honour, are refused by name rather than
 * ignored with a new row made anyway.
 */
export function refuseUpsert(onConflict: unknown, objects: readonly unknown[]) {
  if (onConflict != null) throw new AppError('bad_request', { on_conflict: [msg('errors.insertOnConflict')] });
  const withId = objects.some((o) => o && typeof o === 'object' && (o as { id?: unknown }).id != null);
  if (withId) throw new AppError('bad_request', { id: [msg('errors.insertId')] });
}

/**
 * Runs an action (a custom mutation over a community's rows): a community or row the caller does not work in answers
 * null, as a row outside the permissions is absent, with no hint that it exists; every other domain error (a member
 * who may not do this, a field the domain refuses) is a GraphQL error in the caller's language.
 */
export function absentAsNull<T>(locale: Locale, fn: () => T | Promise<T>) {
  return domainErrors(locale, async () => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    }
  });
}
