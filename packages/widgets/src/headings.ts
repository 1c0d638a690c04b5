/**
 * Heading levels on a page, so they never skip whatever organisers write: the page title (h1, public page only),
 * each block's name (h2, visually hidden), widget titles and the content's own headings (from h3), and headings
 * inside a widget (from h4).
 */
export const HEADING_LEVELS = { page: 1, block: 2, widget: 3, content: 3, inWidget: 4 } as const;
