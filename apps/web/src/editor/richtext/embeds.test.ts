import { Editor } from 'slate';
import { describe, expect, it } from 'vitest';
import { checkEmbed, insertEmbed, updateEmbed } from './embeds';
import { p, testEditor } from './testEditor';

const video = '<iframe src="https://www.youtube.com/embed/x" title="Vídeo"></iframe>';

describe('embeds', () => {
  it('accepts code starting with an iframe or a script tag only', () => {
    expect(checkEmbed(video)).toBeUndefined();
    expect(checkEmbed('  <SCRIPT src="https://x.org/a.js"></SCRIPT>')).toBeUndefined();
    expect(checkEmbed('<div><iframe></iframe></div>')).toBe('richtext.scriptNotPermitted');
    expect(checkEmbed('<iframed>')).toBe('richtext.scriptNotPermitted');
    expect(checkEmbed('olá')).toBe('richtext.scriptNotPermitted');
  });

  it('inserts an inline void node', () => {
    const editor = testEditor([p('vídeo: ')], { path: [0, 0], offset: 7 });
    expect(insertEmbed(editor, `  ${video}\n`)).toBe(true);
    expect(editor.children).toEqual([
      {
        type: 'paragraph',
        children: [{ text: 'vídeo: ' }, { type: 'embed', embed: video, children: [{ text: '' }] }, { text: '' }],
      },
    ]);
    expect(editor.isVoid({ type: 'embed', embed: '', children: [{ text: '' }] })).toBe(true);
  });

  it('leaves the cursor after the embed', () => {
    const editor = testEditor([p('')], { path: [0, 0], offset: 0 });
    insertEmbed(editor, video);
    expect(editor.selection?.anchor).toEqual({ path: [0, 2], offset: 0 });
    Editor.insertText(editor, 'depois');
    expect(Editor.string(editor, [0])).toBe('depois');
    expect((editor.children[0] as { children: unknown[] }).children.at(-1)).toEqual({ text: 'depois' });
  });

  it('refuses other code and changes nothing', () => {
    const editor = testEditor([p('x')], { path: [0, 0], offset: 1 });
    expect(insertEmbed(editor, '<img src=x onerror=alert(1)>')).toBe(false);
    expect(editor.children).toEqual([p('x')]);
  });

  it('updates an embed in place', () => {
    const editor = testEditor([p('x')], { path: [0, 0], offset: 1 });
    insertEmbed(editor, video);
    expect(updateEmbed(editor, [0, 1], '<script src="https://a.org/b.js"></script>')).toBe(true);
    expect(updateEmbed(editor, [0, 1], 'nope')).toBe(false);
    expect(editor.children[0]).toMatchObject({
      children: [{}, { embed: '<script src="https://a.org/b.js"></script>' }, {}],
    });
  });
});
