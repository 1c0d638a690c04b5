import { parseFinishMessage, type RichTextDocument, rgbaToCss, toRgba } from '@mutirao/core/richtext';
import { FINISH_BACKGROUND_DEFAULT, isRgbaTuple } from '@mutirao/core/widgets/actionRules';
import { flatten, TONE_TEXT, toneOf } from '../theme';

/**
 * What a visitor sees after acting (spec 02 §3 "Finish settings"), as plain data: the settings are read once on the
 * server (or in the editor) and this travels to the browser as the island's props, so the public bundle needs no
 * parser for stored rich text.
 */
export type FinishModel =
  | { type: 'custom'; document: RichTextDocument; background: string; color: string }
  | { type: 'share'; whatsappText?: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * 'r,g,b,a' (the stored form) as a CSS colour, with the text colour that reads on it over the white page; the white
 * default for anything else.
 */
export function finishBackground(value: unknown): { background: string; color: string } {
  const tuple = typeof value === 'string' && isRgbaTuple(value) ? value : FINISH_BACKGROUND_DEFAULT;
  const [r, g, b, a] = tuple.split(',').map((p) => Number(p.trim()));
  const rgba = toRgba({ r, g, b, a }) ?? { r: 255, g: 255, b: 255, a: 1 };
  return { background: rgbaToCss(rgba), color: TONE_TEXT[toneOf(flatten(rgba))] };
}

/** The finish settings of an action widget. A custom message with no content falls back to the share screen. */
export function finishModel(settings: Record<string, unknown>): FinishModel {
  if (settings.finish_message_type === 'custom' && text(settings.finish_message)) {
    return {
      type: 'custom',
      document: parseFinishMessage(settings.finish_message).document,
      ...finishBackground(settings.finish_message_background),
    };
  }
  return { type: 'share', whatsappText: text(settings.whatsapp_text) };
}
