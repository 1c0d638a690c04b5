import type { Locale } from '@mutirao/core';
import { DEFAULT_BODY_FONT, pageFontFamilies } from '@mutirao/widgets';
import { renderMobilizationHtml } from '@mutirao/widgets/server';
import { fontFaceCss, fontPreloads } from './fonts';
import type { PublicPageData } from './pages';
import type { RenderedBody } from './routes';

/** The public page from the same components as the editor, plus @font-face rules for the fonts it uses. */
export function renderPublicPage(
  { mobilization: m, blocks, widgets, formEntriesCounts }: PublicPageData,
  islandsSrc?: string,
): RenderedBody {
  const page = {
    id: m.id,
    name: m.name,
    header_font: m.headerFont,
    body_font: m.bodyFont,
    color_scheme: m.colorScheme,
    twitter_share_text: m.twitterShareText,
  };
  const pageBlocks = blocks.map((b) => ({
    id: b.id,
    name: b.name,
    position: b.position,
    hidden: b.hidden,
    menu_hidden: b.menuHidden,
    bg_class: b.bgClass,
    bg_image: b.bgImage,
  }));
  const pageWidgets = widgets.map((w) => ({
    id: w.id,
    block_id: w.blockId,
    kind: w.kind,
    sm_size: w.smSize,
    md_size: w.mdSize,
    lg_size: w.lgSize,
    settings: w.settings,
    ...(w.kind === 'form' && { form_entries_count: formEntriesCounts.get(w.id) ?? 0 }),
  }));
  const locale: Locale = m.language === 'es' ? 'es' : 'pt-BR';
  const rendered = renderMobilizationHtml(
    { mobilization: page, blocks: pageBlocks, widgets: pageWidgets, locale },
    { islandsSrc },
  );
  const fonts = fontFaceCss(pageFontFamilies(page, pageBlocks, pageWidgets));
  const body = m.bodyFont?.trim() || DEFAULT_BODY_FONT;
  const head = fontPreloads([
    { family: m.headerFont?.trim() || body, weight: 700 },
    { family: body, weight: 400 },
  ]);
  return { ...rendered, css: fonts + rendered.css, head };
}
