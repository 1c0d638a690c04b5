/** The calculator's island in the visitor's browser: the component alone (its props are computed on the server). */
export { CalculatorView as component } from './CalculatorView';
