import type { Locale, RichTextDocument } from '@mutirao/core';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { RichTextView } from './content/RichTextView';
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
}

/**
 * The public page rendered to HTML on the server. A separate entry point (`@mutirao/widgets/server`) so the admin
 * app's bundle never pulls in the server renderer.
 */
export function renderMobilizationHtml(props: Omit<MobilizationPageProps, 'mode' | 'slots'>): RenderedMobilization {
  return {
    body: renderToString(<MobilizationPage {...props} mode="public" />),
    css: widgetsCss,
    script: navbarScript,
  };
}

/**
 * A rich-text document as static HTML, with the same renderer as the page (the thank-you e-mail's body). No
 * hydration markers: nothing runs it in the browser.
 */
export function renderRichTextHtml(document: RichTextDocument, locale: Locale): string {
  return renderToStaticMarkup(<RichTextView document={document} mode="public" locale={locale} />);
}
