import { INLINE_TYPES, VOID_TYPES } from '@mutirao/core';
import type { Editor } from 'slate';

const inline: ReadonlySet<string> = new Set(INLINE_TYPES);
const voids: ReadonlySet<string> = new Set(VOID_TYPES);

/** Links, images and embeds sit inside a line of text (spec 02 §3); images and embeds have no editable text. */
export function withRichText<T extends Editor>(editor: T): T {
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => inline.has(element.type) || isInline(element);
  editor.isVoid = (element) => voids.has(element.type) || isVoid(element);
  return editor;
}
