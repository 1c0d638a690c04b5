import { translate } from '@mutirao/core';
import { CHALLENGE_ATTR, ISLAND_ATTR, ISLAND_PROPS_ATTR, scriptJson } from './islands/embed';
import { widgetModule } from './registry';
import type { WidgetViewProps } from './types';

/**
 * One widget, through the registry. Unknown kinds say 'Widget Not Found!'. In edit mode an editable widget gets the
 * 'Clique para editar' overlay (a real button, so it works from the keyboard) and the editor's edit and remove
 * buttons; the widget's own markup is the same as on the public page.
 */
export function WidgetView(props: WidgetViewProps) {
  const { widget, block, locale, mode, slots } = props;
  const module = widgetModule(widget.kind);
  if (!module) {
    return (
      <div className="mz-widget mz-widget--not-found" role="note">
        {translate(locale, 'widgets.notFound')}
      </div>
    );
  }
  if (mode === 'public' && !module.publicView) return null;
  const view = <module.View {...props} />;
  if (mode !== 'edit' && module.island) {
    // An island: the wrapper holds exactly the component's markup, and its props follow as JSON for the bundle.
    const id = `mz-island-${widget.id}`;
    const attrs = {
      [ISLAND_ATTR]: module.island.name,
      ...(props.mobilization.antispam_challenge && { [CHALLENGE_ATTR]: '' }),
    };
    const json = { [ISLAND_PROPS_ATTR]: id };
    return (
      <>
        <div className={`mz-widget mz-widget--${module.kind}`} id={id} {...attrs}>
          {view}
        </div>
        <script
          type="application/json"
          {...json}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON, not HTML; scriptJson escapes < > & so it cannot end the element.
          dangerouslySetInnerHTML={{ __html: scriptJson(module.island.props(props)) }}
        />
      </>
    );
  }
  if (mode !== 'edit') return <div className={`mz-widget mz-widget--${module.kind}`}>{view}</div>;

  const replaced = slots?.renderWidget?.(widget, block, view);
  const editable = module.overlay && replaced === undefined;
  const onClick = slots?.onWidgetClick;
  return (
    <div className={`mz-widget mz-widget--${module.kind}${editable ? ' mz-widget--editable' : ''}`}>
      {replaced === undefined ? view : replaced}
      {editable && onClick && (
        <button type="button" className="mz-widget__overlay" data-mz-edit="" onClick={() => onClick(widget, block)}>
          <span className="mz-widget__overlay-label">{translate(locale, 'widgets.clickToEdit')}</span>
        </button>
      )}
      {editable && slots?.renderWidgetActions && (
        <div className="mz-widget__actions" data-mz-edit="">
          {slots.renderWidgetActions(widget, block)}
        </div>
      )}
    </div>
  );
}
