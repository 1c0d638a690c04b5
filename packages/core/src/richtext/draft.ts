import { parseCssColor } from './color';
import { fontIndexOf } from './fonts';
import { promoteLegacyHeading } from './legacy-heading';
import type {
  HeadingLevel,
  InlineNode,
  ListElement,
  RichText,
  RichTextDocument,
  TextMarks,
  TopLevelElement,
} from './model';
import { finishInlines, normalizeDocument, toAlignment, toFontSize } from './normalize';
import type { RichTextWarning } from './warnings';

/*
 * The draft-style editor's raw JSON: `{blocks: [{key, text, type, depth, inlineStyleRanges, entityRanges, data}],
 * entityMap: {key: {type, mutability, data}}}`. Offsets count Unicode code points, as the editor's raw export does.
 * Styles are toggled inline styles (BOLD, ITALIC, UNDERLINE, STRIKETHROUGH) plus the custom ones colour, size and
 * family; entities are LINK (href, target) and media (src, type: image, iframe or script).
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a parsed JSON value is a draft-style raw document. */
export function isDraftRaw(value: unknown): value is Json {
  return isObject(value) && isObject(value.entityMap) && Array.isArray(value.blocks);
}

const HEADER_TYPES: Record<string, HeadingLevel> = {
  'header-one': 1,
  'header-two': 2,
  'header-three': 3,
  'header-four': 4,
  'header-five': 5,
  'header-six': 6,
};

const SIZE_STYLE = /^(?:custom_)?(?:font[-_]?size)[-_:]?(\d+(?:\.\d+)?)(?:px)?$/i;
const COLOR_STYLE = /^(?:custom_)?colou?r[-_:]?(.+)$/i;
const FAMILY_STYLE = /^(?:custom_)?font[-_]?family[-_:]?(.+)$/i;

/** Marks from one inline style name. */
function applyStyle(style: string, marks: TextMarks) {
  switch (style.toUpperCase()) {
    case 'BOLD':
      marks.bold = true;
      return;
    case 'ITALIC':
      marks.italic = true;
      return;
    case 'UNDERLINE':
      marks.underline = true;
      return;
    case 'STRIKETHROUGH':
      marks.strikethrough = true;
      return;
  }
  const size = SIZE_STYLE.exec(style)?.[1];
  if (size) {
    marks.fontSize = toFontSize(size);
    return;
  }
  const family = FAMILY_STYLE.exec(style)?.[1];
  if (family) {
    const index = fontIndexOf(family.replace(/[-_+]/g, ' '));
    if (index !== undefined) marks.fontFamilyIndex = index;
    return;
  }
  const color = COLOR_STYLE.exec(style)?.[1];
  if (color) {
    const rgba = parseCssColor(color);
    if (rgba) marks.color = rgba;
  }
}

interface Run {
  text: string;
  styles: string[];
  entity: string | undefined;
}

/** Splits a block's text into runs that share the same styles and entity. */
function runsOf(block: Json): Run[] {
  const chars = Array.from(typeof block.text === 'string' ? block.text : '');
  const styles: string[][] = chars.map(() => []);
  const entities: (string | undefined)[] = chars.map(() => undefined);
  const range = (r: unknown) => {
    if (!isObject(r)) return undefined;
    const offset = Number(r.offset);
    const length = Number(r.length);
    if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length <= 0) return undefined;
    return { start: offset, end: Math.min(chars.length, offset + length), r };
  };
  for (const raw of Array.isArray(block.inlineStyleRanges) ? block.inlineStyleRanges : []) {
    const at = range(raw);
    if (!at || typeof at.r.style !== 'string') continue;
    for (let i = at.start; i < at.end; i++) styles[i]?.push(at.r.style);
  }
  for (const raw of Array.isArray(block.entityRanges) ? block.entityRanges : []) {
    const at = range(raw);
    if (!at || at.r.key === undefined || at.r.key === null) continue;
    for (let i = at.start; i < at.end; i++) entities[i] = String(at.r.key);
  }
  const runs: Run[] = [];
  chars.forEach((char, i) => {
    const s = [...new Set(styles[i])].sort();
    const last = runs[runs.length - 1];
    if (last && last.entity === entities[i] && last.styles.join('\u0000') === s.join('\u0000')) last.text += char;
    else runs.push({ text: char, styles: s, entity: entities[i] });
  });
  return runs;
}

function marksOf(styles: string[]): TextMarks {
  const marks: TextMarks = {};
  for (const style of styles) applyStyle(style, marks);
  return marks;
}

