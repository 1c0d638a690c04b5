import { fontAt, type RichTextDocument } from '@mutirao/core';
import { FONT_LOADERS } from './fontLoaders';

const loading = new Map<string, Promise<unknown>>();

/** Downloads a family of the editor's font list once; later calls share the first download. */
export function loadFontFamily(family: string): Promise<unknown> {
  const existing = loading.get(family);
  if (existing) return existing;
  const loader = FONT_LOADERS[family];
  const promise = loader
    ? loader().catch((error) => console.error(`[editor] font ${family} failed to load`, error))
    : Promise.resolve();
  loading.set(family, promise);
  return promise;
}

/** Downloads the family a `fontFamilyIndex` mark points to. */
export function loadFontIndex(index: number | undefined): void {
  const font = fontAt(index);
  if (font) void loadFontFamily(font.family);
}

/** Every `fontFamilyIndex` used in a document, so a page shows its texts in their own fonts. */
export function fontIndexesIn(nodes: readonly unknown[], found = new Set<number>()): Set<number> {
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    const { fontFamilyIndex, children } = node as { fontFamilyIndex?: unknown; children?: unknown };
    if (typeof fontFamilyIndex === 'number') found.add(fontFamilyIndex);
    if (Array.isArray(children)) fontIndexesIn(children, found);
  }
  return found;
}

export function loadFontsOf(document: RichTextDocument | readonly unknown[]): void {
  for (const index of fontIndexesIn(document)) loadFontIndex(index);
}
