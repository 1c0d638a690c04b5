import { defineIsland, type WidgetModule, type WidgetViewProps } from '../types';
import { CalculatorView, calculatorCss } from './CalculatorView';

function CalculatorWidget({ widget, locale, mode }: WidgetViewProps) {
  return <CalculatorView widgetId={widget.id} locale={locale} mode={mode} />;
}

/** The calculator: interactive (a small island with no data of its own), with no settings to edit. */
export const calculatorModule = {
  kind: 'busao0800',
  labelKey: 'widgets.kinds.busao0800',
  overlay: true,
  publicView: true,
  interactive: true,
  View: CalculatorWidget,
  island: defineIsland({
    name: 'busao0800',
    component: CalculatorView,
    props: ({ widget, locale }) => ({ widgetId: widget.id, locale, mode: 'public' as const }),
  }),
  css: calculatorCss,
} as const satisfies WidgetModule;
