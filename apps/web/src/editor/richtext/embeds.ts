import { validateEmbed } from '@mutirao/core';
import { Editor, Element, type Node, type Path, Transforms } from 'slate';
import type { EmbedElement } from './types';

/**
 * Spec 02 §5: an embed must start with an iframe or a script tag. Undefined when acceptable, else the catalogue key
 * of 'Sorry, script name not permitted'. Core's check, so the server and the public page agree with the editor.
 */
export function checkEmbed(code: string) {
  const check = validateEmbed(code);
  return check.ok ? undefined : check.error;
}

export const isEmbedNode = (node: Node): node is EmbedElement => Element.isElement(node) && node.type === 'embed';

/** Inserts the embed as an inline void node (spec 02 §4). Refused code changes nothing. */
export function insertEmbed(editor: Editor, code: string): boolean {
  if (checkEmbed(code)) return false;
  Transforms.insertNodes(
    editor,
    { type: 'embed', embed: code.trim(), children: [{ text: '' }] },
    { at: editor.selection ?? Editor.end(editor, []), select: true },
  );
  Transforms.move(editor);
  return true;
}

export function updateEmbed(editor: Editor, path: Path, code: string): boolean {
  if (checkEmbed(code)) return false;
  Transforms.setNodes(editor, { embed: code.trim() }, { at: path, match: isEmbedNode });
  return true;
}
