import { Editor } from 'slate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changeFontSize,
  currentFontSize,
  fontSizeSettings,
  INITIAL_FONT_SIZE,
  isMarkActive,
  normalizeFontSize,
  setColor,
  setFontFamily,
  setFontSize,
  toggleMark,
} from './marks';
import { p, testEditor } from './testEditor';

const selectAll = { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 5 } };
const selectFirstWord = { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 2 } };
const collapsed = { path: [0, 0], offset: 1 };

afterEach(() => vi.restoreAllMocks());

describe('bold, italic, underline, strikethrough', () => {
  for (const format of ['bold', 'italic', 'underline', 'strikethrough'] as const) {
    it(`toggles ${format} over the selection`, () => {
      const editor = testEditor([p('olá a')], selectFirstWord);
      toggleMark(editor, format);
      expect(editor.children).toEqual([
        { type: 'paragraph', children: [{ text: 'ol', [format]: true }, { text: 'á a' }] },
      ]);
      expect(isMarkActive(editor, format)).toBe(true);
      toggleMark(editor, format);
      expect(editor.children).toEqual([p('olá a')]);
    });
  }

  it('with a collapsed selection marks what is typed next', () => {
    const editor = testEditor([p('ab')], { path: [0, 0], offset: 1 });
    toggleMark(editor, 'bold');
    Editor.insertText(editor, 'X');
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'a' }, { text: 'X', bold: true }, { text: 'b' }] },
    ]);
  });
});

describe('font size', () => {
  it('starts at 16 and steps by 1 from the current size', () => {
    const editor = testEditor([p('hello')], selectAll);
    expect(currentFontSize(editor)).toBe(INITIAL_FONT_SIZE);
    expect(changeFontSize(editor, 1)).toBe(true);
    expect(currentFontSize(editor)).toBe(17);
    changeFontSize(editor, 1);
    changeFontSize(editor, -1);
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'hello', fontSize: 17 }] }]);
  });

  it('replaces an existing size instead of stacking a second one', () => {
    const editor = testEditor([{ type: 'paragraph', children: [{ text: 'hello', fontSize: 30 }] }], selectAll);
    setFontSize(editor, 12);
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'hello', fontSize: 12 }] }]);
  });

  it('never goes below 1: 0, negatives and empty become 1', () => {
    expect(normalizeFontSize(0)).toBe(1);
    expect(normalizeFontSize(-4)).toBe(1);
    expect(normalizeFontSize('')).toBe(1);
    expect(normalizeFontSize(undefined)).toBe(1);
    expect(normalizeFontSize('abc')).toBe(1);
    expect(normalizeFontSize('18')).toBe(18);
    const editor = testEditor([{ type: 'paragraph', children: [{ text: 'hello', fontSize: 1 }] }], selectAll);
    changeFontSize(editor, -1);
    expect(currentFontSize(editor)).toBe(1);
    setFontSize(editor, 0);
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'hello', fontSize: 1 }] }]);
  });

  it('changes nothing with a collapsed selection, and says so on the console', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const editor = testEditor([p('hello')], collapsed);
    expect(setFontSize(editor, 20)).toBe(false);
    expect(changeFontSize(editor, 1)).toBe(false);
    expect(editor.children).toEqual([p('hello')]);
    expect(editor.marks).toBeNull();
    expect(info).toHaveBeenCalled();
  });
});

describe('font-size settings', () => {
  it('require the options and an initial size, as the original plugin did', () => {
    expect(() => fontSizeSettings()).toThrow('You must supply the options');
    expect(() => fontSizeSettings({})).toThrow('You must supply the initialFontSize');
    expect(fontSizeSettings({ initialFontSize: 16 })).toEqual({ initial: 16, step: 1, min: 1 });
  });
});

describe('font family and colour', () => {
  it('applies a family index to the selection and replaces it on the next choice', () => {
    const editor = testEditor([p('olá a')], selectFirstWord);
    setFontFamily(editor, 3);
    setFontFamily(editor, 7);
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'ol', fontFamilyIndex: 7 }, { text: 'á a' }] },
    ]);
    setFontFamily(editor, undefined);
    expect(editor.children).toEqual([p('olá a')]);
  });

  it('applies an RGBA colour, replacing the previous one', () => {
    const editor = testEditor([p('hello')], selectAll);
    setColor(editor, { r: 255, g: 0, b: 0, a: 1 });
    setColor(editor, { r: 0, g: 0, b: 255, a: 0.5 });
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'hello', color: { r: 0, g: 0, b: 255, a: 0.5 } }] },
    ]);
  });

  it('changes nothing with a collapsed selection', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const editor = testEditor([p('hello')], collapsed);
    expect(setFontFamily(editor, 2)).toBe(false);
    expect(setColor(editor, { r: 1, g: 2, b: 3, a: 1 })).toBe(false);
    expect(editor.children).toEqual([p('hello')]);
  });
});
