import { EMBED_ATTR } from '@mutirao/widgets/embed';

/** Where the loader is served, as the server names it from its configuration (APP_URL) in a meta tag. */
export function embedBase(): string {
  const named = document.querySelector<HTMLMetaElement>('meta[name="mutirao:embed-base"]')?.content;
  return (named || window.location.origin).replace(/\/+$/, '');
}

/**
 * What an organiser pastes into another site's page (issue 35): the element the widget appears in, then the loader.
 * The loader waits for the page to be read, so the order only matters to people reading the code.
 */
export function embedSnippet(base: string, widgetId: number): string {
  return `<div ${EMBED_ATTR}="${widgetId}"></div>\n<script async src="${base}/embed.js"></script>`;
}
