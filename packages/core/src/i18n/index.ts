import { en } from './en';
import { es } from './es';
import { ptBR } from './pt-BR';
import type { Catalogue, MessageKey } from './types';

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
  return lookup(catalogues[DEFAULT_LOCALE], key) !== undefined;
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a key, filling `{placeholders}`. Unknown keys are returned unchanged. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogues[locale], key) ?? lookup(catalogues[DEFAULT_LOCALE], key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
