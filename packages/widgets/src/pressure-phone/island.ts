/** The phone pressure's island in the visitor's browser: the component alone (props are computed on the server). */
export { PhonePressureView as component } from './PhonePressureView';
