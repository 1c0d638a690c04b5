import { catalogues, DEFAULT_LOCALE, formatParam, LOCALES, type Locale, withEveryPluralForm } from '@mutirao/core';
import type { FormatterModule, InitOptions } from 'i18next';

/** `{count}` in the language's digits, as core's `translate` shows it; the plural form is chosen by the number. */
export const countFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng, options) => formatParam(lng ?? DEFAULT_LOCALE, options?.interpolationkey, value),
};

/**
 * i18next reading core's catalogues as core's `translate` does: placeholders written `{name}`, and each plural group
 * filled with every form i18next looks up, so both choose the same form for a count.
 */
export function i18nextOptions(lng: Locale): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: withEveryPluralForm(l, catalogues[l]) }])),
    interpolation: { prefix: '{', suffix: '}', escapeValue: false, alwaysFormat: true },
    returnNull: false,
  };
}
