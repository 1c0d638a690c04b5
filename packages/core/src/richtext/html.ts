import { Parser } from 'htmlparser2';
import { parseCssColor } from './color';
import { fontIndexOf } from './fonts';
import { promoteLegacyHeading } from './legacy-heading';
import type {
  Alignment,
  GridCellElement,
  GridRowElement,
  InlineNode,
  LinkElement,
  LinkTarget,
  ListElement,
  ListItemElement,
  RichText,
  RichTextDocument,
  TextMarks,
  TopLevelElement,
} from './model';
import { finishInlines, normalizeDocument, toAlignment, toFontSize } from './normalize';
import { safeHref, safeImageSrc } from './urls';

/*
 * Legacy HTML → block-editor document, without a DOM. The HTML is tokenised by htmlparser2 into a small tree, then
 * walked with an allow-list: known tags map to document nodes, unknown tags are unwrapped to their text, and
 * script, style, forms, objects and the like are dropped with their content. No attribute is carried over except
 * the few the model has a field for (href, src, title, alt, width, height, target, and the style properties that
 * are marks), and every URL passes `safeHref`/`safeImageSrc`. Because the result is a document, not HTML, nothing of
 * the input reaches a page except through the renderer's React elements. The only HTML that survives as HTML is an
 * iframe, rebuilt from its checked attributes as an embed node.
 */

interface HtmlElement {
  name: string;
  attribs: Record<string, string>;
  children: HtmlNode[];
}
type HtmlNode = HtmlElement | string;

const MAX_DEPTH = 200;

/** Tokenises HTML into a tree of elements and text (entities decoded; implied end tags closed). */
export function parseHtmlTree(html: string): HtmlElement {
  const root: HtmlElement = { name: '#root', attribs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el: HtmlElement = { name, attribs, children: [] };
        stack[stack.length - 1]?.children.push(el);
        stack.push(el);
      },
      ontext(text) {
        stack[stack.length - 1]?.children.push(text);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return root;
}

const DROP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'object',
  'embed',
  'applet',
  'param',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'frame',
  'frameset',
  'dialog',
  'portal',
]);

const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'blockquote',
  'pre',
  'center',
  'address',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'body',
  'html',
]);

const HEADINGS: Record<string, 1 | 2 | 3 | 4 | 5 | 6> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** `<font size>` 1–7 in pixels, as browsers render them. */
const FONT_TAG_SIZES = [10, 13, 16, 18, 24, 32, 48];
const KEYWORD_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
};

interface Ctx {
  marks: TextMarks;
  link?: { href: string | null; title?: string; target?: LinkTarget };
  pre: boolean;
  align?: Alignment;
  depth: number;
}

function parseStyle(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of (style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0)
      out.set(
        decl.slice(0, i).trim().toLowerCase(),
        decl
          .slice(i + 1)
          .replace(/!important/i, '')
          .trim(),
      );
  }
  return out;
}

function cssFontSize(value: string): number | undefined {
  const v = value.trim().toLowerCase();
  if (KEYWORD_SIZES[v]) return KEYWORD_SIZES[v];
  const m = /^([\d.]+)(px|pt|em|rem)?$/.exec(v);
  if (!m?.[1]) return undefined;
  const n = Number.parseFloat(m[1]);
  const px = m[2] === 'pt' ? (n * 4) / 3 : m[2] === 'em' || m[2] === 'rem' ? n * 16 : n;
  return toFontSize(px);
}

