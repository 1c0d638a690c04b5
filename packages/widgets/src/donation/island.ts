/** The donation widget's island in the visitor's browser: the component alone (props are computed on the server). */
export { DonationView as component } from './DonationView';
