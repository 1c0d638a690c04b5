import { createEditor, type Descendant, Editor, type Location, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { withRichText } from './withRichText';

/** A headless editor, as the unit tests drive it: Slate's own API, no DOM. */
/** Children are taken as plain JSON, as stored content is: the editor's normalisation is part of what is tested. */
export function testEditor(children: unknown[], select?: Location) {
  const editor = withHistory(withRichText(createEditor())) as Editor;
  editor.children = children as Descendant[];
  Editor.normalize(editor, { force: true });
  if (select) Transforms.select(editor, select);
  return editor;
}

export const p = (text: string, extra: Record<string, unknown> = {}): Descendant =>
  ({ type: 'paragraph', ...extra, children: [{ text }] }) as Descendant;
