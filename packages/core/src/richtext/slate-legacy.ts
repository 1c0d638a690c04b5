import type { RichTextDocument } from './model';
import { normalizeDocument } from './normalize';

/*
 * The original block editor (Slate before 0.50) stored `{document: {nodes: [...]}}`: nodes with `kind` (later
 * `object`) of block, inline or text, attributes under `data`, and text as `ranges` (later `leaves`) of
 * `{text, marks: [{type, data}]}`. Alignment was a block type of its own. This maps that shape onto the current
 * one; `normalizeDocument` then checks every value.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a parsed JSON value is a pre-0.50 Slate value. */
export function isLegacySlateValue(value: unknown): value is Json {
  if (!isObject(value)) return false;
  const doc = value.document;
  return isObject(doc) && Array.isArray(doc.nodes);
}

function dataOf(node: Json): Json {
  const data = node.data;
  return isObject(data) ? data : {};
}

function leafMarks(marks: unknown): Json {
  const out: Json = {};
  for (const mark of Array.isArray(marks) ? marks : []) {
    const type = typeof mark === 'string' ? mark : isObject(mark) ? mark.type : undefined;
    const data = isObject(mark) && isObject(mark.data) ? mark.data : {};
    switch (type) {
      case 'bold':
      case 'italic':
      case 'strikethrough':
        out[type] = true;
        break;
      case 'underline':
      case 'underlined':
        out.underline = true;
        break;
      case 'font-size':
        out.fontSize = data.fontSize;
        break;
      case 'font-family':
        out.fontFamilyIndex =
          typeof data.fontFamilyIndex === 'string' ? Number(data.fontFamilyIndex) : data.fontFamilyIndex;
        break;
      case 'color':
        out.color = data.rgba ?? data.color;
        break;
    }
  }
  return out;
}

function convertText(node: Json): Json[] {
  const runs = Array.isArray(node.leaves) ? node.leaves : Array.isArray(node.ranges) ? node.ranges : undefined;
  if (runs) {
    return runs
      .filter(isObject)
      .map((run) => ({ text: typeof run.text === 'string' ? run.text : '', ...leafMarks(run.marks) }));
  }
  return [{ text: typeof node.text === 'string' ? node.text : '', ...leafMarks(node.marks) }];
}

function convertNode(node: Json): Json[] {
  const kind = node.object ?? node.kind;
  if (kind === 'text') return convertText(node);
  const data = dataOf(node);
  const children = (Array.isArray(node.nodes) ? node.nodes : []).filter(isObject).flatMap(convertNode);
  switch (node.type) {
    case 'alignment':
      return [{ type: 'paragraph', align: data.align, children }];
    case 'link':
      return [{ type: 'link', href: data.href ?? null, title: data.title, target: data.target, children }];
    case 'image':
    case 'imageLink':
      return [
        {
          type: data.href ? 'imageLink' : 'image',
          src: data.src,
          title: data.title,
          href: data.href,
          openExternal: data.openExternal === true || data.openExternal === 'true',
          children: [{ text: '' }],
        },
      ];
    case 'embed':
      return [{ type: 'embed', embed: data.embed, children: [{ text: '' }] }];
    default:
      return [{ type: node.type, align: data.align, children }];
  }
}

/** The current document from a pre-0.50 Slate value. */
export function legacySlateToDocument(value: Json): RichTextDocument {
  const doc = value.document as Json;
  return normalizeDocument((doc.nodes as unknown[]).filter(isObject).flatMap(convertNode));
}
