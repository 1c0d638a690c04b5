import { type Locale, safeImageSrc, translate } from '@mutirao/core';
import { blockBackground } from './background';
import { usePageImage } from './images';
import { blockAnchor, columnClasses } from './layout';
import type { EditorSlots, PageBlock, PageMobilization, PageWidget, RenderMode } from './types';
import { WidgetView } from './WidgetView';

export interface BlockViewProps {
  block: PageBlock;
  widgets: PageWidget[];
  mobilization: PageMobilization;
  locale: Locale;
  mode: RenderMode;
  /** Place in the page, for the editor's move up/down. */
  index?: number;
  count?: number;
  slots?: EditorSlots;
}

/**
 * A block: a full-width section with its background and 5em padding, holding one column per widget. Hidden blocks
 * are absent from the public page; in the editor they show, tagged 'Escondido'. Draft columns stay in public as
 * empty cells, so the other columns keep their place.
 */
export function BlockView({ block, widgets, mobilization, locale, mode, index = 0, count = 1, slots }: BlockViewProps) {
  const bgSrc = safeImageSrc(block.bg_image);
  const copies = usePageImage(bgSrc);
  if (block.hidden && mode === 'public') return null;
  // A background with resized copies is an <img> behind the content, so the browser picks the copy that fits the
  // screen (a CSS background cannot offer a srcset); one without them stays a CSS background.
  const background = blockBackground(block.bg_class, copies ? null : block.bg_image);
  const classes = ['mz-block', ...background.classNames];
  if (copies) classes.push('mz-block--image');
  if (block.hidden) classes.push('mz-block--hidden');
  const name = block.name?.trim();
  const tags =
    mode === 'edit' ? (
      <div className="mz-block__tags" data-mz-edit="">
        {block.hidden && <span className="mz-tag">{translate(locale, 'widgets.hiddenTag')}</span>}
        {block.menu_hidden && (
          <span className="mz-tag mz-tag--muted">{translate(locale, 'widgets.menuHiddenTag')}</span>
        )}
      </div>
    ) : null;
  return (
    <section
      id={blockAnchor(block)}
      className={classes.join(' ')}
      style={background.style}
      aria-label={name || undefined}
      data-block-id={block.id}
    >
      {/* The block's name heads its section for screen readers; the navbar already shows it to everyone. */}
      <h2 className="mz-visually-hidden">
        {name || translate(locale, 'widgets.untitledBlock', { position: index + 1 })}
      </h2>
      {copies && (
        <img
          className="mz-block__bg"
          src={bgSrc}
          srcSet={copies.srcset}
          sizes="100vw"
          alt=""
          width={copies.width}
          height={copies.height}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : undefined}
          decoding="async"
        />
      )}
      {tags}
      {mode === 'edit' && slots?.renderBlockMenu && (
        <div className="mz-block__menu" data-mz-edit="">
          {slots.renderBlockMenu(block, index, count)}
        </div>
      )}
      <div className="mz-block__inner">
        <div className="mz-row">
          {widgets.map((widget) => (
            <div key={widget.id} className={columnClasses(widget)} data-widget-id={widget.id}>
              <WidgetView
                widget={widget}
                block={block}
                mobilization={mobilization}
                locale={locale}
                mode={mode}
                slots={slots}
                aboveTheFold={index === 0}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
