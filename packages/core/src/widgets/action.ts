import { z } from 'zod';
import { msg } from '../messages';
import {
  BUTTON_TEXT_MAX,
  CALL_TO_ACTION_MAX,
  COUNT_TEXT_MAX,
  CSS_COLOR_PATTERN,
  EMAIL_PATTERN,
  EMAIL_SUBJECT_MAX,
  FINISH_BACKGROUND_DEFAULT,
  FINISH_MESSAGE_TYPES,
  isRgbaTuple,
  RICH_SETTING_MAX_BYTES,
  SENDER_NAME_MAX,
  WHATSAPP_TEXT_MAX,
} from './actionRules';

export * from './actionRules';

/**
 * Settings shared by the widgets where a visitor acts (form, pressure, donation): the Ajustes tab, the thank-you
 * e-mail (autofire) and the finish message (spec 02 §3 "Finish settings", "Autofire e-mail settings", §5). Each
 * widget kind extends these with its own; the settings tabs and the server validate with the same schemas.
 */

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
