import { Editor, Element, Transforms } from 'slate';
import type { Alignment } from './types';

/** Blocks that carry text and so an alignment: paragraphs, list items, grid cells. */
const ALIGNABLE = new Set(['paragraph', 'list-item', 'grid-cell']);

/** The alignment of the first text block under the selection; left when unset. */
export function currentAlignment(editor: Editor): Alignment {
  if (!editor.selection) return 'left';
  const [entry] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && ALIGNABLE.has(n.type), mode: 'lowest' });
  const node = entry?.[0];
  return (node && Element.isElement(node) && 'align' in node && node.align) || 'left';
}

/** Left is the default, so it is stored as no alignment at all. */
export function setAlignment(editor: Editor, align: Alignment) {
  const match = (n: unknown) => Element.isElement(n) && ALIGNABLE.has(n.type);
  if (align === 'left') Transforms.unsetNodes(editor, 'align', { match, mode: 'lowest' });
  else Transforms.setNodes(editor, { align }, { match, mode: 'lowest' });
}
