import { type Locale, resolveLocale } from '@mutirao/core';
import type { FastifyRequest } from 'fastify';

/** The language switch stores a `locale` cookie; otherwise the browser's Accept-Language decides. */
export function localeOf(request: FastifyRequest): Locale {
  const cookie = request.cookies?.locale;
  return resolveLocale(cookie || request.headers['accept-language']);
}
