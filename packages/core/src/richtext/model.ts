/**
 * The block-editor document model (spec 02 §3, "Rich-text document model"), in the shape Slate uses: a document is an
 * array of block elements; an element has a `type` and `children`; text leaves carry their marks as properties.
 * Core holds only the types and pure functions over them, with no dependency on Slate, so the server, the public
 * renderer and the editor share one definition.
 *
 * Structure (what the editor's transforms keep and the converters produce):
 * - top level: paragraph, heading, unordered-list, ordered-list, grid;
 * - a list holds list items and nested lists (a nested list follows the item it belongs to, as the original editor's
 *   "increase depth" wraps an item in a list of the same type);
 * - grid > grid-row > grid-cell;
 * - paragraph, heading, list-item and grid-cell hold inline content: text, links, images, image links and embeds.
 */

export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export const LINK_TARGETS = ['_blank', '_self'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/**
 * Legacy editors set sizes from this list; each maps to a heading (spec 02 §9: 8, 16, 24, 48, 72, 80 → h6 … h1).
 * Keyed by pixel size.
 */
export const LEGACY_FONT_SIZE_HEADINGS: Readonly<Record<number, HeadingLevel>> = {
  8: 6,
  16: 5,
  24: 4,
  48: 3,
  72: 2,
  80: 1,
};

/** Block editor font size limits (spec 02 §5, §9): initial 16, step 1, minimum 1. */
export const FONT_SIZE = { initial: 16, step: 1, min: 1, max: 400 } as const;

/** A colour as the colour mark stores it; `a` is 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Marks a text leaf may carry. Boolean marks are `true` or absent. */
export interface TextMarks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  /** Pixels. */
  fontSize?: number;
  /** Index into `RICH_TEXT_FONTS`. */
  fontFamilyIndex?: number;
  color?: Rgba;
}

export const MARK_KEYS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'fontSize',
  'fontFamilyIndex',
  'color',
] as const satisfies readonly (keyof TextMarks)[];

/** A run of text. A "\n" inside it is a line break within the block. */
export interface RichText extends TextMarks {
  text: string;
}

/** An empty text child, as Slate requires inside void elements. */
export type EmptyText = { text: '' };

export interface LinkElement {
  type: 'link';
  /** null when a link in an atomic block was cleared (spec 02 §4, link toggle). */
  href: string | null;
  title?: string;
  target?: LinkTarget;
  children: RichText[];
}

interface ImageFields {
  src: string;
  /** 'Título': shown on hover. */
  title?: string;
  /** Text for screen readers; the title is used when absent. */
  alt?: string;
  width?: number;
  height?: number;
  /** 'Abrir em nova aba'. */
  openExternal?: boolean;
}

export interface ImageElement extends ImageFields {
  type: 'image';
  children: [EmptyText];
}

export interface ImageLinkElement extends ImageFields {
  type: 'imageLink';
  href: string;
  children: [EmptyText];
}

/** An organiser's HTML snippet: it must start with an iframe or a script tag (see `validateEmbed`). */
export interface EmbedElement {
  type: 'embed';
  embed: string;
  children: [EmptyText];
}

export type InlineElement = LinkElement | ImageElement | ImageLinkElement | EmbedElement;
export type InlineNode = RichText | InlineElement;

export interface ParagraphElement {
  type: 'paragraph';
  align?: Alignment;
  children: InlineNode[];
}

export interface HeadingElement {
  type: 'heading';
  level: HeadingLevel;
  align?: Alignment;
  children: InlineNode[];
}

export interface ListItemElement {
  type: 'list-item';
  align?: Alignment;
  children: InlineNode[];
}

export interface ListElement {
  type: 'unordered-list' | 'ordered-list';
  children: (ListItemElement | ListElement)[];
}

export interface GridCellElement {
  type: 'grid-cell';
  align?: Alignment;
  children: InlineNode[];
}

export interface GridRowElement {
  type: 'grid-row';
  children: GridCellElement[];
}

export interface GridElement {
  type: 'grid';
  children: GridRowElement[];
}

/** Elements holding inline content. */
export type TextBlockElement = ParagraphElement | HeadingElement | ListItemElement | GridCellElement;
/** Elements allowed at the top of a document. */
export type TopLevelElement = ParagraphElement | HeadingElement | ListElement | GridElement;
export type BlockElement = TopLevelElement | ListItemElement | GridRowElement | GridCellElement;
export type RichTextElement = BlockElement | InlineElement;
export type RichTextNode = RichTextElement | RichText;

/** A whole block-editor document. */
export type RichTextDocument = TopLevelElement[];

export const INLINE_TYPES = ['link', 'image', 'imageLink', 'embed'] as const;
export const VOID_TYPES = ['image', 'imageLink', 'embed'] as const;
export const TEXT_BLOCK_TYPES = ['paragraph', 'heading', 'list-item', 'grid-cell'] as const;
export const LIST_TYPES = ['unordered-list', 'ordered-list'] as const;

export function isText(node: unknown): node is RichText {
  return typeof node === 'object' && node !== null && typeof (node as { text?: unknown }).text === 'string';
}

export function isInlineElement(node: RichTextNode): node is InlineElement {
  return 'type' in node && (INLINE_TYPES as readonly string[]).includes(node.type);
}

export function isVoidElement(node: RichTextNode): node is ImageElement | ImageLinkElement | EmbedElement {
  return 'type' in node && (VOID_TYPES as readonly string[]).includes(node.type);
}

export function isList(node: RichTextNode): node is ListElement {
  return 'type' in node && (node.type === 'unordered-list' || node.type === 'ordered-list');
}

/** A document with one empty paragraph: what the editor starts from. */
export function emptyDocument(): RichTextDocument {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

/** The plain text of a node or document, blocks separated by newlines (for previews, alt fallbacks, search). */
export function plainText(nodes: readonly RichTextNode[]): string {
  const parts: string[] = [];
  for (const node of nodes) {
    if (isText(node)) parts.push(node.text);
    else if (node.type === 'image' || node.type === 'imageLink' || node.type === 'embed') continue;
    else {
      const inner = plainText(node.children as RichTextNode[]);
      parts.push(isInlineElement(node) ? inner : `${inner}\n`);
    }
  }
  return parts.join('').replace(/\n+$/, '');
}
