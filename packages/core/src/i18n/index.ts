import { en } from './en';
import { es } from './es';
import { formatParam, pluralCount, pluralKeys } from './plural';
import { ptBR } from './pt-BR';
import type { Catalogue, MessageKey } from './types';

export { formatParam, type PluralCategory, pluralBase, withEveryPluralForm } from './plural';
export type { Catalogue, MessageKey } from './types';

export const LOCALES = ['pt-BR', 'es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';

export const catalogues: Record<Locale, Catalogue> = { 'pt-BR': ptBR, es, en };

/** Picks a supported locale from a tag or an Accept-Language header, falling back by language. */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const lang = tag.split('-')[0];
    const byLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === lang);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

export function isMessageKey(key: string): key is MessageKey {
  return find(DEFAULT_LOCALE, key, undefined) !== undefined;
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message itself, or for a plural group (`key_one`, `key_other`…) the form for `count` (`_other` without one). */
function find(locale: Locale, key: string, count: number | undefined): string | undefined {
  const keys = [key, ...pluralKeys(locale, key, count ?? Number.NaN)];
  return keys.map((k) => lookup(catalogues[locale], k)).find((text) => text !== undefined);
}

const normalise = (text: string) => text.replace('{count}', '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A widget's counter: its count and the organiser's count_text ('pessoas já assinaram'). A text that is one of the
 * page language's counter wordings (`counter.*`) reads in the singular for one ('1 pessoa já assinou'); any other
 * text is shown as written after the number. (A page carries only its own language's messages to the browser.)
 */
export function counterLine(locale: Locale, count: number, text: string): string {
  const wanted = normalise(text);
  for (const [key, other] of Object.entries(catalogues[locale].counter ?? {}))
    if (key.endsWith('_other') && normalise(other) === wanted)
      return translate(locale, `counter.${key.slice(0, -6)}`, { count });
  return translate(locale, 'formView.count', { count, text });
}

/**
 * Translates a key, filling `{placeholders}`; a plural group is chosen by `params.count`, shown in the language's
 * digits. Unknown keys are returned unchanged.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const count = pluralCount(params.count);
  const text = find(locale, key, count) ?? find(DEFAULT_LOCALE, key, count) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params
      ? String(formatParam(locale, name, name === 'count' ? (count ?? params[name]) : params[name]))
      : whole,
  );
}
