/**
 * Plural messages, written as i18next writes them so the admin app's i18next and core's `translate` read the same
 * catalogue: a message that shows a count is a group of keys `name_one` and `name_other` (and `name_zero`,
 * `name_few`, `name_many`… where a language needs its own text), chosen by `Intl.PluralRules` for `params.count`.
 * Callers ask for `name`, with `count` a number.
 */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

// Literals only at the top level, so the public island bundle drops what it does not call.
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const rulesByLocale: Record<string, Intl.PluralRules> = {};
const rules = (locale: string) => (rulesByLocale[locale] ??= new Intl.PluralRules(locale));

/**
 * The keys to try for `count`, best first. 0 tries `_zero` and then `_other` ('0 pessoas', as Brazilians write it,
 * although CLDR's Portuguese rule puts 0 with 1); any other count tries its CLDR category, then `_other`, so
 * `_many` (CLDR's newer Spanish and Portuguese rules give it to 1000000) and `_few` need writing only where their
 * text differs.
 */
export function pluralKeys(locale: string, key: string, count: number): string[] {
  return [`${key}_${count === 0 ? 'zero' : rules(locale).select(count)}`, `${key}_other`];
}

/** The count a message is chosen by: a number, or the digits an encoded message (`msg`) carries as text. */
export function pluralCount(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `name` for `name_one`, `name_other`…; undefined for a key that is no plural form. */
export function pluralBase(key: string): string | undefined {
  return SUFFIX.test(key) ? key.replace(SUFFIX, '') : undefined;
}

/** How a parameter reads in a message: a number `count` in the language's digits ('1.234'); anything else as given. */
export function formatParam<T>(locale: string, name: string | undefined, value: T): T | string {
  return name === 'count' && typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
}

type Tree = { [key: string]: string | Tree };

/**
 * A copy of a catalogue in which every plural group holds each category i18next may look up in this language,
 * `_zero` included, filled from `_other` where not written: i18next falls back from a missing `_many` to the bare
 * key, not to `_other`, so this gives i18next the choice `pluralKeys` makes.
 */
export function withEveryPluralForm<T extends object>(locale: string, catalogue: T): T {
  const categories = new Set<string>(['zero', ...rules(locale).resolvedOptions().pluralCategories]);
  const fill = (node: Tree): Tree => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = typeof value === 'string' ? value : fill(value);
      const base = pluralBase(key);
      if (typeof value !== 'string' || !key.endsWith('_other') || base === undefined) continue;
      for (const category of categories) if (!(`${base}_${category}` in node)) out[`${base}_${category}`] = value;
    }
    return out;
  };
  return fill(catalogue as Tree) as T;
}
