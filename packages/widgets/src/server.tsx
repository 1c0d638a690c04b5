import type { Locale, RichTextDocument } from '@mutirao/core';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { RichTextView } from './content/RichTextView';
import { ISLAND_MESSAGES_ID, islandMessages, islandNamesIn, scriptJson } from './islands/embed';
import { MobilizationPage, type MobilizationPageProps } from './MobilizationPage';
import { navbarScript } from './navbar-script';
import { widgetsCss } from './styles';

export interface RenderedMobilization {
  /** The page's markup, for inside <body>. */
  body: string;
  /** The stylesheet to inline in <head> (fonts' @font-face rules are the server's to add). */
  css: string;
  /** The script to inline at the end of <body>. */
  script: string;
  /**
   * For a page with interactive widgets: its messages as JSON and the island bundle's <script>, to end <body> with.
   * Empty for a page of content only, which ships no JavaScript beyond the navbar's few lines.
   */
  islands: string;
}

/**
 * The public page rendered to HTML on the server. A separate entry point (`@mutirao/widgets/server`) so the admin
 * app's bundle never pulls in the server renderer. `islandsSrc` is the address of the public bundle
 * (`build-islands.mjs`); without it the page renders all the same, without hydration.
 */
export function renderMobilizationHtml(
  props: Omit<MobilizationPageProps, 'mode' | 'slots'>,
  options: { islandsSrc?: string } = {},
): RenderedMobilization {
  const body = renderToString(<MobilizationPage {...props} mode="public" />);
  // Text is escaped, so only a widget's wrapper can carry the attribute with its quote.
  const names = islandNamesIn(body);
  const islands =
    names.length && options.islandsSrc
      ? `<script type="application/json" id="${ISLAND_MESSAGES_ID}">${scriptJson(islandMessages(props.locale, names))}</script>` +
        `<script defer src="${options.islandsSrc}"></script>`
      : '';
  return { body, css: widgetsCss, script: navbarScript, islands };
}

/**
 * A rich-text document as static HTML, with the same renderer as the page (the thank-you e-mail's body). No
 * hydration markers: nothing runs it in the browser.
 */
export function renderRichTextHtml(document: RichTextDocument, locale: Locale): string {
  return renderToStaticMarkup(<RichTextView document={document} mode="public" locale={locale} />);
}
