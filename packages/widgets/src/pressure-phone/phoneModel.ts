import type { FinishModel } from '../action/finish';
import { pressureBase, settingsOf, targetsOf } from '../pressure/pressureModel';
import type { PageMobilization, PageWidget } from '../types';

/** What the phone pressure shows, read once from the stored settings on the server and embedded as island props. */
export interface PhonePressureModel {
  widgetId: number;
  callToAction?: string;
  /** button_text: each target's call button says it (the catalogue's 'Ligar' when unset). */
  buttonText?: string;
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

export const phonePressureModel = (widget: PageWidget, mobilization: PageMobilization): PhonePressureModel => {
  const buttonText = settingsOf(widget).button_text;
  return {
    ...pressureBase(widget, mobilization),
    buttonText: typeof buttonText === 'string' && buttonText.trim() ? buttonText.trim() : undefined,
    targets: targetsOf(widget, 'phone'),
  };
};
