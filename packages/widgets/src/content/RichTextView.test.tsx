import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseContent, type RichTextDocument } from '@mutirao/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { embedBox } from './EmbedView';
import { RichTextView } from './RichTextView';

const view = (document: RichTextDocument, mode: 'public' | 'edit' = 'public') =>
  renderToStaticMarkup(<RichTextView document={document} mode={mode} locale="pt-BR" />);

describe('rich-text renderer', () => {
  it('renders every mark', () => {
    const html = view([
      {
        type: 'paragraph',
        children: [
          { text: 'b', bold: true },
          { text: 'i', italic: true },
          { text: 'u', underline: true },
          { text: 's', strikethrough: true },
          { text: 'all', bold: true, italic: true, underline: true, strikethrough: true },
          { text: 'styled', fontSize: 24, fontFamilyIndex: 4, color: { r: 238, g: 0, b: 153, a: 0.8 } },
        ],
      },
    ]);
    expect(html).toBe(
      '<div class="mz-rich-text"><p class="mz-rt-p">' +
        '<strong>b</strong><em>i</em><u>u</u><s>s</s>' +
        '<strong><em><u><s>all</s></u></em></strong>' +
        '<span style="font-size:24px;font-family:&quot;Lora&quot;, &quot;Lora Fallback&quot;, Georgia, &quot;Times New Roman&quot;, serif;color:rgba(238, 0, 153, 0.8)">styled</span>' +
        '</p></div>',
    );
  });

  it('shifts a block’s headings below the page’s, the block’s and the widget’s, never skipping a level', () => {
    const html = renderToStaticMarkup(
      <RichTextView
        document={[
          { type: 'heading', level: 1, children: [{ text: 'A' }] },
          { type: 'heading', level: 4, children: [{ text: 'B' }] },
          { type: 'heading', level: 2, children: [{ text: 'C' }] },
          { type: 'heading', level: 6, children: [{ text: 'D' }] },
        ]}
        mode="public"
        locale="pt-BR"
        headingBase={3}
      />,
    );
    expect(
      [...html.matchAll(/<h(\d) class="mz-rt-heading mz-rt-h(\d)">(\w)/g)].map((m) => m.slice(1).join('')),
    ).toEqual(['31A', '44B', '42C', '56D']);
  });

  it('renders headings, alignment, line breaks and empty paragraphs', () => {
    expect(
      view([
        { type: 'heading', level: 1, align: 'center', children: [{ text: 'Título' }] },
        { type: 'heading', level: 6, children: [{ text: 'Pequeno' }] },
        { type: 'paragraph', align: 'right', children: [{ text: 'linha 1\nlinha 2' }] },
        { type: 'paragraph', children: [{ text: '' }] },
      ]),
    ).toBe(
      '<div class="mz-rich-text">' +
        '<h1 class="mz-rt-heading mz-rt-h1" style="text-align:center">Título</h1>' +
        // No level is skipped: h1 then h6 renders as h1 then h2, with the authored size kept by its class.
        '<h2 class="mz-rt-heading mz-rt-h6">Pequeno</h2>' +
        '<p class="mz-rt-p" style="text-align:right">linha 1<br/>linha 2</p>' +
        '<p class="mz-rt-p"><br/></p>' +
        '</div>',
    );
  });

  it('renders links: new-tab ones with rel noopener noreferrer and a spoken note, cleared ones as text', () => {
    const html = view([
      {
        type: 'paragraph',
        children: [
          { text: '' },
          {
            type: 'link',
            href: 'https://example.org/a',
            target: '_blank',
            title: 'Dossiê',
            children: [{ text: 'nova aba' }],
          },
          { text: ' ' },
          { type: 'link', href: 'https://example.org/b', target: '_self', children: [{ text: 'mesma', bold: true }] },
          { text: ' ' },
          { type: 'link', href: null, children: [{ text: 'sem link' }] },
          { text: '' },
        ],
      },
    ]);
    expect(html).toContain(
      '<a href="https://example.org/a" title="Dossiê" target="_blank" rel="noopener noreferrer">nova aba<span class="mz-visually-hidden"> (abre em nova aba)</span></a>',
    );
    expect(html).toContain('<a href="https://example.org/b" target="_self"><strong>mesma</strong></a>');
    expect(html).toContain('<span>sem link</span>');
  });

  it('renders images with alt, title and size, and image links', () => {
    const html = view([
      {
        type: 'paragraph',
        children: [
          { text: '' },
          { type: 'image', src: '/uploads/ato.jpg', title: 'O ato', width: 800, height: 600, children: [{ text: '' }] },
          { text: '' },
          { type: 'image', src: '/uploads/b.jpg', alt: 'Faixa na praça', children: [{ text: '' }] },
          { text: '' },
          {
            type: 'imageLink',
            src: '/uploads/c.jpg',
            href: 'https://www.example.org/x',
            openExternal: true,
            children: [{ text: '' }],
          },
          { text: '' },
        ],
      },
    ]);
    expect(html).toContain(
      '<img class="mz-rt-image" src="/uploads/ato.jpg" alt="O ato" title="O ato" width="800" height="600" loading="lazy" decoding="async"/>',
    );
    expect(html).toContain('alt="Faixa na praça"');
    expect(html).toContain(
      '<a class="mz-rt-image-link" href="https://www.example.org/x" target="_blank" rel="noopener noreferrer"><img class="mz-rt-image" src="/uploads/c.jpg" alt="example.org"',
    );
  });

  it("fetches the first block's images first, and the others only when they come near", () => {
    const doc: RichTextDocument = [
      { type: 'paragraph', children: [{ type: 'image', src: '/uploads/topo.jpg', children: [{ text: '' }] }] },
    ];
    const first = renderToStaticMarkup(<RichTextView document={doc} mode="public" locale="pt-BR" eagerImages />);
    expect(first).toContain('loading="eager" fetchPriority="high"');
    const later = renderToStaticMarkup(<RichTextView document={doc} mode="public" locale="pt-BR" />);
    expect(later).toContain('loading="lazy"');
    expect(later).not.toContain('fetchPriority');
  });

  it('renders nested lists inside the item before them', () => {
    expect(
      view([
        {
          type: 'ordered-list',
          children: [
            { type: 'list-item', children: [{ text: 'um' }] },
            {
              type: 'ordered-list',
              children: [
                { type: 'list-item', children: [{ text: 'um.um' }] },
                { type: 'unordered-list', children: [{ type: 'list-item', children: [{ text: 'fundo' }] }] },
              ],
            },
            { type: 'list-item', align: 'center', children: [{ text: 'dois' }] },
          ],
        },
        {
          type: 'unordered-list',
          children: [
            { type: 'unordered-list', children: [{ type: 'list-item', children: [{ text: 'só aninhado' }] }] },
          ],
        },
      ]),
    ).toBe(
      '<div class="mz-rich-text">' +
        '<ol><li>um<ol><li>um.um<ul><li>fundo</li></ul></li></ol></li><li style="text-align:center">dois</li></ol>' +
        '<ul><li class="mz-rt-li--bare"><ul><li>só aninhado</li></ul></li></ul>' +
        '</div>',
    );
  });

  it('renders the grid as rows of cells', () => {
    expect(
      view([
        {
          type: 'grid',
          children: [
            {
              type: 'grid-row',
              children: [
                { type: 'grid-cell', children: [{ text: 'a' }] },
                { type: 'grid-cell', align: 'right', children: [{ text: 'b' }] },
              ],
            },
          ],
        },
      ]),
    ).toBe(
      '<div class="mz-rich-text"><div class="mz-rt-grid"><div class="mz-rt-row">' +
        '<div class="mz-rt-cell">a</div><div class="mz-rt-cell" style="text-align:right">b</div>' +
        '</div></div></div>',
    );
  });
});

