import { z } from 'zod';
import { msg } from '../messages';
import { activistFilterSchema } from './activists';

/**
 * Mass chat-bot messages (spec 01 §4 mass-message steps, §5 mass-message rules, §7 `POST /enqueue-mass-messages`,
 * §9 phone targets and the bot configuration id). The segmentation is the people list's filter set, or a saved
 * segment; the recipients are the matching activists who talk to the community's bot.
 */

/** spec 01 §9: "Facebook bot configuration id fixed at 1." */
export const DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID = 1;

/** spec 01 §9 "Phone targets 12-13 digits": '+' then 12 or 13 digits. */
export const MASS_MESSAGE_PHONE = /^\+\d{12,13}$/;
const NAMED_EMAIL = /^\s*([^<>]+?)\s*<\s*([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)\s*>\s*$/;

export type MassMessageTarget = { kind: 'email'; name: string; email: string } | { kind: 'phone'; phone: string };

/** A test target as typed in the message form: 'Name <email>' or '+' and 12 to 13 digits; null when neither. */
export function parseMassMessageTarget(raw: string): MassMessageTarget | null {
  const value = raw.trim();
  if (MASS_MESSAGE_PHONE.test(value)) return { kind: 'phone', phone: value };
  const named = NAMED_EMAIL.exec(value);
  if (named?.[1] && named[2]) return { kind: 'email', name: named[1], email: named[2].toLowerCase() };
  return null;
}

/** Who receives the message: a saved segment, or a filter set as on the people list. */
export const massMessageSegmentationSchema = z.object({
  segment_id: z.number().int().positive().optional(),
  filter: activistFilterSchema.optional(),
});
export type MassMessageSegmentation = z.output<typeof massMessageSegmentationSchema>;

const required = z
  .string({ error: msg('massMessages.required') })
  .trim()
  .min(1, msg('massMessages.required'));

/** The message itself: name and text required; the quick reply's redirect and button text both or neither. */
const messageShape = {
  text: required.max(2000, msg('massMessages.textTooLong')),
  quick_reply_redirect: z.string().trim().max(1000).optional().nullable(),
  quick_reply_button_text: z.string().trim().max(20, msg('massMessages.buttonTextTooLong')).optional().nullable(),
};

const bothOrNeither = (
  m: { quick_reply_redirect?: string | null; quick_reply_button_text?: string | null },
  ctx: z.RefinementCtx,
) => {
  const redirect = Boolean(m.quick_reply_redirect);
  const button = Boolean(m.quick_reply_button_text);
  if (redirect && !button)
    ctx.addIssue({ code: 'custom', path: ['quick_reply_button_text'], message: msg('massMessages.fill') });
  if (button && !redirect)
    ctx.addIssue({ code: 'custom', path: ['quick_reply_redirect'], message: msg('massMessages.fill') });
};

/**
 * The body of `POST /api/enqueue-mass-messages`. The spec's own names (§4: `quickReplyRedirect`,
 * `quickReplyButtonText`, `facebookBotConfigurationId`, `totalImpactedActivists`) are taken beside ours; the total
 * is the server's to count, so a given one is read and not used.
 */
export const massMessageSchema = z
  .object({
    community_id: z
      .number({ error: msg('massMessages.required') })
      .int(msg('massMessages.required'))
      .positive(msg('massMessages.required')),
    facebook_bot_configuration_id: z.number().int().positive().optional(),
    facebookBotConfigurationId: z.number().int().positive().optional(),
    name: required.max(100, msg('massMessages.nameTooLong')),
    ...messageShape,
    quickReplyRedirect: messageShape.quick_reply_redirect,
    quickReplyButtonText: messageShape.quick_reply_button_text,
    totalImpactedActivists: z.number().int().min(0).optional(),
    segmentation: massMessageSegmentationSchema.default({}),
  })
  .transform(
    ({ facebookBotConfigurationId, quickReplyRedirect, quickReplyButtonText, totalImpactedActivists, ...m }) => {
      const message: typeof m & { facebook_bot_configuration_id: number } = {
        ...m,
        facebook_bot_configuration_id:
          m.facebook_bot_configuration_id ?? facebookBotConfigurationId ?? DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID,
      };
      if (message.quick_reply_redirect === undefined) message.quick_reply_redirect = quickReplyRedirect;
      if (message.quick_reply_button_text === undefined) message.quick_reply_button_text = quickReplyButtonText;
      return message;
    },
  )
  .superRefine(bothOrNeither);
export type MassMessageInput = z.output<typeof massMessageSchema>;

/** A test of the message to a few targets before the campaign goes out. */
export const massMessageTestSchema = z
  .object({
    facebook_bot_configuration_id: z.number().int().positive().default(DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID),
    ...messageShape,
    targets: z
      .array(z.string().refine((t) => parseMassMessageTarget(t) !== null, msg('massMessages.targetInvalid')))
      .min(1, msg('massMessages.targetsRequired'))
      .max(20, msg('massMessages.targetsTooMany')),
  })
  .superRefine(bothOrNeither);
export type MassMessageTestInput = z.output<typeof massMessageTestSchema>;

const secret = z.string().trim().max(1000, msg('massMessages.secretTooLong')).optional().nullable();

/**
 * The community's bot page (`PUT /api/communities/:id/bot/configuration`): the page access token and app secret are
 * write-only (never sent back); a blank one keeps the stored value. A first configuration needs both.
 */
export const botConfigurationSchema = z.object({
  messenger_page_access_token: secret,
  messenger_app_secret: secret,
  messenger_validation_token: secret,
});
export type BotConfigurationInput = z.output<typeof botConfigurationSchema>;
