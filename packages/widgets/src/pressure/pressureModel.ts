import { CSS_COLOR_PATTERN } from '@mutirao/core/widgets/actionRules';
import { PRESSURE_MAIN_COLOR_DEFAULT, parseTargets } from '@mutirao/core/widgets/pressureRules';
import { type FinishModel, finishModel } from '../action/finish';
import { darkenUntil, LIGHT_TEXT } from '../theme';
import type { PageMobilization, PageWidget } from '../types';

/**
 * Everything the e-mail pressure widget shows, read once from the stored settings on the server and embedded as the
 * island's props: plain, already-checked data, so the browser needs no settings parser.
 */
export interface PressureModel {
  widgetId: number;
  callToAction?: string;
  buttonText?: string;
  /** main_color (default #f23392) darkened until white text on it reaches 4.5:1. */
  color: string;
  countText?: string;
  count: number;
  /** The e-mail targets, in the stored order; the browser shuffles them (spec 02 §5: random order). */
  targets: { name: string; address: string }[];
  subject: string;
  body: string;
  /** disable_edit_field 's': the visitor sends the organiser's letter as it is. */
  locked: boolean;
  showCity: boolean;
  finish: FinishModel;
  twitterText?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Settings as a plain record, whatever was stored. */
export const settingsOf = (widget: PageWidget) =>
  (widget.settings && typeof widget.settings === 'object' ? widget.settings : {}) as Record<string, unknown>;

/** What both pressure kinds share: the title, the colour, the counter, the city question and the finish screen. */
export function pressureBase(widget: PageWidget, mobilization: PageMobilization) {
  const settings = settingsOf(widget);
  const mainColor = text(settings.main_color);
  const color = mainColor && CSS_COLOR_PATTERN.test(mainColor) ? mainColor : PRESSURE_MAIN_COLOR_DEFAULT;
  return {
    widgetId: widget.id,
    callToAction: text(settings.call_to_action) ?? text(settings.title_text),
    color: darkenUntil(color, LIGHT_TEXT),
    countText: text(settings.count_text),
    count: typeof widget.count === 'number' ? widget.count : 0,
    showCity: settings.show_city === 'city-true',
    finish: finishModel(settings),
    twitterText: text(mobilization.twitter_share_text),
  };
}

/** The targets of one channel, in the stored order. */
export const targetsOf = (widget: PageWidget, channel: 'email' | 'phone') =>
  parseTargets(settingsOf(widget).targets)
    .filter((t) => t.channel === channel)
    .map(({ name, address }) => ({ name, address }));

export function pressureModel(widget: PageWidget, mobilization: PageMobilization): PressureModel {
  const settings = settingsOf(widget);
  return {
    ...pressureBase(widget, mobilization),
    buttonText: text(settings.button_text),
    targets: targetsOf(widget, 'email'),
    subject: text(settings.pressure_subject) ?? '',
    body: text(settings.pressure_body) ?? '',
    locked: settings.disable_edit_field === 's',
  };
}
