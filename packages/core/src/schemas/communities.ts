import { z } from 'zod';
import { TIME_ZONES } from '../dates';
import { embedOriginsSchema } from '../embedOrigins';
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

/** Left out stays undefined (unchanged); sent empty becomes null (cleared). */
const emptyToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

const isHttpUrl = (value: string, { dotted }: { dotted: boolean }) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && (!dotted || url.hostname.includes('.'));
  } catch {
    return false;
  }
};

/**
 * A link to a profile page. Organisers type `facebook.com/coletivo`, so a missing scheme becomes https; any
 * other scheme (`javascript:`) is refused, since the link ends up in pages and e-mails.
 */
const profileLink = z
  .string()
  .trim()
  .max(500, msg('validation.tooLong', { max: 500 }))
  .nullish()
  .transform(emptyToNull)
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
  .refine((v) => v == null || isHttpUrl(v, { dotted: true }), msg('validation.linkInvalid'));

/** An uploaded image: an http(s) address (`localhost` too, in development) or a path on this server. */
const imageAddress = z
  .string()
  .trim()
  .max(2000, msg('validation.imageInvalid'))
  .nullish()
  .transform(emptyToNull)
  .refine(
    (v) => v == null || (v.startsWith('/') && !v.startsWith('//')) || isHttpUrl(v, { dotted: false }),
    msg('validation.imageInvalid'),
  );

const communityInfoFields = {
  description: optionalText(LIMITS.communityDescriptionMax),
  image: imageAddress,
  fb_link: profileLink,
  twitter_link: profileLink,
  email_template_from: z
    .string()
    .trim()
    .max(320, msg('validation.tooLong', { max: 320 }))
    .nullish()
    .transform(emptyToNull)
    .refine((v) => v == null || EMAIL_TEMPLATE_FROM.test(v), msg('validation.emailTemplateFrom')),
  /** The zone every date of the community is shown in (`dates.ts`): one of the list, left out keeps the stored one. */
  time_zone: z.enum(TIME_ZONES, { error: msg('validation.timeZoneInvalid') }).optional(),
};

/** `PUT /communities/{id}`: any subset of the fields; what is left out keeps its value. */
export const communityUpdateSchema = communityCreateSchema.partial().extend({
  ...communityInfoFields,
  facebook_app_id: optionalText(100),
  /** The sites allowed to embed the community's widgets (`embedOrigins.ts`); left out keeps the stored list. */
  embed_origins: embedOriginsSchema.optional(),
});
export type CommunityUpdateInput = z.input<typeof communityUpdateSchema>;

/** The settings tab "Informações": the same rules, with name and city required as when the community was made. */
export const communityInfoSchema = communityCreateSchema.extend(communityInfoFields);
export type CommunityInfoValues = z.input<typeof communityInfoSchema>;
