import type { Locale, RichTextDocument } from '@mutirao/core';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { ConsentLink } from './action/ActionParts';
import { RichTextView } from './content/RichTextView';
import { type PageImage, PageImages } from './images';
import { ISLAND_ATTR, ISLAND_MESSAGES_ID, islandMessages, islandNamesIn, scriptJson } from './islands/embed';
import { isEmbeddableKind } from './islands/embedProtocol';
import { MobilizationPage, type MobilizationPageProps, pageTheme } from './MobilizationPage';
import { navbarScript } from './navbar-script';
import { widgetModule } from './registry';
import { widgetsCss } from './styles';
import type { PageBlock, PageMobilization, PageWidget } from './types';

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

/**
 * The few rules an embedded widget adds to the page's stylesheet, in its shadow root: the host element is a block
 * that inherits nothing from the host page, and without the page's navbar nothing keeps a distance from the top.
 */
export const EMBED_CSS =
  ':host{all:initial;display:block}' +
  '.mz-embed{--mz-navbar-height:0px;background:transparent}' +
  '.mz-embed .mz-blocks{padding:.25rem}';

/** One action widget as another site embeds it (`GET /api/embed/widgets/{id}`), without its fonts and script. */
export interface RenderedWidgetEmbed {
  island: string;
  html: string;
  props: unknown;
  messages: Record<string, unknown>;
  css: string;
}

/**
 * An action widget rendered as on its public page, for a shadow root on another site: the page's theme wrapper (its
 * scheme and fonts) around the island's wrapper and the widget's server-rendered markup, which the kind's embed
 * bundle hydrates from `props`. Undefined for a kind that cannot be embedded.
 */
export function renderWidgetEmbed(input: {
  mobilization: PageMobilization;
  block: PageBlock;
  widget: PageWidget;
  locale: Locale;
  images?: Readonly<Record<string, PageImage>>;
  /** The consent notice's link: the request form's absolute address (the page's `/seus-dados` is not on the site). */
  privacyUrl: string;
}): RenderedWidgetEmbed | undefined {
  const { mobilization, block, widget, locale, images = {}, privacyUrl } = input;
  const module = widgetModule(widget.kind);
  if (!module?.island || !isEmbeddableKind(module.kind)) return undefined;
  const viewProps = { widget, block, mobilization, locale, mode: 'public' as const };
  const theme = pageTheme(mobilization, 'public');
  const attrs = { [ISLAND_ATTR]: module.island.name };
  const html = renderToString(
    <PageImages.Provider value={images}>
      <ConsentLink.Provider value={privacyUrl}>
        <div className={`${theme.className} mz-embed`} style={theme.style} lang={locale}>
          <div className="mz-blocks">
            <div className={`mz-widget mz-widget--${module.kind}`} {...attrs}>
              <module.View {...viewProps} />
            </div>
          </div>
        </div>
      </ConsentLink.Provider>
    </PageImages.Provider>,
  );
  return {
    island: module.island.name,
    html,
    props: module.island.props(viewProps),
    messages: islandMessages(locale, [module.island.name]),
    css: widgetsCss + EMBED_CSS,
  };
}
