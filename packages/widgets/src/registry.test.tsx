import { parseCssColor, serializeContent, WIDGET_KINDS } from '@mutirao/core';
import { describe, expect, it } from 'vitest';
import { blockBackground } from './background';
import { pageFontFamilies } from './fonts';
import { columnClasses } from './layout';
import { NAVBAR_FIXED_AFTER_PX, navbarScript } from './navbar-script';
import { WIDGET_REGISTRY, widgetModule } from './registry';
import { widgetsCss } from './styles';
import { BODY_TEXT, contrastRatio, LIGHT_TEXT, PALETTES, schemeName } from './theme';
import type { IslandSpec } from './types';

const rgb = (hex: string) => parseCssColor(hex) ?? { r: 0, g: 0, b: 0, a: 1 };

describe('widget registry', () => {
  it('has a module for every kind, and only those', () => {
    expect(Object.keys(WIDGET_REGISTRY).sort()).toEqual([...WIDGET_KINDS].sort());
    for (const kind of WIDGET_KINDS) expect(widgetModule(kind)?.kind).toBe(kind);
  });

  it('knows no other kind, not even inherited names', () => {
    for (const kind of ['mystery', 'toString', '__proto__', 'constructor', ''])
      expect(widgetModule(kind)).toBeUndefined();
  });

  it('hides drafts from the public and needs no JavaScript for content', () => {
    expect(WIDGET_REGISTRY.draft.publicView).toBe(false);
    expect(WIDGET_REGISTRY.draft.overlay).toBe(false);
    expect(WIDGET_REGISTRY.content).toMatchObject({ publicView: true, overlay: true, interactive: false });
  });

  it('hydrates exactly the interactive kinds, the form among them', () => {
    for (const module of Object.values(WIDGET_REGISTRY)) {
      expect(!!(module as { island?: unknown }).island, module.kind).toBe(module.interactive);
    }
    expect(WIDGET_REGISTRY.form).toMatchObject({ interactive: true, overlay: true, island: { name: 'form' } });
  });

  it("finds each island's component where the public bundle's derived table looks for it", async () => {
    for (const module of Object.values(WIDGET_REGISTRY)) {
      const island = (module as { island?: IslandSpec }).island;
      if (!island) continue;
      const file = (await import(`./${island.name}/island.ts`)) as { component: unknown };
      expect(file.component, island.name).toBe(island.component);
    }
  });
});

describe('layout', () => {
  it('derives column classes from sizes, falling back from lg to md to sm to 12', () => {
    expect(columnClasses({ id: 1, kind: 'content', sm_size: 12, md_size: 6, lg_size: 3 })).toBe(
      'mz-col mz-col-sm-12 mz-col-md-6 mz-col-lg-3',
    );
    expect(columnClasses({ id: 1, kind: 'content', sm_size: null, md_size: 6 })).toBe(
      'mz-col mz-col-sm-12 mz-col-md-6 mz-col-lg-6',
    );
    expect(columnClasses({ id: 1, kind: 'content', sm_size: 0, md_size: 13, lg_size: 4.5 })).toBe(
      'mz-col mz-col-sm-12 mz-col-md-12 mz-col-lg-12',
    );
  });

  it('reads block backgrounds', () => {
    expect(blockBackground('{"r":255,"g":255,"b":255,"a":1}', null)).toEqual({
      classNames: ['mz-tone-light'],
      style: { backgroundColor: 'rgba(255, 255, 255, 1)' },
    });
    // A translucent dark colour over the white page is still light enough for dark text.
    expect(blockBackground('{"r":0,"g":0,"b":0,"a":0.1}', null).classNames).toEqual(['mz-tone-light']);
    expect(blockBackground('{"r":0,"g":0,"b":0,"a":0.9}', null).classNames).toEqual(['mz-tone-dark']);
    expect(blockBackground('{broken json', null)).toEqual({ classNames: [], style: {} });
    expect(blockBackground('bg-3 <b>', '/uploads/bg.png')).toEqual({
      classNames: ['bg-3', 'mz-block--image'],
      style: { backgroundImage: 'url("/uploads/bg.png")' },
    });
    expect(blockBackground(null, 'data:image/png;base64,AAA')).toEqual({ classNames: [], style: {} });
  });
});

describe('stylesheet', () => {
  it('pads blocks 5em and lays out a 12-column grid that responds to the page width', () => {
    expect(widgetsCss).toContain('.mz-block{position:relative;padding:5em 0;');
    expect(widgetsCss).toContain('grid-template-columns:repeat(12,minmax(0,1fr))');
    expect(widgetsCss).toContain('@container mz-page (min-width:48rem){.mz-page .mz-col-md-1{grid-column:span 1}');
    expect(widgetsCss).toContain('.mz-page .mz-col-lg-12{grid-column:span 12}');
    expect(widgetsCss).not.toMatch(/<\/style/i);
  });

  it('has every scheme, with AA contrast for text on each background, links and the navbar', () => {
    expect(schemeName('meurio-scheme')).toBe('meurio');
    expect(schemeName('unknown-scheme')).toBe('default');
    expect(schemeName(null)).toBe('default');
    for (const palette of PALETTES) {
      expect(widgetsCss).toContain(`.mz-scheme-${palette.name}{`);
      expect(contrastRatio(rgb(palette.link), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(palette.navbar), rgb(LIGHT_TEXT))).toBeGreaterThanOrEqual(4.5);
      for (const bg of palette.backgrounds) {
        expect(contrastRatio(rgb(bg.color), rgb(bg.text)), `${palette.name} ${bg.className}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
    expect(contrastRatio(rgb(BODY_TEXT), rgb('#ffffff'))).toBeGreaterThanOrEqual(7);
  });
});

describe('navbar script', () => {
  it('fixes the navbar after 120px of scroll and releases it above', () => {
    const classes = new Set<string>();
    const navbar = {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      // A wide page's navbar in this fake has no menu button.
      querySelector: () => null,
    };
    let onScroll = () => {};
    const win = { scrollY: 0, addEventListener: (_: string, fn: () => void) => (onScroll = fn) };
    const doc = { querySelector: (sel: string) => (sel === '[data-mz-navbar]' ? navbar : null), documentElement: {} };
    new Function('window', 'document', navbarScript)(win, doc);
    expect(classes.has('mz-navbar--fixed')).toBe(false);
    win.scrollY = NAVBAR_FIXED_AFTER_PX + 1;
    onScroll();
    expect(classes.has('mz-navbar--fixed')).toBe(true);
    win.scrollY = NAVBAR_FIXED_AFTER_PX;
    onScroll();
    expect(classes.has('mz-navbar--fixed')).toBe(false);
  });

  it('does nothing on a page without a navbar', () => {
    expect(() => new Function('window', 'document', navbarScript)({}, { querySelector: () => null })).not.toThrow();
  });
});

describe('page fonts', () => {
  it('lists the mobilization fonts and the families picked in content', () => {
    const content = serializeContent([
      {
        type: 'paragraph',
        children: [
          { text: 'a', fontFamilyIndex: 4 },
          { text: 'b', fontFamilyIndex: 20 },
        ],
      },
    ]);
    expect(
      pageFontFamilies({ id: 1, name: 'x', header_font: 'Oswald', body_font: null }, [
        {
          id: 1,
          widgets: [
            { id: 1, kind: 'content', settings: { content } },
            { id: 2, kind: 'form', settings: {} },
          ],
        },
      ]),
    ).toEqual(['Nunito Sans', 'Oswald', 'Lora', 'Playfair Display']);
  });
});
