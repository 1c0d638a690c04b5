import type { FinishModel } from '../action/finish';
import { pressureBase, targetsOf } from '../pressure/pressureModel';
import type { PageMobilization, PageWidget } from '../types';

/** What the phone pressure shows, read once from the stored settings on the server and embedded as island props. */
export interface PhonePressureModel {
  widgetId: number;
  callToAction?: string;
  /** main_color (default #f23392) darkened until white text on it reaches 4.5:1. */
  color: string;
  countText?: string;
  count: number;
  /** The phone targets in the stored order; the browser shuffles them (spec 02 §5: random order). */
  targets: { name: string; address: string }[];
  showCity: boolean;
  finish: FinishModel;
  twitterText?: string;
}

export const phonePressureModel = (widget: PageWidget, mobilization: PageMobilization): PhonePressureModel => ({
  ...pressureBase(widget, mobilization),
  targets: targetsOf(widget, 'phone'),
});
