import { catalogues, type Locale } from '@mutirao/core/i18n';

/**
 * The catalogue sections the public bundle's components read. The page carries only these, in its own language,
 * instead of the bundle carrying every catalogue (see `islands/build.mjs`, which stands them in for the catalogues).
 */
export const ISLAND_MESSAGE_SECTIONS = [
  'actionWidget',
  'formWidget',
  'formView',
  'counter',
  'shareScreen',
  'richtext',
  'offline',
  'kinds',
  'antispam',
] as const;

/** The element ids and attributes the server writes and the bundle reads. */
export const ISLAND_ATTR = 'data-mz-island';
export const ISLAND_PROPS_ATTR = 'data-mz-props';
export const ISLAND_MESSAGES_ID = 'mz-messages';
/** On an island's wrapper when its page requires the anti-spam challenge (`action/challenge.ts`). */
export const CHALLENGE_ATTR = 'data-mz-challenge';

/**
 * JSON for inside a <script> element: `<`, `>` and `&` escaped as \\u sequences, so no text in it (an organiser's
 * `</script>`, a `<!--`) can end the element or start markup. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The messages an island page embeds: the bundle's sections of the page's catalogue. With `islands` (the names of
 * the islands on the page), `kinds` keeps only their own kinds' sections (`pressure-phone` reads `kinds.pressure`):
 * a page with a form does not carry the donation widget's texts.
 */
export function islandMessages(locale: Locale, islands?: readonly string[]): Record<string, unknown> {
  const catalogue = catalogues[locale] as unknown as Record<string, unknown>;
  const sections = Object.fromEntries(ISLAND_MESSAGE_SECTIONS.map((section) => [section, catalogue[section]]));
  if (!islands) return sections;
  const kinds = Object.entries(catalogue.kinds as Record<string, unknown>).filter(([kind]) =>
    islands.some((name) => name === kind || name.startsWith(`${kind}-`)),
  );
  return { ...sections, kinds: Object.fromEntries(kinds) };
}

/** The names of the islands in a rendered body (their wrappers carry `data-mz-island="{name}"`). */
export const islandNamesIn = (body: string) => [
  ...new Set([...body.matchAll(new RegExp(` ${ISLAND_ATTR}="([^"]+)"`, 'g'))].map((m) => m[1] as string)),
];
