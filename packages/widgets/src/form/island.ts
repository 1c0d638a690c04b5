import type { IslandSpec } from '../types';
import type { FormViewProps } from './FormView';
import { formModel } from './formModel';

/** The form hydrates `FormView` from its model: plain data, read from the settings on the server. */
export const formIsland: IslandSpec = {
  name: 'form',
  props: ({ widget, mobilization, locale }): FormViewProps => ({
    model: formModel(widget, mobilization),
    locale,
    mode: 'public',
  }),
};