/** Marks and alignment an element's tag, presentational attributes and style add to its context. */
function contextFor(el: HtmlElement, ctx: Ctx): Ctx {
  const marks: TextMarks = { ...ctx.marks };
  let align = ctx.align;
  switch (el.name) {
    case 'b':
    case 'strong':
    case 'th':
      marks.bold = true;
      break;
    case 'i':
    case 'em':
    case 'cite':
    case 'var':
    case 'dfn':
      marks.italic = true;
      break;
    case 'u':
    case 'ins':
      marks.underline = true;
      break;
    case 's':
    case 'strike':
    case 'del':
      marks.strikethrough = true;
      break;
    case 'center':
      align = 'center';
      break;
    case 'font': {
      const size = Number.parseInt(el.attribs.size ?? '', 10);
      if (size >= 1 && size <= 7) marks.fontSize = FONT_TAG_SIZES[size - 1];
      const color = el.attribs.color ? parseCssColor(el.attribs.color) : undefined;
      if (color) marks.color = color;
      const face = el.attribs.face
        ?.split(',')
        .map(fontIndexOf)
        .find((i) => i !== undefined);
      if (face !== undefined) marks.fontFamilyIndex = face;
      break;
    }
  }
  align = toAlignment(el.attribs.align) ?? align;
  const style = parseStyle(el.attribs.style);
  const weight = style.get('font-weight');
  if (weight) {
    if (/^(bold|bolder|[6-9]00)$/i.test(weight)) marks.bold = true;
    else if (/^(normal|lighter|[1-4]00)$/i.test(weight)) delete marks.bold;
  }
  const fontStyle = style.get('font-style');
  if (fontStyle) {
    if (/italic|oblique/i.test(fontStyle)) marks.italic = true;
    else if (/normal/i.test(fontStyle)) delete marks.italic;
  }
  const decoration = style.get('text-decoration') ?? style.get('text-decoration-line');
  if (decoration) {
    if (/underline/i.test(decoration)) marks.underline = true;
    if (/line-through/i.test(decoration)) marks.strikethrough = true;
    if (/^none$/i.test(decoration)) {
      delete marks.underline;
      delete marks.strikethrough;
    }
  }
  const color = style.get('color');
  const rgba = color ? parseCssColor(color) : undefined;
  if (rgba) marks.color = rgba;
  const size = style.get('font-size');
  const px = size ? cssFontSize(size) : undefined;
  if (px) marks.fontSize = px;
  const family = style.get('font-family');
  const index = family
    ?.split(',')
    .map(fontIndexOf)
    .find((i) => i !== undefined);
  if (index !== undefined) marks.fontFamilyIndex = index;
  align = toAlignment(style.get('text-align')) ?? align;
  return { ...ctx, marks, align, pre: ctx.pre || el.name === 'pre', depth: ctx.depth + 1 };
}

const dimension = (value: string | undefined) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && n < 10_000 && /^\s*\d+\s*(px)?\s*$/.test(value ?? '') ? n : undefined;
};

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An iframe rebuilt from its allowed attributes, or nothing when its source is not a web address. */
function iframeEmbed(el: HtmlElement): InlineNode | undefined {
  const src = safeImageSrc(el.attribs.src);
  if (!src || src.startsWith('/')) return undefined;
  const attrs = [`src="${escapeAttr(src)}"`];
  for (const name of ['width', 'height']) {
    const value = dimension(el.attribs[name]) ?? (el.attribs[name] === '100%' ? '100%' : undefined);
    if (value !== undefined) attrs.push(`${name}="${value}"`);
  }
  if (el.attribs.title) attrs.push(`title="${escapeAttr(el.attribs.title)}"`);
  if (el.attribs.allow && /^[a-z0-9;\s*-]+$/i.test(el.attribs.allow)) attrs.push(`allow="${el.attribs.allow}"`);
  if ('allowfullscreen' in el.attribs) attrs.push('allowfullscreen');
  if (el.attribs.frameborder === '0') attrs.push('frameborder="0"');
  return { type: 'embed', embed: `<iframe ${attrs.join(' ')}></iframe>`, children: [{ text: '' }] };
}

function imageNode(el: HtmlElement, ctx: Ctx): InlineNode | undefined {
  const src = safeImageSrc(el.attribs.src);
  if (!src) return undefined;
  const fields = {
    src,
    ...(el.attribs.title?.trim() ? { title: el.attribs.title.trim() } : {}),
    ...(el.attribs.alt?.trim() ? { alt: el.attribs.alt.trim() } : {}),
    ...(dimension(el.attribs.width) ? { width: dimension(el.attribs.width) } : {}),
    ...(dimension(el.attribs.height) ? { height: dimension(el.attribs.height) } : {}),
  };
  const href = ctx.link?.href;
  if (href) {
    return {
      type: 'imageLink',
      href,
      ...fields,
      ...(ctx.link?.target === '_blank' ? { openExternal: true } : {}),
      children: [{ text: '' }],
    };
  }
  return { type: 'image', ...fields, children: [{ text: '' }] };
}

function pushText(out: InlineNode[], text: string, ctx: Ctx) {
  const value = ctx.pre ? text : text.replace(/[ \t\n\r\f]+/g, ' ');
  if (value) out.push({ text: value, ...ctx.marks });
}

function pushBreak(out: InlineNode[]) {
  const last = out[out.length - 1];
  if (last && !(!('type' in last) && last.text.endsWith('\n'))) out.push({ text: '\n' });
}

