import { describe, expect, it } from 'vitest';
import type { ListElement, RichTextDocument } from './model';
import { plainText } from './model';
import { parseContent } from './parse';

/** What the old HTML editor saved for a campaign page: headings by size, lists, links, images, a video. */
const LEGACY_PAGE = `
<div style="text-align: center;"><span style="font-size: 80px;"><b>Salve o Parque Augusta!</b></span></div>
<p><span style="font-size: 24px;">O que está em jogo</span></p>
<p>A prefeitura quer liberar a construção de <strong>três torres</strong> em uma das últimas áreas verdes do centro.
   Leia o <a href="https://www.example.org/dossie" target="_blank">dossiê completo</a> e
   <a href="www.example.org/agenda">a agenda</a>.</p>
<ol>
  <li>Assine a petição</li>
  <li>Compartilhe com <em>seus amigos</em>
    <ul><li>no WhatsApp</li><li>no Twitter</li></ul>
  </li>
  <li>Venha ao ato</li>
</ol>
<p><a href="https://www.example.org/fotos"><img src="https://cdn.example.org/parque.jpg" alt="Vista do parque" title="O parque" width="600" height="400"></a></p>
<p><iframe width="560" height="315" src="https://www.youtube.com/embed/abc123" frameborder="0" allowfullscreen></iframe></p>
<p><font size="7" color="#ee0099" face="Lato">Grande e rosa</font><br>linha nova</p>
`;

function only<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

describe('legacy HTML', () => {
  const { format, document, oldFormat } = parseContent(LEGACY_PAGE);

  it('is detected as HTML (it is not JSON) and offered for conversion', () => {
    expect(format).toBe('html');
    expect(oldFormat).toBe(true);
  });

  it('maps the legacy sizes 80 and 24 to h1 and h4 and keeps alignment', () => {
    expect(document[0]).toEqual({
      type: 'heading',
      level: 1,
      align: 'center',
      children: [{ text: 'Salve o Parque Augusta!', bold: true }],
    });
    expect(document[1]).toEqual({ type: 'heading', level: 4, children: [{ text: 'O que está em jogo' }] });
  });

  it('keeps links with their target, adds http:// to bare hosts and collapses whitespace', () => {
    const paragraph = only(document[2]);
    expect(paragraph.type).toBe('paragraph');
    expect(paragraph.children).toEqual([
      { text: 'A prefeitura quer liberar a construção de ' },
      { text: 'três torres', bold: true },
      { text: ' em uma das últimas áreas verdes do centro. Leia o ' },
      {
        type: 'link',
        href: 'https://www.example.org/dossie',
        target: '_blank',
        children: [{ text: 'dossiê completo' }],
      },
      { text: ' e ' },
      { type: 'link', href: 'http://www.example.org/agenda', children: [{ text: 'a agenda' }] },
      { text: '.' },
    ]);
  });

  it('nests a list inside an item after that item, as the editor does', () => {
    const list = only(document[3]) as ListElement;
    expect(list.type).toBe('ordered-list');
    expect(list.children.map((c) => c.type)).toEqual(['list-item', 'list-item', 'unordered-list', 'list-item']);
    expect(list.children[1]).toEqual({
      type: 'list-item',
      children: [{ text: 'Compartilhe com ' }, { text: 'seus amigos', italic: true }],
    });
    expect(plainText([only(list.children[2])])).toBe('no WhatsApp\nno Twitter');
  });

  it('turns a linked image into an image link with alt, title and size', () => {
    expect(only(document[4]).children).toEqual([
      { text: '' },
      {
        type: 'imageLink',
        href: 'https://www.example.org/fotos',
        src: 'https://cdn.example.org/parque.jpg',
        alt: 'Vista do parque',
        title: 'O parque',
        width: 600,
        height: 400,
        children: [{ text: '' }],
      },
      { text: '' },
    ]);
  });

  it('keeps an iframe as an embed rebuilt from its allowed attributes', () => {
    expect(only(document[5]).children[1]).toEqual({
      type: 'embed',
      embed:
        '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" allowfullscreen frameborder="0"></iframe>',
      children: [{ text: '' }],
    });
  });

  it('reads <font> size, colour and face, and <br> as a line break', () => {
    expect(only(document[6]).children).toEqual([
      { text: 'Grande e rosa', fontSize: 48, color: { r: 238, g: 0, b: 153, a: 1 }, fontFamilyIndex: 1 },
      { text: '\nlinha nova' },
    ]);
  });

  it('maps every legacy size to its heading level', () => {
    const sizes: [number, number][] = [
      [8, 6],
      [16, 5],
      [24, 4],
      [48, 3],
      [72, 2],
      [80, 1],
    ];
    for (const [size, level] of sizes) {
      const doc = parseContent(`<p><span style="font-size:${size}px">Título</span></p>`).document;
      expect(doc).toEqual([{ type: 'heading', level, children: [{ text: 'Título' }] }]);
    }
    // Another size, or a size on part of the text, stays a mark.
    expect(parseContent('<p><span style="font-size:30px">a</span></p>').document[0]?.type).toBe('paragraph');
    expect(parseContent('<p><span style="font-size:80px">a</span> b</p>').document[0]).toEqual({
      type: 'paragraph',
      children: [{ text: 'a', fontSize: 80 }, { text: ' b' }],
    });
  });

  it('turns a table into grid, rows and cells', () => {
    const doc = parseContent(
      '<table><tbody><tr><td>Quem</td><td align="right">Quando</td></tr></tbody></table>',
    ).document;
    expect(doc).toEqual([
      {
        type: 'grid',
        children: [
          {
            type: 'grid-row',
            children: [
              { type: 'grid-cell', children: [{ text: 'Quem' }] },
              { type: 'grid-cell', align: 'right', children: [{ text: 'Quando' }] },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps a spacer paragraph made of a non-breaking space', () => {
    expect(parseContent('<p>a</p><p>&nbsp;</p><p>b</p>').document).toHaveLength(3);
  });
});

describe('legacy HTML sanitising', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<svg><script>alert(1)</script></svg>',
    '<style>body{display:none}</style>',
    '<object data="evil.swf"></object><embed src="evil.swf">',
    '<form action="https://evil.example"><input name="password"></form>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<!--<img src=x onerror=alert(1)>-->',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ];

  for (const attack of attacks) {
    it(`neutralises ${attack}`, () => {
      const json = JSON.stringify(parseContent(attack).document);
      expect(json).not.toMatch(/javascript:|vbscript:|data:text|onerror|onclick|<script|srcdoc|evil/i);
    });
  }

  it('keeps the text of links whose address is refused', () => {
    expect(parseContent('<p><a href="javascript:alert(1)">clique aqui</a></p>').document).toEqual([
      { type: 'paragraph', children: [{ text: 'clique aqui' }] },
    ]);
  });

  it('unwraps unknown tags to their text', () => {
    expect(parseContent('<custom-thing>oi <marquee>mundo</marquee></custom-thing>').document).toEqual([
      { type: 'paragraph', children: [{ text: 'oi mundo' }] },
    ]);
  });

  it('survives malformed and deeply nested markup', () => {
    const deep = `${'<div>'.repeat(5000)}fundo${'</div>'.repeat(5000)}`;
    expect(() => parseContent(deep)).not.toThrow();
    const broken: RichTextDocument = parseContent(
      '<p><b>negrito <i>os dois</p> fora <a href="https://x.org">link',
    ).document;
    expect(plainText(broken)).toContain('negrito os dois');
    expect(plainText(broken)).toContain('link');
  });
});
