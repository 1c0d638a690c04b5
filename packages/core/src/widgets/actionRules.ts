/**
 * The plain part of the action widgets' settings rules: limits, defaults and patterns, without zod, so the public
 * island bundle can use them (`@mutirao/core/widgets/actionRules`). The schemas are in `action.ts`.
 */

export const BUTTON_TEXT_MAX = 50;
export const CALL_TO_ACTION_MAX = 300;
export const COUNT_TEXT_MAX = 100;
export const SENDER_NAME_MAX = 100;
export const EMAIL_SUBJECT_MAX = 200;
export const WHATSAPP_TEXT_MAX = 1000;
/** Rich text of the thank-you e-mail and the custom finish message, as stored JSON. */
export const RICH_SETTING_MAX_BYTES = 200 * 1024;

/** spec 02 §3: finish_message_background defaults to white. */
export const FINISH_BACKGROUND_DEFAULT = '255,255,255,1';

export const FINISH_MESSAGE_TYPES = ['share', 'custom', 'donation-recurrent'] as const;
export type FinishMessageType = (typeof FINISH_MESSAGE_TYPES)[number];

/** `#rgb`, `#rrggbb`, or `rgb()`/`rgba()` — what a colour input gives. */
export const CSS_COLOR_PATTERN =
  /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

/** The same loose e-mail shape the rest of the product accepts (something@host.tld, no spaces). */
export const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** '255,255,255,1': the stored form of finish_message_background. */
export function isRgbaTuple(value: string): boolean {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 4) return false;
  const [r, g, b, a] = parts.map(Number) as [number, number, number, number];
  const channel = (n: number) => Number.isInteger(n) && n >= 0 && n <= 255;
  return channel(r) && channel(g) && channel(b) && Number.isFinite(a) && a >= 0 && a <= 1;
}
