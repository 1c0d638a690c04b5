import { Editor } from 'slate';
import { describe, expect, it, vi } from 'vitest';
import { activeLink, looksLikeUrl, normalizeHref, toggleLink, updateLinkAt, wrapNewLink } from './links';
import { p, testEditor } from './testEditor';

const link = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'link',
  href: 'https://nossas.org',
  target: '_blank',
  ...extra,
  children: [{ text }],
});
const para = (...children: unknown[]) => ({ type: 'paragraph', children });

describe('toggleLink', () => {
  it('with data, creates a link over the expanded selection', () => {
    const editor = testEditor([p('leia aqui já')], {
      anchor: { path: [0, 0], offset: 5 },
      focus: { path: [0, 0], offset: 9 },
    });
    toggleLink(editor, { href: 'https://nossas.org', openExternal: true });
    expect(editor.children).toEqual([para({ text: 'leia ' }, link('aqui'), { text: ' já' })]);
  });

  it('opens in the same tab when "Abrir em nova aba" is off, and keeps a title', () => {
    const editor = testEditor([p('aqui')], { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 4 } });
    toggleLink(editor, { href: 'https://nossas.org', title: 'Nossas', openExternal: false });
    expect(editor.children).toEqual([
      para({ text: '' }, link('aqui', { target: '_self', title: 'Nossas' }), { text: '' }),
    ]);
  });

  it('with a collapsed selection, merges the data into the link it is in', () => {
    const editor = testEditor([para({ text: 'a ' }, link('aqui', { title: 'T' }), { text: '' }) as never], {
      path: [0, 1, 0],
      offset: 2,
    });
    toggleLink(editor, { href: 'https://bonde.org', openExternal: false });
    expect(editor.children).toEqual([
      para({ text: 'a ' }, link('aqui', { href: 'https://bonde.org', target: '_self', title: 'T' }), { text: '' }),
    ]);
  });

  it('with data over an existing link, updates it and its text', () => {
    const editor = testEditor([para({ text: 'a ' }, link('aqui'), { text: '' }) as never], {
      anchor: { path: [0, 1, 0], offset: 0 },
      focus: { path: [0, 1, 0], offset: 4 },
    });
    toggleLink(editor, { href: 'https://bonde.org', text: 'ali' });
    expect(editor.children).toEqual([para({ text: 'a ' }, link('ali', { href: 'https://bonde.org' }), { text: '' })]);
  });

  it('with no data, removes the link', () => {
    const editor = testEditor([para({ text: 'a ' }, link('aqui'), { text: '!' }) as never], {
      path: [0, 1, 0],
      offset: 1,
    });
    toggleLink(editor);
    expect(editor.children).toEqual([p('a aqui!')]);
  });

  it('with an empty href, removes the link', () => {
    const editor = testEditor([para({ text: 'a ' }, link('aqui'), { text: '!' }) as never], {
      path: [0, 1, 0],
      offset: 1,
    });
    toggleLink(editor, { href: '   ' });
    expect(editor.children).toEqual([p('a aqui!')]);
  });

  it('inserts a new link at a collapsed cursor outside links', () => {
    const editor = testEditor([p('veja ')], { path: [0, 0], offset: 5 });
    toggleLink(editor, { href: 'https://nossas.org', text: 'o site' });
    expect(editor.children).toEqual([para({ text: 'veja ' }, link('o site'), { text: '' })]);
  });

  it('on an image (an atomic block), sets its href to null: it becomes a plain image', () => {
    const editor = testEditor(
      [
        para(
          { text: '' },
          { type: 'imageLink', src: '/a.png', href: 'https://nossas.org', children: [{ text: '' }] },
          { text: '' },
        ) as never,
      ],
      { path: [0, 1, 0], offset: 0 },
    );
    toggleLink(editor, { href: 'https://outro.org' });
    expect(editor.children).toEqual([
      para({ text: '' }, { type: 'image', src: '/a.png', children: [{ text: '' }] }, { text: '' }),
    ]);
  });
});

describe('the dialog flow', () => {
  it('wraps a new link with no href, which an empty save then removes', () => {
    const editor = testEditor([p('leia aqui')], {
      anchor: { path: [0, 0], offset: 5 },
      focus: { path: [0, 0], offset: 9 },
    });
    const path = wrapNewLink(editor);
    expect(path).toEqual([0, 1]);
    expect(activeLink(editor)?.[0].href).toBe('');
    if (path) updateLinkAt(editor, path, { href: '' });
    expect(editor.children).toEqual([p('leia aqui')]);
  });

  it('gives no link to a selection across blocks', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const editor = testEditor([p('um'), p('dois')], {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [1, 0], offset: 2 },
    });
    expect(wrapNewLink(editor)).toBeUndefined();
    expect(Editor.string(editor, [])).toBe('umdois');
    expect(editor.children).toEqual([p('um'), p('dois')]);
  });
});

describe('hrefs', () => {
  it('adds http:// to bare addresses and drops schemes that run code', () => {
    expect(normalizeHref(' nossas.org ')).toBe('http://nossas.org');
    expect(normalizeHref('http://nossas.org')).toBe('http://nossas.org');
    expect(normalizeHref('mailto:oi@nossas.org')).toBe('mailto:oi@nossas.org');
    expect(normalizeHref('#assine')).toBe('#assine');
    expect(normalizeHref('javascript:alert(1)')).toBe('');
    expect(normalizeHref('data:text/html,x')).toBe('');
  });

  it("follows the spec's advisory pattern", () => {
    expect(looksLikeUrl('nossas.org')).toBe(true);
    expect(looksLikeUrl('https://www.nossas.org/campanhas')).toBe(true);
    expect(looksLikeUrl('nossas')).toBe(false);
    expect(looksLikeUrl('a.b')).toBe(false);
  });
});
