import { type Locale, renderMessage } from '@mutirao/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDataException } from '../db/errors';
import { localeOf } from './locale';

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A link that worked once and no longer does (an invitation used, expired or revoked). */
  gone: 410,
  unprocessable: 422,
  rate_limited: 429,
  /** An outside service (the payment provider) failed or gave no answer. */
  bad_gateway: 502,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → encoded messages (catalogue keys, see core `msg`). */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type domain code throws. Messages are catalogue keys, rendered in the caller's language
 * by the single error handler below.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: FieldErrors,
    message?: string,
    /** A machine-readable reason the body carries as `code`, for a client that acts on it (`challenge_required`). */
    readonly reason?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = () => new AppError('not_found', undefined, 'errors.notFound');
export const unauthorized = () => new AppError('unauthorized', undefined, 'errors.unauthorized');

function renderFields(locale: Locale, fields: FieldErrors) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.map((m) => renderMessage(locale, m))]));
}

/** Turns every error into a JSON body: `{errors: {field: [message]}}` or `{errors: [message]}`. Nothing else leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      const status = ERROR_STATUS[error.code];
      if (error.code === 'unauthorized') return reply.status(401).send({ errors: ['Unauthorized'] });
      const body = error.fields
        ? { errors: renderFields(locale, error.fields) }
        : { errors: [renderMessage(locale, error.message)] };
      return reply.status(status).send(error.reason ? { ...body, code: error.reason } : body);
    }
    const status = (error as FastifyError).statusCode;
    if (
      (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return reply.status(400).send({ errors: [renderMessage(locale, 'errors.invalidJson')] });
    }
    if (status === 413) {
      // A route may name its own message (`config: {tooLargeMessage}`); uploads are the default.
      const config = request.routeOptions?.config as { tooLargeMessage?: string } | undefined;
      const message = config?.tooLargeMessage ?? 'upload.tooLarge?mb=8';
      return reply.status(413).send({ errors: [renderMessage(locale, message)] });
    }
    // A value PostgreSQL could not take (SQLSTATE class 22: a NUL byte, a number out of range, a malformed date, a
    // negative offset) is the caller's bad input. Routes validate first; this is the net under all of them.
    if (isDataException(error)) return reply.status(400).send({ errors: [renderMessage(locale, 'api.invalidValue')] });
    if (status === 415) return reply.status(415).send({ errors: [renderMessage(locale, 'errors.invalidBody')] });
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ errors: [renderMessage(locale, 'errors.invalidBody')] });
    }
    request.log.error(error);
    return reply.status(500).send({ errors: [renderMessage(locale, 'errors.internal')] });
  });
}