/** The media type of an entity: its data.type, else its own type (image, iframe, script). */
function mediaType(entity: Json): string {
  const data = isObject(entity.data) ? entity.data : {};
  const type = typeof data.type === 'string' ? data.type : typeof entity.type === 'string' ? entity.type : '';
  return type.toLowerCase();
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** An inline node for a media entity, or a warning when its type is unknown. */
function mediaNode(entity: Json, warnings: RichTextWarning[]): InlineNode | undefined {
  const data = isObject(entity.data) ? entity.data : {};
  const src = typeof data.src === 'string' ? data.src : typeof data.url === 'string' ? data.url : '';
  const type = mediaType(entity);
  if (type === 'image' || type === 'img') {
    return {
      type: data.href ? 'imageLink' : 'image',
      src,
      ...(typeof data.title === 'string' ? { title: data.title } : {}),
      ...(typeof data.alt === 'string' ? { alt: data.alt } : {}),
      ...(typeof data.href === 'string' ? { href: data.href } : {}),
      children: [{ text: '' }],
    } as InlineNode;
  }
  if (type === 'iframe' || type === 'video' || type === 'embed') {
    const embed = typeof data.embed === 'string' ? data.embed : `<iframe src="${attr(src)}" allowfullscreen></iframe>`;
    return { type: 'embed', embed, children: [{ text: '' }] };
  }
  if (type === 'script') {
    return { type: 'embed', embed: `<script src="${attr(src)}"></script>`, children: [{ text: '' }] };
  }
  warnings.push('richtext.mediaTypeNotFound');
  return undefined;
}

function isMediaEntity(entity: Json): boolean {
  const type = typeof entity.type === 'string' ? entity.type.toUpperCase() : '';
  return type !== 'LINK' && type !== 'MENTION' && type !== 'HASHTAG';
}

/** Inline content of one block. */
function inlinesOf(block: Json, entityMap: Json, warnings: RichTextWarning[]): InlineNode[] {
  const out: InlineNode[] = [];
  for (const run of runsOf(block)) {
    const text: RichText = { text: run.text, ...marksOf(run.styles) };
    const entity = run.entity === undefined ? undefined : entityMap[run.entity];
    if (!isObject(entity)) {
      out.push(text);
      continue;
    }
    if (String(entity.type).toUpperCase() === 'LINK') {
      const data = isObject(entity.data) ? entity.data : {};
      const previous = out[out.length - 1];
      // Adjacent runs of one entity (differently styled) stay one link.
      if (
        previous &&
        'type' in previous &&
        previous.type === 'link' &&
        (previous as { key?: string }).key === run.entity
      ) {
        previous.children.push(text);
        continue;
      }
      out.push({
        type: 'link',
        href: (data.href ?? data.url ?? null) as string | null,
        ...(typeof data.title === 'string' ? { title: data.title } : {}),
        ...(data.target === '_blank' || data.target === '_self' ? { target: data.target } : {}),
        children: [text],
        key: run.entity,
      } as InlineNode);
    } else if (isMediaEntity(entity)) {
      const node = mediaNode(entity, warnings);
      if (node) out.push(node);
    } else out.push(text);
  }
  for (const node of out) if ('type' in node && node.type === 'link') delete (node as { key?: string }).key;
  return out;
}

function alignOf(block: Json) {
  const data = isObject(block.data) ? block.data : {};
  return toAlignment(data.textAlign ?? data['text-align'] ?? data.textAlignment ?? data.align);
}

/** Builds nested lists from consecutive list-item blocks and their depths. */
function appendListItem(
  doc: TopLevelElement[],
  type: ListElement['type'],
  depth: number,
  item: ListElement['children'][number],
) {
  const last = doc[doc.length - 1];
  let list: ListElement;
  // A deeper item belongs to the list above whatever its type; a top-level item continues a list of its own type.
  if (last && (last.type === type || (depth > 0 && (last.type === 'ordered-list' || last.type === 'unordered-list'))))
    list = last;
  else {
    list = { type, children: [] };
    doc.push(list);
  }
  for (let d = 1; d <= depth; d++) {
    const tail = list.children[list.children.length - 1];
    const wanted = d === depth ? type : tail?.type === 'list-item' || !tail ? type : tail.type;
    if (tail && tail.type === wanted) list = tail;
    else {
      const nested: ListElement = { type: wanted as ListElement['type'], children: [] };
      list.children.push(nested);
      list = nested;
    }
  }
  list.children.push(item);
}

/** The current document from a draft-style raw document; media of unknown type is dropped with a warning. */
export function draftToDocument(raw: Json, warnings: RichTextWarning[] = []): RichTextDocument {
  const entityMap = isObject(raw.entityMap) ? raw.entityMap : {};
  const doc: TopLevelElement[] = [];
  for (const block of (raw.blocks as unknown[]).filter(isObject)) {
    const type = typeof block.type === 'string' ? block.type : 'unstyled';
    const align = alignOf(block);
    const withAlign = <T extends object>(el: T): T => (align ? { ...el, align } : el);
    if (type === 'unordered-list-item' || type === 'ordered-list-item') {
      const depth = Math.max(0, Math.min(4, Number(block.depth) || 0));
      const item = withAlign({
        type: 'list-item' as const,
        children: finishInlines(inlinesOf(block, entityMap, warnings)),
      });
      appendListItem(doc, type === 'ordered-list-item' ? 'ordered-list' : 'unordered-list', depth, item);
      continue;
    }
    if (type === 'atomic') {
      const children = inlinesOf(block, entityMap, warnings).filter((n) => 'type' in n);
      if (children.length) doc.push(withAlign({ type: 'paragraph' as const, children: finishInlines(children) }));
      continue;
    }
    const level = HEADER_TYPES[type];
    const children = finishInlines(inlinesOf(block, entityMap, warnings));
    doc.push(
      level
        ? withAlign({ type: 'heading' as const, level, children })
        : promoteLegacyHeading(withAlign({ type: 'paragraph' as const, children })),
    );
  }
  return normalizeDocument(doc);
}
