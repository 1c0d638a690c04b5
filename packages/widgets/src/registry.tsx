import { type MessageKey, translate, type WidgetKind } from '@mutirao/core';
import { calculatorModule } from './busao0800/module';
import { ContentWidget } from './content/ContentWidget';
import { donationModule } from './donation/module';
import { FormWidget } from './form/FormWidget';
import { formIsland } from './form/islandProps';
import { pressureModule } from './pressure/module';
import { phonePressureModule } from './pressure-phone/module';
import type { WidgetModule, WidgetViewProps } from './types';

/** An empty column: nothing for visitors; the editor's kind chooser in edit mode. */
function DraftSlot({ widget, block, mode, locale, slots }: WidgetViewProps) {
  if (mode !== 'edit') return null;
  return (
    <div data-mz-edit="">
      {slots?.renderDraft?.(widget, block) ?? (
        <p className="mz-widget-empty">{translate(locale, 'widgets.emptySlot')}</p>
      )}
    </div>
  );
}

/**
 * A kind whose widget arrives with a later part of the product: a neutral box with its name, so pages that use it
 * keep their layout and the editor can still open its settings.
 */
function PlaceholderView({ widget, locale }: WidgetViewProps) {
  return (
    <div className="mz-widget-placeholder">
      {translate(locale, 'widgets.placeholder', { kind: translate(locale, `widgets.kinds.${widget.kind}`) })}
    </div>
  );
}

function placeholder(kind: WidgetKind, labelKey: MessageKey): WidgetModule {
  return { kind, labelKey, overlay: true, publicView: true, interactive: false, View: PlaceholderView };
}

/** Every widget kind, exhaustively: leaving a kind out of this map is a compile error. */
export const WIDGET_REGISTRY = {
  draft: {
    kind: 'draft',
    labelKey: 'widgets.kinds.draft',
    overlay: false,
    publicView: false,
    interactive: false,
    View: DraftSlot,
  },
  content: {
    kind: 'content',
    labelKey: 'widgets.kinds.content',
    overlay: true,
    publicView: true,
    interactive: false,
    View: ContentWidget,
  },
  form: {
    kind: 'form',
    labelKey: 'widgets.kinds.form',
    overlay: true,
    publicView: true,
    interactive: true,
    View: FormWidget,
    island: formIsland,
  },
  pressure: pressureModule,
  'pressure-phone': phonePressureModule,
  phone: placeholder('phone', 'widgets.kinds.phone'),
  donation: donationModule,
  plip: placeholder('plip', 'widgets.kinds.plip'),
  busao0800: calculatorModule,
} as const satisfies Record<WidgetKind, WidgetModule>;

/** The module for a stored kind, or undefined for a kind this version does not know. */
export function widgetModule(kind: string): WidgetModule | undefined {
  return Object.hasOwn(WIDGET_REGISTRY, kind) ? WIDGET_REGISTRY[kind as WidgetKind] : undefined;
}
