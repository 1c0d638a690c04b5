import { Editor, Element, type Node, type NodeEntry, Transforms } from 'slate';
import type { ListType } from './types';

const LIST_TYPES: readonly ListType[] = ['unordered-list', 'ordered-list'];

export function isListType(type: string): type is ListType {
  return (LIST_TYPES as readonly string[]).includes(type);
}

// Declared as boolean, not as type predicates: the matched nodes are then retyped (item → paragraph, list → list).
const isList = (node: Node): boolean => Element.isElement(node) && isListType(node.type);
const isListItem = (node: Node): boolean => Element.isElement(node) && node.type === 'list-item';

/**
 * Blocks that can become list items: paragraphs, headings and items. A grid cell is itself the text block of its
 * row, so turning it into an item would break the grid; lists stay outside grids.
 */
function isListable(editor: Editor, node: Node) {
  return (
    Element.isElement(node) &&
    Editor.isBlock(editor, node) &&
    (node.type === 'paragraph' || node.type === 'heading' || node.type === 'list-item')
  );
}

function selectedItems(editor: Editor): NodeEntry[] {
  if (!editor.selection) return [];
  return Array.from(Editor.nodes(editor, { match: isListItem, mode: 'lowest' }));
}

/**
 * The list the selection is in, judged by the list holding its first item: `undefined` outside lists.
 * A nested item's own list decides, as the closest parent does in the spec.
 */
export function currentListType(editor: Editor): ListType | undefined {
  const [item] = selectedItems(editor);
  if (!item) return undefined;
  const parent = Editor.above(editor, { at: item[1], match: isList });
  return parent && Element.isElement(parent[0]) && isListType(parent[0].type) ? parent[0].type : undefined;
}

/**
 * Depth of the first selected item counted as the spec does: an item of a top-level list is at depth 2, one nested
 * once at depth 3. Zero outside lists. Counted from lists only, so a list inside a grid cell starts at 2 as well.
 */
export function listDepth(editor: Editor): number {
  const [item] = selectedItems(editor);
  if (!item) return 0;
  const lists = Array.from(Editor.levels(editor, { at: item[1], match: isList }));
  return lists.length + 1;
}

/** Turns the selected text blocks into items wrapped by one list of `type`. */
function applyList(editor: Editor, type: ListType) {
  Transforms.setNodes(editor, { type: 'list-item' }, { match: (n) => isListable(editor, n), mode: 'lowest' });
  Transforms.unsetNodes(editor, 'level', { match: isListItem, mode: 'lowest' });
  Transforms.wrapNodes(editor, { type, children: [] }, { match: isListItem, mode: 'lowest' });
}

/** Leaves every level of list: the selected items become paragraphs again. */
function removeList(editor: Editor) {
  for (let depth = listDepth(editor); depth > 1; depth -= 1) {
    Transforms.unwrapNodes(editor, { match: isList, mode: 'lowest', split: true });
  }
  Transforms.setNodes(editor, { type: 'paragraph' }, { match: isListItem, mode: 'lowest' });
}

/** Only the selected items move to the other kind of list: their list is split around them. */
function switchList(editor: Editor, type: ListType) {
  Transforms.unwrapNodes(editor, { match: isList, mode: 'lowest', split: true });
  Transforms.wrapNodes(editor, { type, children: [] }, { match: isListItem, mode: 'lowest' });
}

/**
 * The list buttons (spec 02 §4): outside a list, wrap the selected blocks as items of `type`; inside a list of the
 * same type, remove the list; inside the other type, switch to `type`.
 */
export function toggleList(editor: Editor, type: ListType) {
  if (!editor.selection) return;
  Editor.withoutNormalizing(editor, () => {
    const current = currentListType(editor);
    if (!current) applyList(editor, type);
    else if (current === type) removeList(editor);
    else switchList(editor, type);
  });
}

/** Tab in a list: the selected items nest one level down, in a list of the same kind as their own. */
export function increaseListDepth(editor: Editor): boolean {
  const type = currentListType(editor);
  if (!type) return false;
  Transforms.wrapNodes(editor, { type, children: [] }, { match: isListItem, mode: 'lowest' });
  return true;
}

/** Shift+Tab in a list: one level up, only from a nested item (depth greater than 2). */
export function decreaseListDepth(editor: Editor): boolean {
  if (listDepth(editor) <= 2) return false;
  Transforms.unwrapNodes(editor, { match: isList, mode: 'lowest', split: true });
  return true;
}