/** Inline content of a subtree. Block elements met here (a paragraph inside a list item) become line breaks. */
function walkInlines(nodes: HtmlNode[], ctx: Ctx, out: InlineNode[]) {
  if (ctx.depth > MAX_DEPTH) return;
  for (const node of nodes) {
    if (typeof node === 'string') {
      pushText(out, node, ctx);
      continue;
    }
    if (DROP.has(node.name)) continue;
    const inner = contextFor(node, ctx);
    switch (node.name) {
      case 'br':
        out.push({ text: '\n' });
        continue;
      case 'img': {
        const image = imageNode(node, ctx);
        if (image) out.push(image);
        continue;
      }
      case 'iframe': {
        const embed = iframeEmbed(node);
        if (embed) out.push(embed);
        continue;
      }
      case 'a': {
        if (ctx.link) break; // A link inside a link keeps the outer one.
        const href = safeHref(node.attribs.href);
        if (href === undefined) break;
        const target: LinkTarget | undefined =
          node.attribs.target === '_blank' ? '_blank' : node.attribs.target ? '_self' : undefined;
        const title = node.attribs.title?.trim() || undefined;
        const link = { href, ...(title ? { title } : {}), ...(target ? { target } : {}) };
        const content: InlineNode[] = [];
        walkInlines(node.children, { ...inner, link }, content);
        // Text runs become links; images inside are already image links; embeds stand on their own.
        let current: LinkElement | undefined;
        for (const child of content) {
          if (!('type' in child)) {
            if (!current) {
              current = { type: 'link', ...link, children: [] };
              out.push(current);
            }
            current.children.push(child);
          } else {
            current = undefined;
            out.push(child);
          }
        }
        continue;
      }
    }
    if (BLOCKS.has(node.name)) {
      pushBreak(out);
      walkInlines(node.children, inner, out);
      pushBreak(out);
    } else walkInlines(node.children, inner, out);
  }
}

/** Trims edge whitespace and collapses spaces across runs, as a browser lays out the HTML. */
function tidyInlines(nodes: InlineNode[], pre: boolean): InlineNode[] {
  if (pre) return finishInlines(nodes);
  let atLineStart = true;
  const out: InlineNode[] = [];
  for (const node of nodes) {
    if ('type' in node) {
      if (node.type === 'link') {
        const children = tidyInlines(node.children, false).filter((c): c is RichText => !('type' in c));
        const text = children.map((c) => c.text).join('');
        if (atLineStart && children[0]) children[0] = { ...children[0], text: children[0].text.replace(/^ +/, '') };
        if (text) atLineStart = /[ \n]$/.test(text);
        out.push({ ...node, children });
      } else {
        atLineStart = false;
        out.push(node);
      }
      continue;
    }
    let text = node.text.replace(/ *\n */g, '\n');
    if (atLineStart) text = text.replace(/^ +/, '');
    if (text) atLineStart = /[ \n]$/.test(text);
    out.push({ ...node, text });
  }
  // Trailing spaces and breaks at the end of the block.
  for (let i = out.length - 1; i >= 0; i--) {
    const node = out[i];
    if (!node || 'type' in node) break;
    const trimmed = node.text.replace(/[ \n]+$/, '');
    out[i] = { ...node, text: trimmed };
    if (trimmed) break;
  }
  return finishInlines(out);
}

/** A paragraph counts when it has an image, an embed or any character a browser would show (nbsp included). */
function hasContent(nodes: InlineNode[]): boolean {
  return nodes.some((n) =>
    'type' in n ? n.type !== 'link' || hasContent(n.children) : n.text.replace(/[ \t\n\r\f]/g, '') !== '',
  );
}

