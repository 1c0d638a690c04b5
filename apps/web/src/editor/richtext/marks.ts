import { FONT_SIZE, translate } from '@mutirao/core';
import { Editor, Range } from 'slate';
import type { MarkFormat, Rgba } from './types';

export interface FontSizeOptions {
  initialFontSize: number;
  step?: number;
  min?: number;
}

/**
 * The font-size tool's settings. Like the original plugin it requires its options and an initial size, and throws
 * without them (spec 02 §5, §8): a programming error, so the message is the spec's, in English.
 */
export function fontSizeSettings(options?: Partial<FontSizeOptions>) {
  if (!options) throw new Error(translate('en', 'richtext.fontSizeOptionsRequired'));
  if (typeof options.initialFontSize !== 'number') throw new Error(translate('en', 'richtext.initialFontSizeRequired'));
  return { initial: options.initialFontSize, step: options.step ?? 1, min: options.min ?? 1 };
}

/** Spec 02 §9: the block editor starts at 16 and steps by 1; the input's minimum is 1. */
const FONT_SIZE_SETTINGS = fontSizeSettings({
  initialFontSize: FONT_SIZE.initial,
  step: FONT_SIZE.step,
  min: FONT_SIZE.min,
});
export const INITIAL_FONT_SIZE = FONT_SIZE_SETTINGS.initial;
export const FONT_SIZE_STEP = FONT_SIZE_SETTINGS.step;
export const MIN_FONT_SIZE = FONT_SIZE_SETTINGS.min;

export function isMarkActive(editor: Editor, format: MarkFormat): boolean {
  return Editor.marks(editor)?.[format] === true;
}

/** Bold, italic, underline and strikethrough toggle, on the selection or on what is typed next. */
export function toggleMark(editor: Editor, format: MarkFormat) {
  if (isMarkActive(editor, format)) Editor.removeMark(editor, format);
  else Editor.addMark(editor, format, true);
}

/**
 * Size, family and colour apply to an expanded selection only (spec 02 §4); a collapsed one changes nothing.
 * `addMark` replaces a mark of the same kind, so a run never carries two sizes.
 */
function applyToExpanded(editor: Editor, what: string, apply: () => void): boolean {
  if (!editor.selection || Range.isCollapsed(editor.selection)) {
    console.info(`[editor] ${what}: select some text first; a collapsed selection changes nothing.`);
    return false;
  }
  apply();
  return true;
}

/** Any input becomes a whole size of at least 1: 0, negatives, empty and garbage all become 1 (spec 02 §5); core caps it. */
export function normalizeFontSize(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n) || n < MIN_FONT_SIZE) return MIN_FONT_SIZE;
  return Math.min(FONT_SIZE.max, Math.round(n));
}

/** The size at the selection: its first run's mark, or the editor's initial size. */
export function currentFontSize(editor: Editor): number {
  return Editor.marks(editor)?.fontSize ?? INITIAL_FONT_SIZE;
}

export function setFontSize(editor: Editor, value: unknown): boolean {
  const size = normalizeFontSize(value);
  return applyToExpanded(editor, 'font size', () => Editor.addMark(editor, 'fontSize', size));
}

/** One step up or down from the current size, never below 1. */
export function changeFontSize(editor: Editor, direction: 1 | -1): boolean {
  return setFontSize(editor, currentFontSize(editor) + direction * FONT_SIZE_STEP);
}

export function currentFontFamilyIndex(editor: Editor): number | undefined {
  return Editor.marks(editor)?.fontFamilyIndex;
}

/** `undefined` goes back to the page's own font. */
export function setFontFamily(editor: Editor, index: number | undefined): boolean {
  return applyToExpanded(editor, 'font family', () => {
    if (index === undefined) Editor.removeMark(editor, 'fontFamilyIndex');
    else Editor.addMark(editor, 'fontFamilyIndex', index);
  });
}

export function currentColor(editor: Editor): Rgba | undefined {
  return Editor.marks(editor)?.color;
}

/** `undefined` goes back to the page's own colour. */
export function setColor(editor: Editor, color: Rgba | undefined): boolean {
  return applyToExpanded(editor, 'color', () => {
    if (color === undefined) Editor.removeMark(editor, 'color');
    else Editor.addMark(editor, 'color', color);
  });
}
