import { describe, expect, it } from 'vitest';
import { insertGrid, isInGrid, splitRow } from './grid';
import { p, testEditor } from './testEditor';

const cell = (text: string) => ({ type: 'grid-cell', children: [{ text }] });
const row = (...cells: unknown[]) => ({ type: 'grid-row', children: cells });

describe('grid', () => {
  it('turns the block into a cell wrapped in a row and a grid', () => {
    const editor = testEditor([p('antes'), p('abcd')], { path: [1, 0], offset: 2 });
    insertGrid(editor);
    expect(editor.children).toEqual([p('antes'), { type: 'grid', children: [row(cell('abcd'))] }]);
    expect(isInGrid(editor)).toBe(true);
  });

  it('does not nest a grid in a grid', () => {
    const editor = testEditor([p('abcd')], { path: [0, 0], offset: 2 });
    insertGrid(editor);
    insertGrid(editor);
    expect(editor.children).toEqual([{ type: 'grid', children: [row(cell('abcd'))] }]);
  });

  it('splits the row at depth 2: what follows the cursor starts a new row', () => {
    const editor = testEditor([p('abcd')], { path: [0, 0], offset: 2 });
    insertGrid(editor);
    splitRow(editor);
    expect(editor.children).toEqual([{ type: 'grid', children: [row(cell('ab')), row(cell('cd'))] }]);
    expect(editor.selection?.anchor.path).toEqual([0, 1, 0, 0]);
  });

  it('keeps the cells before the cursor in the first row and moves the rest to the new one', () => {
    const editor = testEditor([{ type: 'grid', children: [row(cell('a'), cell('bc'), cell('d'))] } as never], {
      path: [0, 0, 1, 0],
      offset: 1,
    });
    splitRow(editor);
    expect(editor.children).toEqual([
      { type: 'grid', children: [row(cell('a'), cell('b')), row(cell('c'), cell('d'))] },
    ]);
  });

  it('does nothing outside a grid', () => {
    const editor = testEditor([p('abcd')], { path: [0, 0], offset: 2 });
    splitRow(editor);
    expect(editor.children).toEqual([p('abcd')]);
  });
});
