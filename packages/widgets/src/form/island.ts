/** The form's island in the visitor's browser: the component alone (its props are computed on the server). */
export { FormView as component } from './FormView';
