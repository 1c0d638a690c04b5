import { Editor, Element, type Node, Transforms } from 'slate';

const isType = (type: string) => (node: Node) => Element.isElement(node) && node.type === type;

/** Whether the selection is inside a grid. */
export function isInGrid(editor: Editor): boolean {
  if (!editor.selection) return false;
  return Boolean(Editor.above(editor, { match: isType('grid') }));
}

/**
 * Inserting a grid (spec 02 §4): the paragraph under the selection becomes a cell, wrapped in a row and a grid. Enter in
 * a cell then splits it into a new cell of the same row (a column); a row split starts a new row.
 */
export function insertGrid(editor: Editor) {
  if (!editor.selection || isInGrid(editor)) return;
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes(editor, { type: 'grid-cell' }, { match: isType('paragraph'), mode: 'lowest' });
    Transforms.wrapNodes(editor, { type: 'grid-row', children: [] }, { match: isType('grid-cell'), mode: 'lowest' });
    Transforms.wrapNodes(editor, { type: 'grid', children: [] }, { match: isType('grid-row'), mode: 'lowest' });
  });
}

/**
 * The row split (spec 02 §4: "splits at depth 2"): splits the cell and its row at the cursor, so what follows the
 * cursor starts a new row of the same grid.
 */
export function splitRow(editor: Editor) {
  if (!editor.selection || !isInGrid(editor)) return;
  Transforms.splitNodes(editor, { match: isType('grid-row'), always: true });
}
