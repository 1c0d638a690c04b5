import { type Catalogue, catalogues, LOCALES } from '@mutirao/core';
import { islandMessages } from './embed';

/**
 * For tests: runs `fn` with only the catalogue sections a page embeds for the public bundle, as the bundle reads
 * them, so a component that needs a message the page does not carry fails here rather than in visitors' browsers.
 */
export function withIslandCatalogue<T>(fn: () => T): T {
  const saved = { ...catalogues };
  const embedded = islandMessages('pt-BR') as unknown as Catalogue;
  for (const locale of LOCALES) catalogues[locale] = embedded;
  try {
    return fn();
  } finally {
    Object.assign(catalogues, saved);
  }
}
