import { toRgba } from './color';
import { validateEmbed } from './embed';
import { fontAt } from './fonts';
import {
  ALIGNMENTS,
  type Alignment,
  emptyDocument,
  FONT_SIZE,
  HEADING_LEVELS,
  type HeadingLevel,
  type InlineNode,
  type ListElement,
  type ListItemElement,
  type RichText,
  type RichTextDocument,
  type TextMarks,
  type TopLevelElement,
} from './model';
import { safeHref, safeImageSrc } from './urls';

/*
 * Turns any JSON into a valid block-editor document. Stored content comes from the database, where an API client
 * may have written anything, so nothing is trusted: unknown element types are unwrapped to their text, unsafe URLs
 * are dropped, marks are checked, and every element gets the children Slate requires.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function toAlignment(value: unknown): Alignment | undefined {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return (ALIGNMENTS as readonly string[]).includes(v ?? '') ? (v as Alignment) : undefined;
}

export function toHeadingLevel(value: unknown): HeadingLevel | undefined {
  const n = Number(value);
  return (HEADING_LEVELS as readonly number[]).includes(n) ? (n as HeadingLevel) : undefined;
}

/** A font size the editor accepts: 0, negative or empty becomes the minimum (spec 02 §5). */
export function toFontSize(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (Number.isNaN(n)) return FONT_SIZE.min;
  return Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Math.round(n)));
}

/** Only known marks with well-formed values. */
export function toMarks(source: Json): TextMarks {
  const marks: TextMarks = {};
  if (source.bold === true) marks.bold = true;
  if (source.italic === true) marks.italic = true;
  if (source.underline === true) marks.underline = true;
  if (source.strikethrough === true) marks.strikethrough = true;
  const fontSize = toFontSize(source.fontSize);
  if (fontSize !== undefined) marks.fontSize = fontSize;
  if (typeof source.fontFamilyIndex === 'number' && fontAt(source.fontFamilyIndex)) {
    marks.fontFamilyIndex = source.fontFamilyIndex;
  }
  const color = toRgba(source.color);
  if (color) marks.color = color;
  return marks;
}

export function sameMarks(a: TextMarks, b: TextMarks): boolean {
  return (
    !!a.bold === !!b.bold &&
    !!a.italic === !!b.italic &&
    !!a.underline === !!b.underline &&
    !!a.strikethrough === !!b.strikethrough &&
    a.fontSize === b.fontSize &&
    a.fontFamilyIndex === b.fontFamilyIndex &&
    JSON.stringify(a.color) === JSON.stringify(b.color)
  );
}

function marksOf(leaf: RichText): TextMarks {
  const { text: _text, ...marks } = leaf;
  return marks;
}

/**
 * Inline children as Slate keeps them: adjacent texts with the same marks merged, empty texts dropped except where
 * Slate needs one (an element with no text, and around inline elements), so the editor never has to re-normalise.
 */
export function finishInlines(nodes: readonly InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if ('type' in node) {
      if (node.type === 'link') {
        const children = finishInlines(node.children).filter((c): c is RichText => !('type' in c));
        if (!children.some((c) => c.text)) continue;
        if (!last || 'type' in last) out.push({ text: '' });
        out.push({ ...node, children });
      } else {
        if (!last || 'type' in last) out.push({ text: '' });
        out.push(node);
      }
      continue;
    }
    if (last && !('type' in last) && sameMarks(marksOf(last), marksOf(node))) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
    } else if (node.text !== '' || !last || 'type' in last) {
      if (last && !('type' in last) && last.text === '') out[out.length - 1] = node;
      else out.push(node);
    }
  }
  const last = out[out.length - 1];
  if (!last || 'type' in last) out.push({ text: '' });
  return out;
}

function normalizeText(node: Json): RichText | undefined {
  return typeof node.text === 'string' ? { text: node.text, ...toMarks(node) } : undefined;
}

