import { Editor } from 'slate';
import { describe, expect, it } from 'vitest';
import { currentListType, decreaseListDepth, increaseListDepth, listDepth, toggleList } from './lists';
import { p, testEditor } from './testEditor';

const item = (text: string) => ({ type: 'list-item', children: [{ text }] });

describe('toggleList', () => {
  it('wraps the selected blocks as items of one list', () => {
    const editor = testEditor([p('um'), p('dois'), p('três')], {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [1, 0], offset: 2 },
    });
    toggleList(editor, 'unordered-list');
    expect(editor.children).toEqual([{ type: 'unordered-list', children: [item('um'), item('dois')] }, p('três')]);
    expect(currentListType(editor)).toBe('unordered-list');
    expect(listDepth(editor)).toBe(2);
  });

  it('removes the list when the same type is applied again', () => {
    const editor = testEditor([{ type: 'ordered-list', children: [item('um'), item('dois')] }], {
      anchor: { path: [0, 0, 0], offset: 0 },
      focus: { path: [0, 1, 0], offset: 1 },
    });
    toggleList(editor, 'ordered-list');
    expect(editor.children).toEqual([p('um'), p('dois')]);
  });

  it('removes every level of a nested list', () => {
    const editor = testEditor(
      [{ type: 'unordered-list', children: [item('um'), { type: 'unordered-list', children: [item('dentro')] }] }],
      { path: [0, 1, 0, 0], offset: 2 },
    );
    expect(listDepth(editor)).toBe(3);
    toggleList(editor, 'unordered-list');
    expect(editor.children).toEqual([{ type: 'unordered-list', children: [item('um')] }, p('dentro')]);
  });

  it('switches to the other type, only for the selected items', () => {
    const editor = testEditor([{ type: 'unordered-list', children: [item('um'), item('dois'), item('três')] }], {
      path: [0, 1, 0],
      offset: 0,
    });
    toggleList(editor, 'ordered-list');
    expect(editor.children).toEqual([
      { type: 'unordered-list', children: [item('um')] },
      { type: 'ordered-list', children: [item('dois')] },
      { type: 'unordered-list', children: [item('três')] },
    ]);
  });

  it('turns a heading into a plain item', () => {
    const editor = testEditor([{ type: 'heading', level: 2, children: [{ text: 'Título' }] } as never], {
      path: [0, 0],
      offset: 0,
    });
    toggleList(editor, 'ordered-list');
    expect(editor.children).toEqual([{ type: 'ordered-list', children: [item('Título')] }]);
  });

  it('leaves grid cells alone', () => {
    const grid = {
      type: 'grid',
      children: [{ type: 'grid-row', children: [{ type: 'grid-cell', children: [{ text: 'c' }] }] }],
    };
    const editor = testEditor([grid as never], { path: [0, 0, 0, 0], offset: 0 });
    toggleList(editor, 'unordered-list');
    expect(editor.children).toEqual([grid]);
  });
});

describe('list depth', () => {
  it('nests the selected item in a list of the same kind', () => {
    const editor = testEditor([{ type: 'ordered-list', children: [item('um'), item('dois')] }], {
      path: [0, 1, 0],
      offset: 0,
    });
    expect(increaseListDepth(editor)).toBe(true);
    expect(editor.children).toEqual([
      { type: 'ordered-list', children: [item('um'), { type: 'ordered-list', children: [item('dois')] }] },
    ]);
    expect(listDepth(editor)).toBe(3);
  });

  it('does nothing outside a list', () => {
    const editor = testEditor([p('texto')], { path: [0, 0], offset: 0 });
    expect(increaseListDepth(editor)).toBe(false);
    expect(decreaseListDepth(editor)).toBe(false);
    expect(editor.children).toEqual([p('texto')]);
  });

  it('decreases only when the depth is greater than 2', () => {
    const nested = [
      { type: 'unordered-list', children: [item('um'), { type: 'unordered-list', children: [item('dentro')] }] },
    ];
    const editor = testEditor(structuredClone(nested) as never, { path: [0, 1, 0, 0], offset: 0 });
    expect(decreaseListDepth(editor)).toBe(true);
    expect(editor.children).toEqual([{ type: 'unordered-list', children: [item('um'), item('dentro')] }]);
    expect(listDepth(editor)).toBe(2);
    // At depth 2 the item stays in its list.
    expect(decreaseListDepth(editor)).toBe(false);
    expect(editor.children).toEqual([{ type: 'unordered-list', children: [item('um'), item('dentro')] }]);
  });

  it('undoes as one step through the history', () => {
    const editor = testEditor([p('um')], { path: [0, 0], offset: 0 });
    toggleList(editor, 'unordered-list');
    editor.undo();
    expect(editor.children).toEqual([p('um')]);
    expect(Editor.string(editor, [])).toBe('um');
  });
});
