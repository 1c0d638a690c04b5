import { Editor, Range, type RangeRef, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
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

/** Where something new goes once a dialog closes: the selection as it was when the dialog opened. */
export function rememberSelection(editor: Editor): RangeRef | undefined {
  return editor.selection ? Editor.rangeRef(editor, editor.selection) : undefined;
}

export function restoreSelection(editor: Editor, at: RangeRef | undefined) {
  const range = at?.unref();
  if (range) Transforms.select(editor, range);
}
