import { calculatorMessages } from './calculator';
import { donationMessages } from './donationMessages';
import { pressureMessages } from './pressureMessages';
import { pressurePhoneMessages } from './pressurePhoneMessages';

/** The languages of the catalogues (`i18n/index.ts` lists them; repeated here so this file imports no catalogue). */
type Language = 'pt-BR' | 'es' | 'en';

/**
 * Each kind's own interface text, per language, merged into the catalogues as `kinds.<kind>`. A kind module keeps
 * its messages beside its rules; this map is the one place that lists them. Nothing here may import zod or the
 * catalogues: the public islands read these sections in the browser.
 */
export const KIND_MESSAGES = {
  busao0800: calculatorMessages,
  donation: donationMessages,
  /** Both pressure kinds (`pressure`, `pressure-phone`) read this section. */
  pressure: {
    'pt-BR': { ...pressureMessages['pt-BR'], ...pressurePhoneMessages['pt-BR'] },
    es: { ...pressureMessages.es, ...pressurePhoneMessages.es },
    en: { ...pressureMessages.en, ...pressurePhoneMessages.en },
  },
} satisfies Record<string, Record<Language, Record<string, string>>>;

type KindSection<L extends Language> = { [K in keyof typeof KIND_MESSAGES]: (typeof KIND_MESSAGES)[K][L] };

/** The `kinds` section of one language's catalogue. */
export function kindCatalogue<L extends Language>(language: L): KindSection<L> {
  const entries = Object.entries(KIND_MESSAGES).map(([kind, messages]) => [kind, messages[language]]);
  return Object.fromEntries(entries) as KindSection<L>;
}
