import { draftToDocument, isDraftRaw } from './draft';
import { htmlToDocument } from './html';
import { emptyDocument, type RichTextDocument } from './model';
import { normalizeDocument } from './normalize';
import { isLegacySlateValue, legacySlateToDocument } from './slate-legacy';
import type { RichTextWarning } from './warnings';

/**
 * Which of the three stored forms a content value was (spec 02 §3, "Content settings"): the block editor's JSON,
 * the draft-style editor's raw JSON (with an entityMap), or legacy HTML. 'empty' is no content yet.
 */
export type ContentFormat = 'block-editor' | 'draft' | 'html' | 'empty';

export interface ParsedContent {
  format: ContentFormat;
  /** Always a valid block-editor document, whatever the input. */
  document: RichTextDocument;
  /** True for draft and HTML content: the editor offers to convert it (after a confirmation). */
  oldFormat: boolean;
  warnings: RichTextWarning[];
}

export interface ParseOptions {
  /**
   * What a string that is not JSON is. Widget content: 'html' (the legacy editor path, spec 02 §4). Finish
   * messages: 'text' (spec 02 §8: "falls back to the raw value and the block-editor path").
   */
  unparseable?: 'html' | 'text';
}

const result = (
  format: ContentFormat,
  document: RichTextDocument,
  warnings: RichTextWarning[] = [],
): ParsedContent => ({
  format,
  document,
  oldFormat: format === 'draft' || format === 'html',
  warnings,
});

/** A document of one paragraph per line of plain text. */
export function textToDocument(text: string): RichTextDocument {
  return normalizeDocument(text.split(/\r?\n/).map((line) => ({ type: 'paragraph', children: [{ text: line }] })));
}

function fromObject(value: object): ParsedContent {
  const warnings: RichTextWarning[] = [];
  if (isDraftRaw(value)) return result('draft', draftToDocument(value, warnings), warnings);
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.blocks) && !('entityMap' in v)) {
    return result('draft', draftToDocument({ ...v, entityMap: {} }, warnings), warnings);
  }
  if (isLegacySlateValue(value)) return result('block-editor', legacySlateToDocument(value));
  if (Array.isArray(value) || Array.isArray(v.children)) return result('block-editor', normalizeDocument(value));
  return result('empty', emptyDocument(), ['richtext.valueInvalid']);
}

/**
 * Reads stored rich text in any of its forms and returns the block-editor document for it. A string is parsed as
 * JSON first; one that does not parse (or parses to a bare number or word) is legacy HTML, sanitised on the way.
 * An already-parsed object is accepted too. A value that is neither a string nor an object is 'Value invalid'.
 */
export function parseContent(raw: unknown, options: ParseOptions = {}): ParsedContent {
  if (raw === undefined || raw === null) return result('empty', emptyDocument());
  if (typeof raw === 'object') return fromObject(raw);
  if (typeof raw !== 'string') return result('empty', emptyDocument(), ['richtext.valueInvalid']);
  const text = raw.trim();
  if (!text) return result('empty', emptyDocument());
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed === 'object' && parsed !== null) return fromObject(parsed);
  // A JSON-encoded string (content saved twice over): read what it holds.
  if (typeof parsed === 'string' && parsed.trim() !== text) return parseContent(parsed, options);
  return options.unparseable === 'text'
    ? result('block-editor', textToDocument(raw))
    : result('html', htmlToDocument(raw));
}

/** Reads `settings.content` of a content widget. */
export function contentOfSettings(settings: unknown): ParsedContent {
  const content =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).content : undefined;
  return parseContent(content);
}

/** Reads a finish message (`settings.finish_message`): rich content, or plain text when it is not JSON. */
export function parseFinishMessage(raw: unknown): ParsedContent {
  return parseContent(raw, { unparseable: 'text' });
}

/** How the block editor stores a document in `settings.content`: a JSON string. */
export function serializeContent(document: RichTextDocument): string {
  return JSON.stringify(document);
}
