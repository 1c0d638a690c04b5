import { describe, expect, it } from 'vitest';
import type { ListElement } from './model';
import { parseContent } from './parse';

/** A page as the draft-style editor saved it (convertToRaw), stored as a JSON string in settings.content. */
const RAW = {
  blocks: [
    {
      key: 'a1b2c',
      text: 'Chega de despejos!',
      type: 'header-one',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: { textAlign: 'center' },
    },
    {
      key: 'd3e4f',
      text: 'Mais de 300 famílias 🏠 podem perder suas casas. Saiba mais no site.',
      type: 'unstyled',
      depth: 0,
      inlineStyleRanges: [
        { offset: 0, length: 20, style: 'BOLD' },
        { offset: 8, length: 12, style: 'ITALIC' },
        { offset: 21, length: 1, style: 'color-rgba(238,0,153,1)' },
        { offset: 48, length: 10, style: 'UNDERLINE' },
      ],
      // The emoji counts as one character, as draft's raw export counts code points.
      entityRanges: [{ offset: 48, length: 18, key: 0 }],
      data: {},
    },
    {
      key: 'g5h6i',
      text: 'Grande chamada',
      type: 'unstyled',
      depth: 0,
      inlineStyleRanges: [{ offset: 0, length: 14, style: 'font-size-72' }],
      entityRanges: [],
      data: {},
    },
    {
      key: 'l1',
      text: 'Ligue para o prefeito',
      type: 'ordered-list-item',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    },
    {
      key: 'l2',
      text: 'Gabinete',
      type: 'ordered-list-item',
      depth: 1,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    },
    {
      key: 'l3',
      text: 'Celular',
      type: 'ordered-list-item',
      depth: 1,
      inlineStyleRanges: [{ offset: 0, length: 7, style: 'STRIKETHROUGH' }],
      entityRanges: [],
      data: {},
    },
    {
      key: 'l4',
      text: 'Mande um e-mail',
      type: 'ordered-list-item',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    },
    {
      key: 'm1',
      text: ' ',
      type: 'atomic',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [{ offset: 0, length: 1, key: 1 }],
      data: {},
    },
    {
      key: 'm2',
      text: ' ',
      type: 'atomic',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [{ offset: 0, length: 1, key: 2 }],
      data: {},
    },
    {
      key: 'm3',
      text: ' ',
      type: 'atomic',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [{ offset: 0, length: 1, key: 3 }],
      data: {},
    },
    {
      key: 'm4',
      text: ' ',
      type: 'atomic',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [{ offset: 0, length: 1, key: 4 }],
      data: {},
    },
    {
      key: 'u1',
      text: 'Lista solta',
      type: 'unordered-list-item',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    },
  ],
  entityMap: {
    '0': { type: 'LINK', mutability: 'MUTABLE', data: { href: 'https://www.example.org/despejos', target: '_blank' } },
    '1': { type: 'media', mutability: 'IMMUTABLE', data: { src: 'https://cdn.example.org/ato.png', type: 'image' } },
    '2': { type: 'media', mutability: 'IMMUTABLE', data: { src: 'https://www.youtube.com/embed/xyz', type: 'iframe' } },
    '3': {
      type: 'media',
      mutability: 'IMMUTABLE',
      data: { src: 'https://platform.example.org/widget.js', type: 'script' },
    },
    '4': { type: 'media', mutability: 'IMMUTABLE', data: { src: 'https://x.org/a.swf', type: 'flash' } },
  },
};

