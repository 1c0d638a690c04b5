import { describe, expect, it } from 'vitest';
import { validateEmbed } from './embed';
import { RICH_TEXT_FONTS } from './fonts';
import { emptyDocument, type RichTextDocument } from './model';
import { contentOfSettings, parseContent, parseFinishMessage, serializeContent } from './parse';
import { safeHref, safeImageSrc } from './urls';

/** A document as the block editor saves it, with every element and mark of the model. */
const BLOCK_DOC: RichTextDocument = [
  { type: 'heading', level: 2, align: 'center', children: [{ text: 'Ocupe a Câmara' }] },
  {
    type: 'paragraph',
    align: 'right',
    children: [
      { text: 'Negrito', bold: true },
      { text: ' itálico', italic: true },
      { text: ' sublinhado', underline: true },
      { text: ' riscado', strikethrough: true },
      { text: ' grande', fontSize: 32, fontFamilyIndex: 3, color: { r: 10, g: 20, b: 30, a: 0.5 } },
      { type: 'link', href: 'https://example.org', title: 'Site', target: '_blank', children: [{ text: 'link' }] },
      { text: '' },
      { type: 'image', src: '/uploads/a.png', title: 'Ato', children: [{ text: '' }] },
      { text: '' },
      {
        type: 'imageLink',
        src: 'https://cdn.example.org/b.png',
        href: 'https://example.org',
        openExternal: true,
        children: [{ text: '' }],
      },
      { text: '' },
      { type: 'embed', embed: '<iframe src="https://www.youtube.com/embed/x"></iframe>', children: [{ text: '' }] },
      { text: '' },
    ],
  },
  {
    type: 'unordered-list',
    children: [
      { type: 'list-item', children: [{ text: 'um' }] },
      { type: 'unordered-list', children: [{ type: 'list-item', children: [{ text: 'um.um' }] }] },
    ],
  },
  {
    type: 'grid',
    children: [
      {
        type: 'grid-row',
        children: [
          { type: 'grid-cell', children: [{ text: 'a' }] },
          { type: 'grid-cell', align: 'center', children: [{ text: 'b' }] },
        ],
      },
    ],
  },
];

describe('format detection (spec 02 §3, §4, §8)', () => {
  it('reads block-editor JSON unchanged, from a string or an object', () => {
    const stored = serializeContent(BLOCK_DOC);
    expect(parseContent(stored)).toEqual({
      format: 'block-editor',
      document: BLOCK_DOC,
      oldFormat: false,
      warnings: [],
    });
    expect(parseContent(BLOCK_DOC).document).toEqual(BLOCK_DOC);
    expect(contentOfSettings({ content: stored }).document).toEqual(BLOCK_DOC);
  });

  it('treats content that does not parse as JSON as legacy HTML', () => {
    expect(parseContent('<p>Olá</p>').format).toBe('html');
    expect(parseContent('{"blocks": [').format).toBe('html');
    expect(parseContent('Só texto, sem marcação').document).toEqual([
      { type: 'paragraph', children: [{ text: 'Só texto, sem marcação' }] },
    ]);
    // JSON that is not a document (a bare number) is also text for the legacy path.
    expect(parseContent('2024').document).toEqual([{ type: 'paragraph', children: [{ text: '2024' }] }]);
  });

  it('reads content that was JSON-encoded twice', () => {
    expect(parseContent(JSON.stringify(serializeContent(BLOCK_DOC))).document).toEqual(BLOCK_DOC);
    expect(parseContent(JSON.stringify('<p>Olá</p>')).format).toBe('html');
  });

  it('gives an empty document for no content, and "Value invalid" for a value of the wrong type', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(parseContent(empty)).toEqual({
        format: 'empty',
        document: emptyDocument(),
        oldFormat: false,
        warnings: [],
      });
    }
    expect(parseContent(42).warnings).toEqual(['richtext.valueInvalid']);
    expect(parseContent(true).warnings).toEqual(['richtext.valueInvalid']);
    expect(parseContent('{"foo": 1}').warnings).toEqual(['richtext.valueInvalid']);
    expect(contentOfSettings(null).format).toBe('empty');
  });

  it('reads a finish message that is not JSON as plain text (the block-editor path)', () => {
    expect(parseFinishMessage('Obrigada!\nAgora compartilhe.')).toEqual({
      format: 'block-editor',
      oldFormat: false,
      warnings: [],
      document: [
        { type: 'paragraph', children: [{ text: 'Obrigada!' }] },
        { type: 'paragraph', children: [{ text: 'Agora compartilhe.' }] },
      ],
    });
    expect(parseFinishMessage('<b>não é HTML aqui</b>').document[0]?.children).toEqual([
      { text: '<b>não é HTML aqui</b>' },
    ]);
  });
});