function textsOf(children: unknown): RichText[] {
  const out: RichText[] = [];
  for (const child of Array.isArray(children) ? children : []) {
    if (!isObject(child)) continue;
    const text = normalizeText(child);
    if (text) out.push(text);
    else out.push(...textsOf(child.children));
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const dim = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : NaN;
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : undefined;
};

function normalizeInlines(children: unknown): InlineNode[] {
  const out: InlineNode[] = [];
  for (const child of Array.isArray(children) ? children : []) {
    if (!isObject(child)) continue;
    const text = normalizeText(child);
    if (text) {
      out.push(text);
      continue;
    }
    switch (child.type) {
      case 'link': {
        const href = child.href === null ? null : safeHref(child.href);
        const children = textsOf(child.children);
        if (href === undefined) out.push(...children);
        else
          out.push({
            type: 'link',
            href,
            ...(str(child.title) ? { title: str(child.title) } : {}),
            ...(child.target === '_blank' || child.target === '_self' ? { target: child.target } : {}),
            children,
          });
        break;
      }
      case 'image':
      case 'imageLink': {
        const src = safeImageSrc(child.src);
        if (!src) break;
        const fields = {
          src,
          ...(str(child.title) ? { title: str(child.title) } : {}),
          ...(str(child.alt) ? { alt: str(child.alt) } : {}),
          ...(dim(child.width) ? { width: dim(child.width) } : {}),
          ...(dim(child.height) ? { height: dim(child.height) } : {}),
          ...(child.openExternal === true ? { openExternal: true } : {}),
        };
        const href = child.type === 'imageLink' ? safeHref(child.href) : undefined;
        if (href) out.push({ type: 'imageLink', href, ...fields, children: [{ text: '' }] });
        else out.push({ type: 'image', ...fields, children: [{ text: '' }] });
        break;
      }
      case 'embed': {
        const check = validateEmbed(child.embed);
        if (check.ok) out.push({ type: 'embed', embed: check.embed, children: [{ text: '' }] });
        break;
      }
      default:
        // An unknown inline, or a block where inline content belongs: keep its text.
        out.push(...normalizeInlines(child.children));
    }
  }
  return finishInlines(out);
}

function normalizeList(node: Json, type: ListElement['type']): ListElement | undefined {
  const children: ListElement['children'] = [];
  for (const child of Array.isArray(node.children) ? node.children : []) {
    if (!isObject(child)) continue;
    if (child.type === 'unordered-list' || child.type === 'ordered-list') {
      const nested = normalizeList(child, child.type);
      if (nested) children.push(nested);
    } else {
      const item: ListItemElement = { type: 'list-item', children: normalizeInlines(child.children ?? [child]) };
      const align = toAlignment(child.align);
      if (align) item.align = align;
      children.push(item);
    }
  }
  return children.length ? { type, children } : undefined;
}

function normalizeTopLevel(node: Json): TopLevelElement[] {
  const align = toAlignment(node.align);
  const withAlign = <T extends object>(el: T): T => (align ? { ...el, align } : el);
  switch (node.type) {
    case 'paragraph':
      return [withAlign({ type: 'paragraph', children: normalizeInlines(node.children) })];
    case 'heading':
      return [
        withAlign({
          type: 'heading',
          level: toHeadingLevel(node.level) ?? 2,
          children: normalizeInlines(node.children),
        }),
      ];
    case 'unordered-list':
    case 'ordered-list': {
      const list = normalizeList(node, node.type);
      return list ? [list] : [];
    }
    case 'list-item':
      return [
        {
          type: 'unordered-list',
          children: [withAlign({ type: 'list-item', children: normalizeInlines(node.children) })],
        },
      ];
    case 'grid': {
      const rows = (Array.isArray(node.children) ? node.children : []).filter(isObject).map((row) => ({
        type: 'grid-row' as const,
        children: (Array.isArray(row.children) ? row.children : []).filter(isObject).map((cell) => {
          const cellAlign = toAlignment(cell.align);
          return {
            type: 'grid-cell' as const,
            ...(cellAlign ? { align: cellAlign } : {}),
            children: normalizeInlines(cell.children),
          };
        }),
      }));
      const kept = rows.filter((r) => r.children.length);
      return kept.length ? [{ type: 'grid', children: kept }] : [];
    }
    default: {
      // Text at the top level, an inline, or an unknown block: keep what it says as a paragraph.
      if (typeof node.text === 'string' || node.type === 'link' || node.type === 'image' || node.type === 'embed') {
        return [withAlign({ type: 'paragraph', children: normalizeInlines([node]) })];
      }
      const children = Array.isArray(node.children) ? node.children.filter(isObject) : [];
      if (children.some((c) => typeof c.type === 'string' && !['link', 'image', 'imageLink', 'embed'].includes(c.type)))
        return children.flatMap(normalizeTopLevel);
      return [withAlign({ type: 'paragraph', children: normalizeInlines(children) })];
    }
  }
}

/** A valid document from any value: never empty (one empty paragraph at least). */
export function normalizeDocument(value: unknown): RichTextDocument {
  const nodes = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.children) ? value.children : [];
  const doc = nodes.filter(isObject).flatMap(normalizeTopLevel);
  return doc.length ? doc : emptyDocument();
}