describe('draft-style raw JSON', () => {
  const parsed = parseContent(JSON.stringify(RAW));
  const doc = parsed.document;

  it('is detected by its entityMap and offered for conversion', () => {
    expect(parsed.format).toBe('draft');
    expect(parsed.oldFormat).toBe(true);
  });

  it('maps header types and block alignment', () => {
    expect(doc[0]).toEqual({ type: 'heading', level: 1, align: 'center', children: [{ text: 'Chega de despejos!' }] });
  });

  it('splits inline styles into marks and LINK entities into links, counting code points', () => {
    expect(doc[1]).toEqual({
      type: 'paragraph',
      children: [
        { text: 'Mais de ', bold: true },
        { text: '300 famílias', bold: true, italic: true },
        { text: ' ' },
        { text: '🏠', color: { r: 238, g: 0, b: 153, a: 1 } },
        { text: ' podem perder suas casas. ' },
        {
          type: 'link',
          href: 'https://www.example.org/despejos',
          target: '_blank',
          children: [{ text: 'Saiba mais', underline: true }, { text: ' no site' }],
        },
        { text: '.' },
      ],
    });
  });

  it('turns a block in a legacy size into its heading', () => {
    expect(doc[2]).toEqual({ type: 'heading', level: 2, children: [{ text: 'Grande chamada' }] });
  });

  it('builds nested lists from depths', () => {
    const list = doc[3] as ListElement;
    expect(list.type).toBe('ordered-list');
    expect(list.children).toEqual([
      { type: 'list-item', children: [{ text: 'Ligue para o prefeito' }] },
      {
        type: 'ordered-list',
        children: [
          { type: 'list-item', children: [{ text: 'Gabinete' }] },
          { type: 'list-item', children: [{ text: 'Celular', strikethrough: true }] },
        ],
      },
      { type: 'list-item', children: [{ text: 'Mande um e-mail' }] },
    ]);
  });

  it('turns media entities into an image and embeds, and drops an unknown type with the spec warning', () => {
    expect(doc[4]?.children[1]).toMatchObject({ type: 'image', src: 'https://cdn.example.org/ato.png' });
    expect(doc[5]?.children[1]).toMatchObject({
      type: 'embed',
      embed: '<iframe src="https://www.youtube.com/embed/xyz" allowfullscreen></iframe>',
    });
    expect(doc[6]?.children[1]).toMatchObject({
      type: 'embed',
      embed: '<script src="https://platform.example.org/widget.js"></script>',
    });
    expect(parsed.warnings).toEqual(['richtext.mediaTypeNotFound']);
    expect(doc[7]).toEqual({
      type: 'unordered-list',
      children: [{ type: 'list-item', children: [{ text: 'Lista solta' }] }],
    });
    expect(doc).toHaveLength(8);
  });

  it('accepts the raw document already parsed (settings stored as an object)', () => {
    expect(parseContent(RAW).document).toEqual(doc);
  });

  it('refuses unsafe link and media addresses', () => {
    const evil = {
      blocks: [
        {
          key: 'x',
          text: 'clique',
          type: 'unstyled',
          inlineStyleRanges: [],
          entityRanges: [{ offset: 0, length: 6, key: 0 }],
        },
        {
          key: 'y',
          text: ' ',
          type: 'atomic',
          inlineStyleRanges: [],
          entityRanges: [{ offset: 0, length: 1, key: 1 }],
        },
        {
          key: 'z',
          text: ' ',
          type: 'atomic',
          inlineStyleRanges: [],
          entityRanges: [{ offset: 0, length: 1, key: 2 }],
        },
      ],
      entityMap: {
        '0': { type: 'LINK', data: { href: 'javascript:alert(document.cookie)' } },
        '1': { type: 'IMAGE', data: { src: 'javascript:alert(1)' } },
        '2': { type: 'media', data: { type: 'iframe', src: '"><script>alert(1)</script>' } },
      },
    };
    const json = JSON.stringify(parseContent(JSON.stringify(evil)).document);
    expect(json).not.toMatch(/javascript:/);
    // The iframe's source is escaped into its attribute, so nothing breaks out of the tag.
    expect(json).not.toContain('"><script>');
    expect(parseContent(evil).document[0]).toEqual({ type: 'paragraph', children: [{ text: 'clique' }] });
  });

  it('ignores out-of-range offsets and unknown entity keys', () => {
    const raw = {
      blocks: [
        {
          key: 'k',
          text: 'abc',
          type: 'unstyled',
          inlineStyleRanges: [
            { offset: 1, length: 99, style: 'BOLD' },
            { offset: -1, length: 2, style: 'ITALIC' },
          ],
          entityRanges: [{ offset: 0, length: 1, key: 42 }],
        },
      ],
      entityMap: {},
    };
    expect(parseContent(raw).document).toEqual([
      { type: 'paragraph', children: [{ text: 'a' }, { text: 'bc', bold: true }] },
    ]);
  });
});
