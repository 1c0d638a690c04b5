import { serializeContent } from '@mutirao/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MobilizationPage } from './MobilizationPage';
import { renderMobilizationHtml } from './server';
import type { EditorSlots, PageBlock, PageMobilization, PageWidget } from './types';

const mobilization: PageMobilization = {
  id: 7,
  name: 'Salve o Parque',
  header_font: 'Oswald',
  body_font: 'Open Sans',
  color_scheme: 'meurio-scheme',
};

const content = (text: string) => serializeContent([{ type: 'paragraph', children: [{ text }] }]);

const widget = (
  id: number,
  blockId: number,
  kind: string,
  settings: unknown = {},
  sizes = [12, 12, 12],
): PageWidget => ({
  id,
  block_id: blockId,
  kind,
  sm_size: sizes[0],
  md_size: sizes[1],
  lg_size: sizes[2],
  settings,
});

const blocks: PageBlock[] = [
  // Given out of order: the page sorts by position.
  {
    id: 3,
    name: 'Bastidores',
    position: 3,
    hidden: true,
    menu_hidden: false,
    bg_class: null,
    bg_image: null,
    widgets: [widget(30, 3, 'content', { content: content('Só a equipe vê isto') })],
  },
  {
    id: 1,
    name: 'Início',
    position: 1,
    hidden: false,
    menu_hidden: false,
    bg_class: '{"r":20,"g":20,"b":60,"a":1}',
    bg_image: null,
    widgets: [
      widget(10, 1, 'content', { content: content('Bem-vindas à campanha') }, [12, 6, 8]),
      widget(11, 1, 'draft', {}, [12, 6, 4]),
    ],
  },
  {
    id: 2,
    name: 'Rodapé',
    position: 2,
    hidden: false,
    menu_hidden: true,
    bg_class: 'bg-4',
    bg_image: 'https://cdn.example.org/fundo.jpg',
    widgets: [widget(20, 2, 'content', { content: '<p>Feito com <b>carinho</b></p>' }), widget(21, 2, 'plip')],
  },
  {
    id: 4,
    name: 'Legado',
    position: 4,
    widgets: [widget(40, 4, 'mystery-kind')],
  },
  // Never named: the editor calls it 'Bloco 5', which means nothing to a visitor.
  {
    id: 5,
    name: null,
    position: 5,
    widgets: [widget(50, 5, 'content', { content: content('Sem nome ainda') })],
  },
];

const render = (mode: 'public' | 'edit', slots?: EditorSlots) =>
  renderToStaticMarkup(
    <MobilizationPage mobilization={mobilization} blocks={blocks} locale="pt-BR" mode={mode} slots={slots} />,
  );

