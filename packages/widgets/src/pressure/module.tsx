import { useMemo } from 'react';
import { defineIsland, type WidgetModule, type WidgetViewProps } from '../types';
import { PressureView, pressureCss } from './PressureView';
import { pressureModel } from './pressureModel';

function PressureWidget({ widget, mobilization, locale, mode }: WidgetViewProps) {
  const model = useMemo(() => pressureModel(widget, mobilization), [widget, mobilization]);
  return <PressureView model={model} locale={locale} mode={mode} />;
}

/** Pressure by e-mail: interactive, hydrated from its model; its settings open on their own screens. */
export const pressureModule = {
  kind: 'pressure',
  labelKey: 'widgets.kinds.pressure',
  overlay: true,
  publicView: true,
  interactive: true,
  View: PressureWidget,
  island: defineIsland({
    name: 'pressure',
    component: PressureView,
    props: ({ widget, mobilization, locale }) => ({
      model: pressureModel(widget, mobilization),
      locale,
      mode: 'public' as const,
    }),
  }),
  css: pressureCss,
} as const satisfies WidgetModule;
