import { DEFAULT_LOCALE, type Locale } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { isLocale } from './i18n';

/** The active locale, typed for core's `renderMessage` and formatters. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
