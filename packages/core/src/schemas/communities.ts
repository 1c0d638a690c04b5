import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('validation.tooLong', { max }))
    .nullish()
    // Left out stays undefined (unchanged); sent empty becomes null (cleared).
    .transform((v) => (v === undefined ? undefined : v || null));

export const communityCreateSchema = z.object({
  name: z
    .string({ error: msg('validation.communityNameRequired') })
    .trim()
    .min(1, msg('validation.communityNameRequired'))
    .max(LIMITS.communityNameMax, msg('validation.tooLong', { max: LIMITS.communityNameMax })),
  city: z
    .string({ error: msg('validation.communityCityRequired') })
    .trim()
    .min(1, msg('validation.communityCityRequired'))
    .max(LIMITS.communityCityMax, msg('validation.tooLong', { max: LIMITS.communityCityMax })),
});
export type CommunityCreateInput = z.infer<typeof communityCreateSchema>;

/** 'Sender name <address@domain>' (spec 01 §5). */
export const EMAIL_TEMPLATE_FROM = /^[^<>]+\s<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/;

export const communityUpdateSchema = communityCreateSchema.partial().extend({
  description: optionalText(2000),
  image: optionalText(2000),
  fb_link: optionalText(500),
  twitter_link: optionalText(500),
  facebook_app_id: optionalText(100),
  email_template_from: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || EMAIL_TEMPLATE_FROM.test(v), msg('validation.emailTemplateFrom')),
});
export type CommunityUpdateInput = z.input<typeof communityUpdateSchema>;