describe('embeds', () => {
  const embed = '<iframe src="https://www.youtube.com/embed/abc" height="315"></iframe>';
  const doc: RichTextDocument = [
    {
      type: 'paragraph',
      children: [{ text: 'Veja:' }, { type: 'embed', embed, children: [{ text: '' }] }, { text: '' }],
    },
  ];

  it('runs as given on the public page, in a div (never inside a <p>)', () => {
    expect(view(doc)).toBe(
      `<div class="mz-rich-text"><div class="mz-rt-p">Veja:<div class="mz-embed">${embed}</div></div></div>`,
    );
  });

  it('is sandboxed in the editor: an opaque-origin frame that cannot reach the admin app', () => {
    const html = view(doc, 'edit');
    expect(html).toContain('sandbox="allow-scripts allow-popups allow-forms allow-presentation"');
    expect(html).not.toContain('allow-same-origin');
    expect(html).toContain('title="Conteúdo incorporado"');
    // The preview takes the box the embed takes on the public page.
    expect(html).toContain('style="width:300px;height:315px"');
    // The snippet is only inside the srcdoc attribute, escaped: it never runs in the admin's page.
    expect(html).not.toContain('<iframe src="https://www.youtube.com/embed/abc"');
    expect(html).toContain('srcDoc="&lt;!doctype html&gt;');
  });

  it('refuses a snippet that is not an iframe or a script: nothing in public, the spec message in the editor', () => {
    const bad: RichTextDocument = [
      {
        type: 'paragraph',
        children: [
          { text: '' },
          { type: 'embed', embed: '<img src=x onerror=alert(1)>', children: [{ text: '' }] },
          { text: '' },
        ],
      },
    ];
    expect(view(bad)).not.toContain('<img');
    expect(view(bad, 'edit')).toContain('Este código não é permitido: ele deve começar com &lt;iframe ou &lt;script.');
    expect(view(bad, 'edit')).not.toContain('<img');
  });
});

