import { useMemo } from 'react';
import { pressureCss } from '../pressure/PressureView';
import { defineIsland, type WidgetModule, type WidgetViewProps } from '../types';
import { PhonePressureView, phonePressureCss } from './PhonePressureView';
import { phonePressureModel } from './phoneModel';

function PhonePressureWidget({ widget, mobilization, locale, mode }: WidgetViewProps) {
  const model = useMemo(() => phonePressureModel(widget, mobilization), [widget, mobilization]);
  return <PhonePressureView model={model} locale={locale} mode={mode} />;
}

/** Pressure by phone: interactive, hydrated from its model; its settings share the pressure screens. */
export const phonePressureModule = {
  kind: 'pressure-phone',
  labelKey: 'widgets.kinds.pressure-phone',
  overlay: true,
  publicView: true,
  interactive: true,
  View: PhonePressureWidget,
  island: defineIsland({
    name: 'pressure-phone',
    component: PhonePressureView,
    props: ({ widget, mobilization, locale }) => ({
      model: phonePressureModel(widget, mobilization),
      locale,
      mode: 'public' as const,
    }),
  }),
  css: pressureCss + phonePressureCss,
} as const satisfies WidgetModule;
