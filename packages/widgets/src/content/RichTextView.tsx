import { type Locale, translate } from '@mutirao/core/i18n';
import {
  type Alignment,
  fontAt,
  fontStack,
  type InlineNode,
  type ListElement,
  type ListItemElement,
  type RichText,
  type RichTextDocument,
  rgbaToCss,
  type TopLevelElement,
} from '@mutirao/core/richtext';
import { type CSSProperties, createElement, Fragment, type ReactNode } from 'react';
import { sizesFor, usePageImage } from '../images';
import type { RenderMode } from '../types';
import { EmbedView } from './EmbedView';

/*
 * Renders a block-editor document as React elements: every node of the model and every mark, nothing else. Text
 * and attributes go through React, so they are escaped; URLs were checked when the document was read
 * (`parseContent`). The one exception is an embed, the organiser's own snippet (see EmbedView).
 */

interface Ctx {
  mode: RenderMode;
  locale: Locale;
  /** The rendered level of each top-level heading, by position (see `headingLevels`). */
  levels: Map<number, number>;
  /** Images load at once (the page's first block, where the largest image a visitor first sees usually is). */
  eagerImages?: boolean;
}

/**
 * The levels a document's headings render at on a page, where they sit below the page's, the block's and the widget's
 * own headings: the author's first level becomes `base`, and no heading goes more than one level deeper than the one
 * before it, whatever the author chose (h1 then h3 renders as h3 then h4), so screen-reader users meet no gaps. The
 * look stays the author's: the class `mz-rt-h{level}` carries the authored size.
 */
export function headingLevels(document: RichTextDocument, base: number): Map<number, number> {
  const levels = new Map<number, number>();
  let previous = base - 1;
  document.forEach((node, index) => {
    if (node.type !== 'heading') return;
    const level = Math.min(6, Math.max(base, base - 1 + node.level), previous + 1);
    levels.set(index, level);
    previous = level;
  });
  return levels;
}

/** Document nodes carry no ids and a document always renders whole, so a node's position is its identity. */
function each<T>(items: readonly T[], render: (item: T) => ReactNode): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here (see above).
  return items.map((item, i) => <Fragment key={i}>{render(item)}</Fragment>);
}

const alignStyle = (align: Alignment | undefined): CSSProperties | undefined =>
  align ? { textAlign: align } : undefined;

function Leaf({ leaf }: { leaf: RichText }): ReactNode {
  const lines = leaf.text.split('\n');
  let node: ReactNode = [
    lines[0],
    ...each(lines.slice(1), (line) => (
      <>
        <br />
        {line}
      </>
    )),
  ];
  const style: CSSProperties = {};
  if (leaf.fontSize) style.fontSize = `${leaf.fontSize}px`;
  const font = fontAt(leaf.fontFamilyIndex);
  if (font) style.fontFamily = fontStack(font.family, font.category);
  if (leaf.color) style.color = rgbaToCss(leaf.color);
  if (Object.keys(style).length) node = <span style={style}>{node}</span>;
  if (leaf.strikethrough) node = <s>{node}</s>;
  if (leaf.underline) node = <u>{node}</u>;
  if (leaf.italic) node = <em>{node}</em>;
  if (leaf.bold) node = <strong>{node}</strong>;
  return node;
}

function NewTabNote({ locale }: { locale: Locale }) {
  return <span className="mz-visually-hidden"> {translate(locale, 'richtext.opensInNewTab')}</span>;
}

function hostOf(href: string): string {
  try {
    return new URL(href, 'https://x.invalid').hostname.replace(/^www\./, '');
  } catch {
    return href;
  }
}

interface ImageProps {
  node: { src: string; title?: string; width?: number; height?: number };
  alt: string;
  eager?: boolean;
}

