import { describe, expect, it } from 'vitest';
import { deleteImage, insertImage, updateImage } from './images';
import { p, testEditor } from './testEditor';

const para = (...children: unknown[]) => ({ type: 'paragraph', children });
const image = (extra: Record<string, unknown> = {}) => ({
  type: 'image',
  src: '/uploads/a.png',
  ...extra,
  children: [{ text: '' }],
});

describe('images', () => {
  it('inserts an inline void image at the cursor', () => {
    const editor = testEditor([p('antes depois')], { path: [0, 0], offset: 6 });
    insertImage(editor, { src: '/uploads/a.png', title: 'Ato' });
    expect(editor.children).toEqual([para({ text: 'antes ' }, image({ title: 'Ato' }), { text: 'depois' })]);
    expect(editor.isVoid(image() as never)).toBe(true);
    expect(editor.isInline(image() as never)).toBe(true);
  });

  it('leaves the cursor after the image, so the next insert follows it', () => {
    const editor = testEditor([p('')], { path: [0, 0], offset: 0 });
    insertImage(editor, { src: '/uploads/a.png' });
    // Not inside the image, where a browser cannot put the caret, but in the text after it.
    expect(editor.selection?.anchor).toEqual({ path: [0, 2], offset: 0 });
    insertImage(editor, { src: '/uploads/b.png' });
    const srcs = (editor.children[0] as { children: { src?: string }[] }).children.flatMap((c) =>
      c.src ? [c.src] : [],
    );
    expect(srcs).toEqual(['/uploads/a.png', '/uploads/b.png']);
  });

  it('update with an href makes an imageLink; without one, a plain image again', () => {
    const editor = testEditor([para({ text: 'a' }, image(), { text: 'b' }) as never]);
    updateImage(editor, [0, 1], { href: 'https://nossas.org', title: 'Nossas', openExternal: true });
    expect(editor.children).toEqual([
      para(
        { text: 'a' },
        {
          type: 'imageLink',
          src: '/uploads/a.png',
          href: 'https://nossas.org',
          title: 'Nossas',
          openExternal: true,
          children: [{ text: '' }],
        },
        { text: 'b' },
      ),
    ]);
    updateImage(editor, [0, 1], { href: '', title: '' });
    expect(editor.children).toEqual([para({ text: 'a' }, image({ openExternal: true }), { text: 'b' })]);
  });

  it('delete removes the image with one backward deletion, and nothing else', () => {
    const editor = testEditor([para({ text: 'ab' }, image(), { text: 'cd' }) as never]);
    deleteImage(editor, [0, 1]);
    expect(editor.children).toEqual([p('abcd')]);
    expect(editor.selection?.anchor).toEqual({ path: [0, 0], offset: 2 });
    editor.undo();
    expect(editor.children).toEqual([para({ text: 'ab' }, image(), { text: 'cd' })]);
  });
});