describe('the original block editor (Slate before 0.50)', () => {
  const value = {
    kind: 'value',
    document: {
      kind: 'document',
      nodes: [
        {
          kind: 'block',
          type: 'alignment',
          data: { align: 'center' },
          nodes: [
            {
              kind: 'text',
              ranges: [
                { kind: 'range', text: 'Vem pra rua ', marks: [{ kind: 'mark', type: 'bold', data: {} }] },
                {
                  kind: 'range',
                  text: 'hoje',
                  marks: [
                    { type: 'font-size', data: { fontSize: 24 } },
                    { type: 'font-family', data: { fontFamilyIndex: '2' } },
                    { type: 'color', data: { rgba: { r: 255, g: 0, b: 0, a: 1 } } },
                    { type: 'underlined' },
                  ],
                },
              ],
            },
          ],
        },
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            { object: 'text', leaves: [{ object: 'leaf', text: 'Veja ', marks: [] }] },
            {
              object: 'inline',
              type: 'link',
              data: { href: 'https://example.org/ato', target: '_blank' },
              nodes: [{ object: 'text', leaves: [{ text: 'o ato', marks: [{ type: 'italic' }] }] }],
            },
            {
              object: 'inline',
              type: 'image',
              isVoid: true,
              data: { src: 'https://cdn.example.org/c.png', title: 'Cartaz' },
              nodes: [],
            },
            {
              object: 'inline',
              type: 'imageLink',
              isVoid: true,
              data: { src: 'https://cdn.example.org/d.png', href: 'https://example.org', openExternal: true },
              nodes: [],
            },
            {
              object: 'inline',
              type: 'embed',
              isVoid: true,
              data: { embed: '<iframe src="https://player.example.org/1"></iframe>' },
            },
            { object: 'inline', type: 'embed', isVoid: true, data: { embed: '<img src=x onerror=alert(1)>' } },
          ],
        },
        {
          kind: 'block',
          type: 'ordered-list',
          nodes: [
            { kind: 'block', type: 'list-item', nodes: [{ kind: 'text', text: 'primeiro' }] },
            {
              kind: 'block',
              type: 'ordered-list',
              nodes: [{ kind: 'block', type: 'list-item', nodes: [{ kind: 'text', text: 'dentro' }] }],
            },
          ],
        },
        {
          kind: 'block',
          type: 'grid',
          nodes: [
            {
              kind: 'block',
              type: 'grid-row',
              nodes: [{ kind: 'block', type: 'grid-cell', nodes: [{ kind: 'text', text: 'célula' }] }],
            },
          ],
        },
      ],
    },
  };

  const parsed = parseContent(JSON.stringify(value));

  it('is the block-editor format, converted on load without asking', () => {
    expect(parsed.format).toBe('block-editor');
    expect(parsed.oldFormat).toBe(false);
  });

  it('maps alignment blocks and data marks', () => {
    expect(parsed.document[0]).toEqual({
      type: 'paragraph',
      align: 'center',
      children: [
        { text: 'Vem pra rua ', bold: true },
        { text: 'hoje', fontSize: 24, fontFamilyIndex: 2, color: { r: 255, g: 0, b: 0, a: 1 }, underline: true },
      ],
    });
  });

  it('maps links, images, image links and embeds, refusing an embed that is not an iframe or script', () => {
    expect(parsed.document[1]?.children).toEqual([
      { text: 'Veja ' },
      { type: 'link', href: 'https://example.org/ato', target: '_blank', children: [{ text: 'o ato', italic: true }] },
      { text: '' },
      { type: 'image', src: 'https://cdn.example.org/c.png', title: 'Cartaz', children: [{ text: '' }] },
      { text: '' },
      {
        type: 'imageLink',
        src: 'https://cdn.example.org/d.png',
        href: 'https://example.org',
        openExternal: true,
        children: [{ text: '' }],
      },
      { text: '' },
      { type: 'embed', embed: '<iframe src="https://player.example.org/1"></iframe>', children: [{ text: '' }] },
      { text: '' },
    ]);
  });

  it('keeps nested lists and the grid', () => {
    expect(parsed.document[2]).toEqual({
      type: 'ordered-list',
      children: [
        { type: 'list-item', children: [{ text: 'primeiro' }] },
        { type: 'ordered-list', children: [{ type: 'list-item', children: [{ text: 'dentro' }] }] },
      ],
    });
    expect(parsed.document[3]).toEqual({
      type: 'grid',
      children: [{ type: 'grid-row', children: [{ type: 'grid-cell', children: [{ text: 'célula' }] }] }],
    });
  });
});

