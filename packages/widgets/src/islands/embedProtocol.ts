/*
 * What the embed loader (`loader.ts`, served at /embed.js), the server's embed endpoint and each kind's embed bundle
 * (`embedIsland.tsx`) agree on. Nothing here touches the DOM, so the server imports it too.
 */

/** The snippet's element: `<div data-mutirao-widget="{widget id}"></div>`. */
export const EMBED_ATTR = 'data-mutirao-widget';

/**
 * Where the loader reads the server's address: the server writes its configured address over this marker when it
 * loads the loader, so the address never comes from the host page or from a request's Host.
 */
export const EMBED_BASE_MARKER = '%%MUTIRAO_BASE%%';

/** The widget kinds that can be placed on another site: the action widgets. */
export const EMBEDDABLE_KINDS = ['form', 'pressure', 'pressure-phone', 'donation'] as const;
export type EmbeddableKind = (typeof EMBEDDABLE_KINDS)[number];
export const isEmbeddableKind = (kind: string): kind is EmbeddableKind =>
  (EMBEDDABLE_KINDS as readonly string[]).includes(kind);

/** `GET /api/embed/widgets/{id}`: one widget, ready to render in a shadow root. */
export interface EmbedAnswer {
  kind: EmbeddableKind;
  /** The island's name (`data-mz-island`), which names its embed bundle. */
  island: string;
  /** The widget as the public page renders it, inside the page's theme wrapper (`.mz-page.mz-scheme-…`). */
  html: string;
  /** The island's props, as the public page embeds them. */
  props: unknown;
  /** The catalogue sections the island reads, in the page's language. */
  messages: Record<string, unknown>;
  /** The stylesheet for the shadow root: the page's widget CSS and the embed's own few rules. */
  css: string;
  /** @font-face rules for the page's fonts (absolute addresses): shadow roots ignore them, so the document gets them. */
  fonts: string;
  /** The kind's embed bundle, an absolute address from the server's configuration (content-hashed, long-cached). */
  script: string;
  /** The page's language. */
  locale: string;
  /** Where the consent notice links: the request form's absolute address. */
  privacy: string;
}

/** What a kind's embed bundle is given to render one widget. */
export interface EmbedMount {
  /** The island's wrapper inside the shadow root (the element carrying `data-mz-island`). */
  root: unknown;
  props: unknown;
  messages: Record<string, unknown>;
  locale: string;
  /** The server's address, for the widget's API calls (`apiUrl`). */
  api: string;
  /** Where the consent notice links (`ConsentLink`). */
  privacy: string;
}

/** The global the loader and the embed bundles meet on: each bundle registers its island's mount function. */
export const EMBED_GLOBAL = '__mutiraoEmbed';
export interface EmbedRegistry {
  islands: Record<string, (mount: EmbedMount) => void>;
  /** The loader's: renders the snippet elements not yet rendered (set by the first copy of the loader to run). */
  scan?: () => void;
}