function listOf(el: HtmlElement, ctx: Ctx): ListElement | undefined {
  const type = el.name === 'ol' ? 'ordered-list' : 'unordered-list';
  const list: ListElement = { type, children: [] };
  const addItem = (nodes: HtmlNode[], itemCtx: Ctx) => {
    const inlines: InlineNode[] = [];
    walkInlines(nodes, itemCtx, inlines);
    const children = tidyInlines(inlines, itemCtx.pre);
    if (!hasContent(children)) return;
    const item: ListItemElement = { type: 'list-item', children };
    if (itemCtx.align) item.align = itemCtx.align;
    list.children.push(item);
  };
  let loose: HtmlNode[] = [];
  const flushLoose = () => {
    if (loose.length) addItem(loose, ctx);
    loose = [];
  };
  for (const child of el.children) {
    if (typeof child !== 'string' && (child.name === 'ul' || child.name === 'ol')) {
      flushLoose();
      const nested = listOf(child, contextFor(child, ctx));
      if (nested) list.children.push(nested);
    } else if (typeof child !== 'string' && child.name === 'li') {
      flushLoose();
      const itemCtx = contextFor(child, ctx);
      // A list inside an item follows the item, as the editor nests it.
      const own = child.children.filter((c) => typeof c === 'string' || (c.name !== 'ul' && c.name !== 'ol'));
      addItem(own, itemCtx);
      for (const c of child.children) {
        if (typeof c !== 'string' && (c.name === 'ul' || c.name === 'ol')) {
          const nested = listOf(c, contextFor(c, itemCtx));
          if (nested) list.children.push(nested);
        }
      }
    } else if (typeof child === 'string' || !DROP.has(child.name)) loose.push(child);
  }
  flushLoose();
  return list.children.length ? list : undefined;
}

function rowsOf(el: HtmlElement, ctx: Ctx, rows: GridRowElement[] = []): GridRowElement[] {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot')
      rowsOf(child, contextFor(child, ctx), rows);
    else if (child.name === 'tr') {
      const rowCtx = contextFor(child, ctx);
      const cells: GridCellElement[] = [];
      for (const cell of child.children) {
        if (typeof cell === 'string' || (cell.name !== 'td' && cell.name !== 'th')) continue;
        const cellCtx = contextFor(cell, rowCtx);
        const inlines: InlineNode[] = [];
        walkInlines(cell.children, cellCtx, inlines);
        cells.push({
          type: 'grid-cell',
          ...(cellCtx.align ? { align: cellCtx.align } : {}),
          children: tidyInlines(inlines, cellCtx.pre),
        });
      }
      if (cells.length) rows.push({ type: 'grid-row', children: cells });
    }
  }
  return rows;
}

/** Block-level walk: runs of inline content become paragraphs; block tags flush them and map to their node. */
function walkBlocks(nodes: HtmlNode[], ctx: Ctx, doc: TopLevelElement[]) {
  let pending: InlineNode[] = [];
  const flush = () => {
    const children = tidyInlines(pending, ctx.pre);
    pending = [];
    if (!hasContent(children)) return;
    doc.push(promoteLegacyHeading({ type: 'paragraph', ...(ctx.align ? { align: ctx.align } : {}), children }));
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCKS.has(node.name) || ctx.depth > MAX_DEPTH) {
      walkInlines([node], ctx, pending);
      continue;
    }
    flush();
    const inner = contextFor(node, ctx);
    const heading = HEADINGS[node.name];
    if (heading) {
      const inlines: InlineNode[] = [];
      walkInlines(node.children, inner, inlines);
      const children = tidyInlines(inlines, inner.pre);
      if (hasContent(children))
        doc.push({ type: 'heading', level: heading, ...(inner.align ? { align: inner.align } : {}), children });
    } else if (node.name === 'ul' || node.name === 'ol') {
      const list = listOf(node, inner);
      if (list) doc.push(list);
    } else if (node.name === 'li') {
      const list = listOf({ name: 'ul', attribs: {}, children: [node] }, ctx);
      if (list) doc.push(list);
    } else if (node.name === 'table') {
      const rows = rowsOf(node, inner);
      if (rows.length) doc.push({ type: 'grid', children: rows });
    } else if (node.name === 'p' || node.name === 'pre') {
      // A paragraph holds inline content only; anything block-like inside it is a line break.
      const inlines: InlineNode[] = [];
      walkInlines(node.children, inner, inlines);
      const children = tidyInlines(inlines, inner.pre);
      if (hasContent(children))
        doc.push(promoteLegacyHeading({ type: 'paragraph', ...(inner.align ? { align: inner.align } : {}), children }));
    } else if (node.name !== 'hr') walkBlocks(node.children, inner, doc);
  }
  flush();
}

/** The block-editor document for a legacy HTML string, sanitised (see the top of this file). */
export function htmlToDocument(html: string): RichTextDocument {
  const doc: TopLevelElement[] = [];
  walkBlocks(parseHtmlTree(html).children, { marks: {}, pre: false, depth: 0 }, doc);
  return normalizeDocument(doc);
}
