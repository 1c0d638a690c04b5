import type { Locale } from '@mutirao/core';
import { pageFontFamilies } from '@mutirao/widgets';
import { renderMobilizationHtml } from '@mutirao/widgets/server';
import { presentBlock } from '../blocks/presenter';
import { presentWidget } from '../widgets/presenter';
import { fontFaceCss } from './fonts';
import type { PublicPageData } from './pages';
import type { RenderedBody } from './routes';

/** The public page from the same components as the editor, plus @font-face rules for the fonts it uses. */
export function renderPublicPage(
  { mobilization: m, blocks, widgets, actionCounts, images }: PublicPageData,
  islandsSrc?: string,
): RenderedBody {
  const page = {
    id: m.id,
    name: m.name,
    header_font: m.headerFont,
    body_font: m.bodyFont,
    color_scheme: m.colorScheme,
    twitter_share_text: m.twitterShareText,
    antispam_challenge: m.antispamChallenge,
  };
  const pageBlocks = blocks.map((b) => presentBlock(b));
  const pageWidgets = widgets.map((w) => presentWidget(w, actionCounts));
  const locale: Locale = m.language === 'es' ? 'es' : 'pt-BR';
  const rendered = renderMobilizationHtml(
    { mobilization: page, blocks: pageBlocks, widgets: pageWidgets, locale, images },
    { islandsSrc },
  );
  const fonts = fontFaceCss(pageFontFamilies(page, pageBlocks, pageWidgets));
  return { ...rendered, css: fonts + rendered.css };
}
