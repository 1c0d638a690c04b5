import { Editor, Range, type RangeRef, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import { isMacPlatform, type KeyLike } from './hotkeys';
import type { RichTextEditor as SlateEditor } from './types';

/**
 * Slate reads the browser's selection a moment after it changes; a shortcut pressed right after Shift+Arrow would
 * otherwise act on the selection as it was before. Shortcuts read it first.
 */
export function syncSelectionFromDom(editor: SlateEditor) {
  const dom = window.getSelection();
  if (!dom || dom.rangeCount === 0) return;
  const range = ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true });
  if (range && (!editor.selection || !Range.equals(range, editor.selection))) Transforms.select(editor, range);
}

type Step = readonly ['left' | 'right' | 'backward' | 'forward', 'character' | 'line' | 'lineboundary'];
const EXTENDS: Readonly<Record<string, Step>> = {
  ArrowLeft: ['left', 'character'],
  ArrowRight: ['right', 'character'],
  ArrowUp: ['backward', 'line'],
  ArrowDown: ['forward', 'line'],
  Home: ['backward', 'lineboundary'],
  End: ['forward', 'lineboundary'],
};

/**
 * Shift+Arrow, Shift+Home and Shift+End (Home and End not on a Mac, where they scroll), and word by word Ctrl+Shift
 * or ⌥+Shift with ← →, extend the selection here, not by the browser: Slate reads a browser-made change a moment
 * later, and a render in that moment puts the old selection back, so a key struck quickly after another was lost (a
 * held Shift+← on a busy machine selected one letter short). The browser's selection moves the browser's own way
 * (`Selection.modify`) and Slate learns of it at once. False where the key is not one of these.
 */
export function extendSelection(editor: SlateEditor, event: KeyLike, mac = isMacPlatform()): boolean {
  const step = EXTENDS[event.key];
  if (!step || !event.shiftKey || event.metaKey) return false;
  const byWord = mac ? event.altKey && !event.ctrlKey : event.ctrlKey && !event.altKey;
  if (!byWord && (event.ctrlKey || event.altKey)) return false;
  if ((byWord && step[1] !== 'character') || (mac && step[1] === 'lineboundary')) return false;
  const dom = window.getSelection();
  if (!dom || dom.rangeCount === 0 || typeof dom.modify !== 'function') return false;
  syncSelectionFromDom(editor);
  dom.modify('extend', step[0], byWord ? 'word' : step[1]);
  syncSelectionFromDom(editor);
  const focus = dom.focusNode;
  (focus instanceof Element ? focus : focus?.parentElement)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}

/** Where something new goes once a dialog closes: the selection as it was when the dialog opened. */
export function rememberSelection(editor: Editor): RangeRef | undefined {
  return editor.selection ? Editor.rangeRef(editor, editor.selection) : undefined;
}

export function restoreSelection(editor: Editor, at: RangeRef | undefined) {
  const range = at?.unref();
  if (range) Transforms.select(editor, range);
}
