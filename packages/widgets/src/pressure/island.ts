/** The e-mail pressure's island in the visitor's browser: the component alone (props are computed on the server). */
export { PressureView as component } from './PressureView';
