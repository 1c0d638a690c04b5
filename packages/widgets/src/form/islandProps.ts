import { defineIsland } from '../types';
import { FormView } from './FormView';
import { formModel } from './formModel';

/** The form hydrates `FormView` from its model: plain data, read from the settings on the server. */
export const formIsland = defineIsland({
  name: 'form',
  component: FormView,
  props: ({ widget, mobilization, locale }) => ({
    model: formModel(widget, mobilization),
    locale,
    mode: 'public' as const,
  }),
});