describe('public page', () => {
  const html = render('public');

  it('renders the blocks in order, leaving hidden blocks out', () => {
    const ids = [...html.matchAll(/data-block-id="(\d+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['1', '2', '4', '5']);
    expect(html).not.toContain('Só a equipe vê isto');
    expect(html).not.toContain('Escondido');
  });

  it('lists the named blocks in the navbar, without menu_hidden, hidden and unnamed blocks', () => {
    expect(html).toContain('<nav aria-label="Navegação da página">');
    const nav = /<nav[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect([...nav.matchAll(/<a href="#block-(\d+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['1', 'Início'],
      ['4', 'Legado'],
    ]);
    expect(html).toContain('data-mz-navbar');
  });

  it('keeps draft columns as empty cells and shows nothing of the chooser', () => {
    expect(html).toContain('<div class="mz-col mz-col-sm-12 mz-col-md-6 mz-col-lg-4" data-widget-id="11"></div>');
    expect(html).not.toContain('mz-widget-empty');
  });

  it('lays columns out from the widget sizes', () => {
    expect(html).toContain('class="mz-col mz-col-sm-12 mz-col-md-6 mz-col-lg-8" data-widget-id="10"');
  });

  it('applies colour, class and image backgrounds, with a contrasting tone for a dark colour', () => {
    expect(html).toMatch(
      /<section id="block-1" class="mz-block mz-tone-dark" style="background-color:rgba\(20, 20, 60, 1\)"/,
    );
    expect(html).toContain(
      '<section id="block-2" class="mz-block bg-4 mz-block--image" style="background-image:url(&quot;https://cdn.example.org/fundo.jpg&quot;)"',
    );
  });

  it('renders content in every stored format, a placeholder for kinds still to come, and Widget não encontrado!', () => {
    expect(html).toContain('<p class="mz-rt-p">Bem-vindas à campanha</p>');
    expect(html).toContain('<p class="mz-rt-p">Feito com <strong>carinho</strong></p>');
    expect(html).toContain('<div class="mz-widget-placeholder">PLIP: disponível em breve</div>');
    expect(html).toContain('Widget não encontrado!');
  });

  it('uses the scheme, fonts and the main landmark', () => {
    expect(html).toContain('class="mz-page mz-scheme-meurio mz-page--public"');
    expect(html).toContain('--mz-body-font:&quot;Open Sans&quot;');
    expect(html).toContain('--mz-header-font:&quot;Oswald&quot;');
    expect(html).toContain('<main class="mz-blocks" id="mz-main">');
  });

  it('has no edit overlay', () => {
    expect(html).not.toContain('Clique para editar');
    expect(html).not.toContain('mz-widget__overlay');
  });

  it('comes from the server entry with its stylesheet and navbar script', () => {
    const page = renderMobilizationHtml({ mobilization, blocks, locale: 'pt-BR' });
    expect(page.body).toContain('Bem-vindas à campanha');
    expect(page.body).not.toContain('Só a equipe vê isto');
    expect(page.css).toContain('.mz-block{');
    expect(page.script).toContain('mz-navbar--fixed');
  });
});

describe('edit mode', () => {
  const calls: string[] = [];
  const slots: EditorSlots = {
    renderDraft: (w) => <button type="button">Escolher widget {w.id}</button>,
    renderWidgetActions: (w) => <button type="button">Remover {w.id}</button>,
    onWidgetClick: (w) => calls.push(`click ${w.id}`),
    renderBlockMenu: (b, index, count) => <span>Menu {`${b.id} ${index + 1}/${count}`}</span>,
    renderNavItem: (b, link) => (
      <>
        {link}
        <button type="button">Olho {b.id}</button>
      </>
    ),
  };
  const html = render('edit', slots);

  it('shows hidden blocks tagged Escondido, and menu_hidden ones tagged', () => {
    expect(html).toContain('Só a equipe vê isto');
    expect(html).toMatch(
      /id="block-3" class="mz-block mz-block--hidden"[^>]*><h2 class="mz-visually-hidden"[^>]*>[^<]*<\/h2><div class="mz-block__tags" data-mz-edit=""><span class="mz-tag">Escondido<\/span>/,
    );
    expect(html).toContain('<span class="mz-tag mz-tag--muted">Fora do menu</span>');
  });

  it('lists every block in the navbar, with the editor’s controls', () => {
    const nav = /<nav[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect([...nav.matchAll(/href="#block-(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(nav).toContain('Olho 2');
    // Struck out: what the public menu leaves out (menu_hidden, hidden, and the unnamed block under its made-up name).
    expect(
      [...nav.matchAll(/<li class="mz-navbar__item--menu-hidden"><a href="#block-(\d+)">([^<]*)</g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['2', 'Rodapé'],
      ['3', 'Bastidores'],
      ['5', 'Bloco 5'],
    ]);
  });

  it('fills draft slots with the editor’s chooser', () => {
    expect(html).toContain('<button type="button">Escolher widget 11</button>');
  });

  it('overlays editable widgets with Clique para editar and the editor’s buttons', () => {
    expect(html).toContain(
      '<button type="button" class="mz-widget__overlay" data-mz-edit=""><span class="mz-widget__overlay-label">Clique para editar</span></button><div class="mz-widget__actions" data-mz-edit=""><button type="button">Remover 10</button></div>',
    );
    expect(html).toContain('Menu 1 1/5');
    // The draft slot has no overlay: it renders bare.
    expect(html).not.toContain('Remover 11');
  });

  it('keeps the widget markup of the public page, adding only the overlays', () => {
    const publicHtml = render('public');
    const inner = (page: string) => /<p class="mz-rt-p">Bem-vindas à campanha<\/p>/.exec(page)?.[0];
    expect(inner(html)).toBe(inner(publicHtml));
  });

  it('marks every edit-only element, so the page without them is the public page', () => {
    // Edit mode minus the marked elements, the hidden block and the draft's empty wrapper equals the public page.
    const strip = (page: string) =>
      page
        .replace(/<section id="block-3".*?<\/section>/, '')
        .replace(/<(div|button|small)[^>]*data-mz-edit=""[^>]*>(?:(?!<\/?\1[\s>]).|<\1[^>]*>.*?<\/\1>)*<\/\1>/g, '')
        .replace(/<nav.*?<\/nav>/, '')
        .replace(/ mz-widget--editable/g, '')
        .replace(/<div class="mz-widget mz-widget--draft"><\/div>/g, '')
        .replace(/mz-page--edit/, 'mz-page--public')
        .replace(/<div class="mz-blocks" id="mz-main">/, '<main class="mz-blocks" id="mz-main">')
        .replace(/<\/div><\/div>$/, '</main></div>');
    const publicPage = render('public').replace(/<nav.*?<\/nav>/, '');
    expect(strip(html)).toBe(publicPage);
  });

  it('lets the editor replace a widget (the rich-text editor while editing)', () => {
    const replaced = render('edit', {
      ...slots,
      renderWidget: (w) => (w.id === 10 ? <textarea aria-label="x" /> : undefined),
    });
    expect(replaced).toContain('<textarea aria-label="x"></textarea>');
    expect(replaced).not.toContain('Bem-vindas à campanha');
  });

  it('is not the main landmark inside the admin app', () => {
    expect(html).not.toContain('<main');
  });

  it('shows an empty-slot note when the editor gives no chooser', () => {
    expect(render('edit')).toContain('Espaço vazio para um widget');
  });
});

describe('page text is escaped', () => {
  it('escapes block names, content text and refuses unsafe backgrounds', () => {
    const evil: PageBlock[] = [
      {
        id: 1,
        name: '<script>alert("nome")</script>',
        position: 1,
        bg_class: 'ok"><script>alert(1)</script> bg-2',
        bg_image: 'javascript:alert(1)',
        widgets: [
          widget(1, 1, 'content', {
            content: serializeContent([{ type: 'paragraph', children: [{ text: '<img src=x onerror=alert(1)>' }] }]),
          }),
          widget(2, 1, 'content', { content: '<p onmouseover="alert(1)">oi<script>alert(2)</script></p>' }),
        ],
      },
      {
        id: 2,
        name: 'Imagem',
        position: 2,
        bg_image: 'https://x.org/a.png"); background: url("https://evil.example/track',
        widgets: [],
      },
    ];
    const html = renderToStaticMarkup(
      <MobilizationPage
        mobilization={{ ...mobilization, body_font: 'x"; } body { display:none' }}
        blocks={evil}
        locale="pt-BR"
        mode="public"
      />,
    );
    // Only escaped text remains of the attempts: no element, attribute or URL of theirs.
    expect(html).not.toMatch(/<script|<img|<[a-z][^>]*\son\w+\s*=|javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;nome&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('class="mz-block bg-2"');
    expect(html).toContain('url(&quot;https://x.org/a.png%22); background: url(%22https://evil.example/track&quot;)');
    expect(html).toContain('--mz-body-font:&quot;x  body  displaynone&quot;');
  });
});