describe('the embed box', () => {
  it('is the iframe’s own size, from its attributes or style, or the browser default; a script gets the width', () => {
    expect(embedBox('<iframe width="560" height="315" src="https://x.org"></iframe>')).toEqual({
      width: '560px',
      height: '315px',
    });
    expect(embedBox('<iframe src="https://x.org" style="border:0; width:100%; height: 450px"></iframe>')).toEqual({
      width: '100%',
      height: '450px',
    });
    expect(embedBox('<iframe data-width="9" src="https://x.org"></iframe>')).toEqual({
      width: '300px',
      height: '150px',
    });
    expect(embedBox('<iframe width="99999" height="120%"></iframe>')).toEqual({ width: '4000px', height: '100%' });
    expect(embedBox('<script src="https://x.org/w.js"></script>')).toEqual({ width: '100%', height: '240px' });
  });
});

describe('HTML is never injected, except embeds', () => {
  it('renders legacy HTML only through the sanitising converter', () => {
    const html = view(
      parseContent(
        '<p>Olá <b>mundo</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p><iframe src="https://player.example.org/v"></iframe>',
      ).document,
    );
    expect(html).toBe(
      '<div class="mz-rich-text"><p class="mz-rt-p">Olá <strong>mundo</strong>x</p>' +
        '<div class="mz-rt-p"><div class="mz-embed"><iframe src="https://player.example.org/v"></iframe></div></div></div>',
    );
  });

  it('uses dangerouslySetInnerHTML nowhere but the embed view and the island props (escaped by scriptJson)', () => {
    const root = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
            ? [join(dir, e.name)]
            : [],
      );
    const users = files(root).filter((f) => readFileSync(f, 'utf8').includes('dangerouslySetInnerHTML'));
    expect(users.map((f) => f.slice(root.length + 1)).sort()).toEqual(['WidgetView.tsx', 'content/EmbedView.tsx']);
  });
});
