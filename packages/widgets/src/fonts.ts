import { contentOfSettings, fontAt, type RichTextNode } from '@mutirao/core';
import { DEFAULT_BODY_FONT } from './MobilizationPage';
import type { PageBlock, PageMobilization, PageWidget } from './types';

function collect(nodes: readonly RichTextNode[], into: Set<string>) {
  for (const node of nodes) {
    if ('text' in node) {
      const font = fontAt(node.fontFamilyIndex);
      if (font) into.add(font.family);
    } else collect(node.children as RichTextNode[], into);
  }
}

/**
 * The font families a page uses: its header and body fonts and every family picked in its content widgets. The
 * server serves @font-face rules for these only, so a page downloads no font it does not show.
 */
export function pageFontFamilies(
  mobilization: PageMobilization,
  blocks: readonly PageBlock[],
  widgets?: readonly PageWidget[],
): string[] {
  const families = new Set<string>();
  families.add(mobilization.body_font?.trim() || DEFAULT_BODY_FONT);
  if (mobilization.header_font?.trim()) families.add(mobilization.header_font.trim());
  const all = [...(widgets ?? []), ...blocks.flatMap((b) => b.widgets ?? [])];
  for (const widget of all) {
    if (widget.kind === 'content') collect(contentOfSettings(widget.settings).document, families);
  }
  return [...families];
}
