import { fontStack, type Locale, translate } from '@mutirao/core';
import { type CSSProperties, useRef, useState } from 'react';
import { BlockView } from './BlockView';
import { browserWindow, type Focusable } from './browser';
import { type PageImage, PageImages } from './images';
import { blockAnchor, inPublicMenu, orderBlocks, widgetsOf } from './layout';
import { schemeName } from './theme';
import type { EditorSlots, PageBlock, PageMobilization, PageWidget, RenderMode } from './types';

/** Body font when the mobilization names none (spec 02 §9). */
export const DEFAULT_BODY_FONT = 'Nunito Sans';

export interface MobilizationPageProps {
  mobilization: PageMobilization;
  blocks: readonly PageBlock[];
  /** Widgets by block_id, for blocks given without their `widgets`. */
  widgets?: readonly PageWidget[];
  locale: Locale;
  mode: RenderMode;
  slots?: EditorSlots;
  /** Uploaded images with resized copies, by address, for `srcset` (the public server render gives them). */
  images?: Readonly<Record<string, PageImage>>;
}

const NO_IMAGES: Readonly<Record<string, PageImage>> = {};

interface NavbarProps {
  blocks: PageBlock[];
  locale: Locale;
  mode: RenderMode;
  slots?: EditorSlots;
}

/**
 * Links to the blocks by name. The public page lists only named blocks that are shown and not `menu_hidden`
 * (`inPublicMenu`); the editor lists them all, so their names and eye buttons stay reachable, and strikes out those
 * the public menu leaves out. `navbarScript` fixes it after 120px of scroll.
 * On a narrow page the list folds behind a menu button: the public page's inline `navbarScript` opens it there, and
 * React's handlers do in the editor, with the same markup and the same behaviour (focus into the list on opening,
 * back to the button on Escape).
 */
function Navbar({ blocks, locale, mode, slots }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement & Focusable>(null);
  const list = useRef<HTMLUListElement & { querySelector(selector: string): Focusable | null }>(null);
  const items = mode === 'public' ? blocks.filter(inPublicMenu) : blocks;
  if (!items.length) return null;
  const openMenu = (next: boolean) => {
    setOpen(next);
    if (next) browserWindow().requestAnimationFrame(() => list.current?.querySelector('a')?.focus());
    else toggle.current?.focus();
  };
  return (
    <div className="mz-navbar-slot">
      <header className="mz-navbar" data-mz-navbar="" data-open={open ? '' : undefined}>
        <nav
          aria-label={translate(locale, 'widgets.navigation')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) openMenu(false);
          }}
        >
          <button
            ref={toggle}
            type="button"
            className="mz-navbar__toggle"
            aria-expanded={open}
            aria-controls="mz-navbar-list"
            onClick={() => openMenu(!open)}
          >
            <span className="mz-navbar__bars" aria-hidden="true" />
            {translate(locale, 'widgets.menu')}
          </button>
          <ul className="mz-navbar__list" id="mz-navbar-list" ref={list}>
            {items.map((block) => {
              const position = blocks.indexOf(block) + 1;
              const link = (
                <a href={`#${blockAnchor(block)}`}>
                  {block.name?.trim() || translate(locale, 'widgets.untitledBlock', { position })}
                </a>
              );
              return (
                <li key={block.id} className={inPublicMenu(block) ? undefined : 'mz-navbar__item--menu-hidden'}>
                  {mode === 'edit' && slots?.renderNavItem ? slots.renderNavItem(block, link) : link}
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
    </div>
  );
}

/**
 * The page's theme, on its outermost element: its colour scheme's class and its fonts' variables. An embedded widget
 * (`renderWidgetEmbed`) wears the same, so it looks as it does on the page.
 */
export function pageTheme(mobilization: PageMobilization, mode: RenderMode) {
  const body = mobilization.body_font?.trim() || DEFAULT_BODY_FONT;
  const header = mobilization.header_font?.trim() || body;
  return {
    className: `mz-page mz-scheme-${schemeName(mobilization.color_scheme)} mz-page--${mode}`,
    style: { '--mz-body-font': fontStack(body), '--mz-header-font': fontStack(header) } as CSSProperties,
  };
}

/**
 * A whole mobilization page, for the public server render and for the editor alike: the navbar, then the blocks
 * in order. Fonts and colour scheme come from the mobilization; the stylesheet is `widgetsCss`.
 */
export function MobilizationPage({
  mobilization,
  blocks,
  widgets,
  locale,
  mode,
  slots,
  images = NO_IMAGES,
}: MobilizationPageProps) {
  const ordered = orderBlocks(blocks);
  const Main = mode === 'public' ? 'main' : 'div';
  const { className, style } = pageTheme(mobilization, mode);
  return (
    <PageImages.Provider value={images}>
      <div className={className} style={style}>
        <Navbar blocks={ordered} locale={locale} mode={mode} slots={slots} />
        {/* The admin app has its own <main>; the page is the main landmark only where it is the whole document. */}
        <Main className="mz-blocks" id="mz-main">
          {/* The page's title heads it for screen readers (in the editor too, so both render the same markup). */}
          <h1 className="mz-visually-hidden">{mobilization.name}</h1>
          {ordered.map((block, index) => (
            <BlockView
              key={block.id}
              block={block}
              widgets={widgetsOf(block, widgets)}
              mobilization={mobilization}
              locale={locale}
              mode={mode}
              index={index}
              count={ordered.length}
              slots={slots}
            />
          ))}
        </Main>
      </div>
    </PageImages.Provider>
  );
}