/** An image, with its resized copies in `srcset` when the page has them (phones then load a small one). */
function Image({ node, alt, eager }: ImageProps) {
  const copies = usePageImage(node.src);
  return (
    <img
      className="mz-rt-image"
      src={node.src}
      srcSet={copies?.srcset}
      sizes={copies ? sizesFor(node.width ?? copies.width) : undefined}
      alt={alt}
      title={node.title}
      width={node.width}
      height={node.height}
      loading={eager ? 'eager' : 'lazy'}
      // The first block's image is usually the largest thing a visitor first sees (Largest Contentful Paint).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

function Inline({ node, ctx }: { node: InlineNode; ctx: Ctx }): ReactNode {
  if (!('type' in node)) return <Leaf leaf={node} />;
  switch (node.type) {
    case 'link': {
      const children = each(node.children, (leaf) => <Leaf leaf={leaf} />);
      if (!node.href) return <span>{children}</span>;
      const blank = node.target === '_blank';
      return (
        <a href={node.href} title={node.title} target={node.target} rel={blank ? 'noopener noreferrer' : undefined}>
          {children}
          {blank && <NewTabNote locale={ctx.locale} />}
        </a>
      );
    }
    case 'image':
      return <Image node={node} alt={node.alt ?? node.title ?? ''} eager={ctx.eagerImages} />;
    case 'imageLink':
      return (
        <a
          className="mz-rt-image-link"
          href={node.href}
          target={node.openExternal ? '_blank' : undefined}
          rel={node.openExternal ? 'noopener noreferrer' : undefined}
        >
          {/* A linked image needs a text alternative: the link has no other name. */}
          <Image node={node} alt={node.alt ?? node.title ?? hostOf(node.href)} eager={ctx.eagerImages} />
          {node.openExternal && <NewTabNote locale={ctx.locale} />}
        </a>
      );
    case 'embed':
      return <EmbedView embed={node.embed} mode={ctx.mode} locale={ctx.locale} />;
  }
}

function Inlines({ nodes, ctx }: { nodes: InlineNode[]; ctx: Ctx }): ReactNode {
  const isEmpty = nodes.every((n) => !('type' in n) && n.text === '');
  if (isEmpty) return <br />;
  return each(nodes, (node) => <Inline node={node} ctx={ctx} />);
}

const hasEmbed = (nodes: InlineNode[]) => nodes.some((n) => 'type' in n && n.type === 'embed');

/** List items, with each nested list moved inside the item before it (valid HTML for the editor's shape). */
function ListView({ list, ctx }: { list: ListElement; ctx: Ctx }): ReactNode {
  const entries: { item?: ListItemElement; nested: ListElement[] }[] = [];
  for (const child of list.children) {
    const last = entries[entries.length - 1];
    if (child.type === 'list-item') entries.push({ item: child, nested: [] });
    else if (last) last.nested.push(child);
    else entries.push({ nested: [child] });
  }
  const Tag = list.type === 'ordered-list' ? 'ol' : 'ul';
  return (
    <Tag>
      {each(entries, (entry) => (
        <li className={entry.item ? undefined : 'mz-rt-li--bare'} style={alignStyle(entry.item?.align)}>
          {entry.item && <Inlines nodes={entry.item.children} ctx={ctx} />}
          {each(entry.nested, (nested) => (
            <ListView list={nested} ctx={ctx} />
          ))}
        </li>
      ))}
    </Tag>
  );
}

function Block({ node, ctx, index }: { node: TopLevelElement; ctx: Ctx; index: number }): ReactNode {
  switch (node.type) {
    case 'paragraph':
      // An embed may hold block markup, which may not sit inside <p>: such a paragraph is a div.
      return createElement(
        hasEmbed(node.children) ? 'div' : 'p',
        { className: 'mz-rt-p', style: alignStyle(node.align) },
        <Inlines nodes={node.children} ctx={ctx} />,
      );
    case 'heading':
      return createElement(
        `h${ctx.levels.get(index) ?? node.level}`,
        { className: `mz-rt-heading mz-rt-h${node.level}`, style: alignStyle(node.align) },
        <Inlines nodes={node.children} ctx={ctx} />,
      );
    case 'unordered-list':
    case 'ordered-list':
      return <ListView list={node} ctx={ctx} />;
    case 'grid':
      return (
        <div className="mz-rt-grid">
          {each(node.children, (row) => (
            <div className="mz-rt-row">
              {each(row.children, (cell) => (
                <div className="mz-rt-cell" style={alignStyle(cell.align)}>
                  <Inlines nodes={cell.children} ctx={ctx} />
                </div>
              ))}
            </div>
          ))}
        </div>
      );
  }
}

export interface RichTextViewProps {
  document: RichTextDocument;
  mode: RenderMode;
  locale: Locale;
  /** The level the document's first heading level renders at (1 when the document stands alone, as in e-mail). */
  headingBase?: number;
  eagerImages?: boolean;
}

/** A whole document. */
export function RichTextView({ document, mode, locale, headingBase = 1, eagerImages }: RichTextViewProps) {
  const ctx = { mode, locale, levels: headingLevels(document, headingBase), eagerImages };
  return (
    <div className="mz-rich-text">
      {document.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a node's position is its identity (see `each`).
        <Block key={index} node={node} ctx={ctx} index={index} />
      ))}
    </div>
  );
}
