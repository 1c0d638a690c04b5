import { CSS_COLOR_PATTERN, type FormField, greetingsText, parseFormFields } from '@mutirao/core';
import { type FinishModel, finishModel } from '../action/finish';
import { darkenUntil, LIGHT_TEXT } from '../theme';
import type { PageMobilization, PageWidget } from '../types';

/**
 * Everything the form widget shows, read once from the stored settings. The server computes it and embeds it as
 * the island's props, so the browser gets plain, already-checked data: no settings parser, no zod schemas.
 */
export interface FormModel {
  widgetId: number;
  mobilizationId: number;
  fields: FormField[];
  callToAction?: string;
  /** button_text, or the default 'Enviar' when the organiser has not set one. */
  buttonText?: string;
  /** main_color darkened until white text on it reaches 4.5:1; the page's link colour when unset. */
  color?: string;
  countText?: string;
  /** form_entries_count as of rendering; the browser refreshes it. */
  count: number;
  /** The greetings field's text, which replaces the finish message when present (spec 02 §4). */
  greetings?: string;
  finish: FinishModel;
  /** For the share screen's tweet. */
  twitterText?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function formModel(widget: PageWidget, mobilization: PageMobilization): FormModel {
  const settings = (widget.settings && typeof widget.settings === 'object' ? widget.settings : {}) as Record<
    string,
    unknown
  >;
  const fields = parseFormFields(settings.fields);
  const mainColor = text(settings.main_color);
  return {
    widgetId: widget.id,
    mobilizationId: mobilization.id,
    fields,
    callToAction: text(settings.call_to_action),
    buttonText: text(settings.button_text),
    color: mainColor && CSS_COLOR_PATTERN.test(mainColor) ? darkenUntil(mainColor, LIGHT_TEXT) : undefined,
    countText: text(settings.count_text),
    count: typeof widget.form_entries_count === 'number' ? widget.form_entries_count : 0,
    greetings: greetingsText(fields),
    finish: finishModel(settings),
    twitterText: text(mobilization.twitter_share_text),
  };
}
