import { z } from 'zod';
import { msg } from '../messages';

/**
 * Settings shared by the widgets where a visitor acts (form, pressure, donation): the Ajustes tab, the thank-you
 * e-mail (autofire) and the finish message (spec 02 §3 "Finish settings", "Autofire e-mail settings", §5). Each
 * widget kind extends these with its own; the settings tabs and the server validate with the same schemas.
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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('validation.tooLong', { max }))
    .nullish()
    .transform((v) => v || undefined);

/** Rich text kept as a JSON string (block-editor document) or, for old widgets, a draft/HTML string. */
const richSetting = z
  .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .nullish()
  .refine((v) => v == null || JSON.stringify(v).length <= RICH_SETTING_MAX_BYTES, msg('actionWidget.richTooLarge'))
  .transform((v) => (v == null ? undefined : typeof v === 'string' ? v : JSON.stringify(v)));

/** Ajustes (spec 02 §5 "Adjust forms"): title and button text required, button text at most 50 characters. */
export const actionAdjustSchema = z.object({
  call_to_action: z
    .string({ error: msg('actionWidget.callToActionRequired') })
    .trim()
    .min(1, msg('actionWidget.callToActionRequired'))
    .max(CALL_TO_ACTION_MAX, msg('validation.tooLong', { max: CALL_TO_ACTION_MAX })),
  button_text: z
    .string({ error: msg('actionWidget.buttonTextRequired') })
    .trim()
    .min(1, msg('actionWidget.buttonTextRequired'))
    .max(BUTTON_TEXT_MAX, msg('actionWidget.buttonTextTooLong')),
  main_color: z
    .string()
    .trim()
    .refine((v) => v === '' || CSS_COLOR_PATTERN.test(v), msg('actionWidget.colorInvalid'))
    .nullish()
    .transform((v) => v || undefined),
  /** Shown beside the counter only when set (spec 02 §5). */
  count_text: optionalText(COUNT_TEXT_MAX),
});
export type ActionAdjustInput = z.input<typeof actionAdjustSchema>;
export type ActionAdjustSettings = z.output<typeof actionAdjustSchema>;

/** Mensagem agradecimento: the thank-you e-mail sent to the visitor after acting (spec 02 §3, §5). */
export const autofireSchema = z.object({
  sender_name: optionalText(SENDER_NAME_MAX),
  sender_email: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), msg('actionWidget.senderEmailInvalid'))
    .nullish()
    .transform((v) => v || undefined),
  email_subject: optionalText(EMAIL_SUBJECT_MAX),
  email_text: richSetting,
});
export type AutofireInput = z.input<typeof autofireSchema>;
export type AutofireSettings = z.output<typeof autofireSchema>;

/** The e-mail goes out only when it has somewhere to come from, a subject and a body. */
export function isAutofireConfigured(settings: Record<string, unknown>): boolean {
  const filled = (key: string) => typeof settings[key] === 'string' && (settings[key] as string).trim() !== '';
  return (
    filled('sender_email') &&
    EMAIL_PATTERN.test(String(settings.sender_email).trim()) &&
    filled('email_subject') &&
    filled('email_text')
  );
}

/** Pós-ação: what the visitor sees after acting (spec 02 §3 "Finish settings", §5 "Finish message form"). */
export const finishSchema = z.object({
  finish_message_type: z.enum(FINISH_MESSAGE_TYPES, { error: msg('actionWidget.finishTypeRequired') }),
  finish_message: richSetting,
  finish_message_background: z
    .string()
    .trim()
    .refine((v) => v === '' || isRgbaTuple(v), msg('actionWidget.colorInvalid'))
    .nullish()
    .transform((v) => v || FINISH_BACKGROUND_DEFAULT),
  whatsapp_text: optionalText(WHATSAPP_TEXT_MAX),
});
export type FinishInput = z.input<typeof finishSchema>;
export type FinishSettings = z.output<typeof finishSchema>;

/** '255,255,255,1': the stored form of finish_message_background. */
export function isRgbaTuple(value: string): boolean {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 4) return false;
  const [r, g, b, a] = parts.map(Number) as [number, number, number, number];
  const channel = (n: number) => Number.isInteger(n) && n >= 0 && n <= 255;
  return channel(r) && channel(g) && channel(b) && Number.isFinite(a) && a >= 0 && a <= 1;
}