describe('block-editor JSON from an untrusted source', () => {
  it('drops unsafe addresses and invalid values, keeping the text', () => {
    const doc = parseContent([
      {
        type: 'paragraph',
        align: 'justify; background:url(x)',
        children: [
          { type: 'link', href: 'javascript:alert(1)', children: [{ text: 'a' }] },
          { type: 'image', src: 'data:image/svg+xml,<svg onload=alert(1)>', children: [{ text: '' }] },
          { type: 'embed', embed: '<div onmouseover="alert(1)">x</div>', children: [{ text: '' }] },
          { text: 'b', bold: 'yes', fontSize: '0', fontFamilyIndex: 999, color: { r: 'x' } },
          { text: 'c', fontSize: -5, color: { r: 300, g: -1, b: 10, a: 7 } },
        ],
      },
      { type: 'script', children: [{ text: 'alert(1)' }] },
      'not a node',
    ]).document;
    expect(doc).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'a' },
          { text: 'b', fontSize: 1 },
          { text: 'c', fontSize: 1, color: { r: 255, g: 0, b: 10, a: 1 } },
        ],
      },
      { type: 'paragraph', children: [{ text: 'alert(1)' }] },
    ]);
  });

  it('gives every element the children Slate requires', () => {
    expect(
      parseContent([
        { type: 'paragraph', children: [] },
        { type: 'heading', level: 9 },
      ]).document,
    ).toEqual([
      { type: 'paragraph', children: [{ text: '' }] },
      { type: 'heading', level: 2, children: [{ text: '' }] },
    ]);
    expect(parseContent([]).document).toEqual(emptyDocument());
  });
});

describe('embeds, URLs and fonts', () => {
  it('accepts only embeds that start with an iframe or a script tag', () => {
    expect(validateEmbed('  <iframe src="https://x.org"></iframe> ')).toEqual({
      ok: true,
      embed: '<iframe src="https://x.org"></iframe>',
    });
    expect(validateEmbed('<SCRIPT src="https://x.org/a.js"></SCRIPT>').ok).toBe(true);
    for (const bad of ['<div>x</div>', 'texto', '<iframes>', '<img src=x onerror=alert(1)>', '', null, 3]) {
      expect(validateEmbed(bad)).toEqual({ ok: false, error: 'richtext.scriptNotPermitted' });
    }
  });

  it('allows web, mail and phone links, and site-relative or web images only', () => {
    expect(safeHref('https://a.org/x?y#z')).toBe('https://a.org/x?y#z');
    expect(safeHref('www.a.org')).toBe('http://www.a.org');
    expect(safeHref('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(safeHref('tel:+5511999999999')).toBe('tel:+5511999999999');
    expect(safeHref('#apoie')).toBe('#apoie');
    expect(safeHref('/sobre')).toBe('/sobre');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:x',
      'java\nscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
    expect(safeImageSrc('/uploads/x.png')).toBe('/uploads/x.png');
    expect(safeImageSrc('//cdn.org/x.png')).toBe('https://cdn.org/x.png');
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageSrc('x.png')).toBeUndefined();
  });

  it('offers about 60 font families, each from a self-hostable package', () => {
    expect(RICH_TEXT_FONTS.length).toBeGreaterThanOrEqual(58);
    expect(RICH_TEXT_FONTS.length).toBeLessThanOrEqual(60);
    expect(RICH_TEXT_FONTS.slice(0, 5).map((f) => f.family)).toEqual([
      'Roboto',
      'Lato',
      'Open Sans',
      'Montserrat',
      'Lora',
    ]);
    expect(new Set(RICH_TEXT_FONTS.map((f) => f.package)).size).toBe(RICH_TEXT_FONTS.length);
    for (const f of RICH_TEXT_FONTS) expect(f.package).toMatch(/^[a-z0-9-]+$/);
  });
});
