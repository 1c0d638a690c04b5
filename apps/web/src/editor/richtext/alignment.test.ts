import { describe, expect, it } from 'vitest';
import { currentAlignment, setAlignment } from './alignment';
import { p, testEditor } from './testEditor';

describe('alignment', () => {
  it('aligns the selected text blocks and stores left as no alignment', () => {
    const editor = testEditor([p('um'), p('dois')], {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [1, 0], offset: 1 },
    });
    setAlignment(editor, 'center');
    expect(editor.children).toEqual([p('um', { align: 'center' }), p('dois', { align: 'center' })]);
    expect(currentAlignment(editor)).toBe('center');
    setAlignment(editor, 'right');
    expect(currentAlignment(editor)).toBe('right');
    setAlignment(editor, 'left');
    expect(editor.children).toEqual([p('um'), p('dois')]);
    expect(currentAlignment(editor)).toBe('left');
  });

  it('aligns list items, not their list', () => {
    const editor = testEditor(
      [{ type: 'unordered-list', children: [{ type: 'list-item', children: [{ text: 'x' }] }] } as never],
      { path: [0, 0, 0], offset: 0 },
    );
    setAlignment(editor, 'right');
    expect(editor.children).toEqual([
      { type: 'unordered-list', children: [{ type: 'list-item', align: 'right', children: [{ text: 'x' }] }] },
    ]);
  });
});
