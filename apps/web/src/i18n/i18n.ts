import { type Catalogue, LOCALES, type Locale, resolveLocale } from '@mutirao/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../api/cookies';
import { countFormatter, i18nextOptions } from './i18nextSetup';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    // The catalogues are shared with the server, which writes placeholders as `{name}`.
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

export const LOCALE_COOKIE = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Same order the server uses: the language switch's cookie first, then the browser's languages. */
function initialLocale(): Locale {
  const stored = readCookie(LOCALE_COOKIE);
  if (stored) return resolveLocale(stored);
  return resolveLocale(navigator.languages?.join(',') || navigator.language);
}

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

const locale = initialLocale();
document.documentElement.lang = locale;

i18next.use(initReactI18next).use(countFormatter).init(i18nextOptions(locale));

/** Switches the interface, and tells the server (through the cookie) to answer errors in the same language. */
export async function changeLocale(next: Locale) {
  writeCookie(LOCALE_COOKIE, next, { maxAgeSeconds: ONE_YEAR_SECONDS });
  document.documentElement.lang = next;
  await i18next.changeLanguage(next);
}

export { i18next };
