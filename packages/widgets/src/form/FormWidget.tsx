import { useMemo } from 'react';
import type { WidgetViewProps } from '../types';
import { FormView } from './FormView';
import { formModel } from './formModel';

/** The registry's form widget: the stored settings read into a model, then the shared view. */
export function FormWidget({ widget, mobilization, locale, mode }: WidgetViewProps) {
  const model = useMemo(() => formModel(widget, mobilization), [widget, mobilization]);
  return <FormView model={model} locale={locale} mode={mode} />;
}
