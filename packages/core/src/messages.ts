import { type Locale, type MessageKey, translate } from './i18n';

/**
 * Validation messages travel as catalogue keys with optional parameters, e.g. `validation.passwordMin?min=8`,
 * so the same zod schema speaks every language on the client and the server.
 */
export function msg(key: MessageKey, params?: Record<string, string | number>): string {
  if (!params) return key;
  return `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/** Turns an encoded message (or a plain key) into text in the given language. */
export function renderMessage(locale: Locale, encoded: string): string {
  const [key = '', query] = encoded.split('?', 2);
  const params = query ? Object.fromEntries(new URLSearchParams(query)) : {};
  return translate(locale, key, params);
}
