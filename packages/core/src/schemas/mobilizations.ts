import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';

/** Page languages a mobilization may use (spec 01 §9). */
export const MOBILIZATION_LANGUAGES = ['pt-BR', 'es'] as const;
export type MobilizationLanguage = (typeof MOBILIZATION_LANGUAGES)[number];

/** 'template' only appears on legacy rows; organisers toggle between the other two. */
export const MOBILIZATION_STATUSES = ['active', 'archived'] as const;
export type MobilizationStatusValue = (typeof MOBILIZATION_STATUSES)[number];

/** Header and body fonts offered for a mobilization (spec 01 §9). */
export const MOBILIZATION_FONTS = [
  'Armata',
  'Arvo',
  'Dosis',
  'Droid Sans',
  'Fjalla One',
  'Glegoo',
  'Lato',
  'Merriweather',
  'Merriweather Sans',
  'Open Sans',
  'Oswald',
  'PT Mono',
  'Source Sans Pro',
  'Ubuntu',
] as const;
export type MobilizationFont = (typeof MOBILIZATION_FONTS)[number];

/** Lowercase letters, digits and single hyphens between them: it becomes a host name label. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** UA-12345-1 (Universal Analytics) or G-XXXXXXX (Google Analytics 4). */
export const ANALYTICS_ID_PATTERN = /^(?:UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{4,12})$/;

/** e.g. 'meurio-scheme'; the '-scheme' suffix is stripped to select a palette. */
export const COLOR_SCHEME_PATTERN = /^[a-z][a-z0-9-]{0,49}$/;

/**
 * The slug a name gets when none is given: accents stripped, lowercase, words joined by hyphens,
 * at most 63 characters (a DNS label), never ending in a hyphen.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slugMax)
    .replace(/-+$/, '');
}

/** Optional text: blank becomes null, so a form can clear a field. */
const optionalText = (max: number, message = msg('validation.tooLong', { max })) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const name = z
  .string({ error: msg('mobilizationForm.nameRequired') })
  .trim()
  .min(1, msg('mobilizationForm.nameRequired'))
  .max(LIMITS.mobilizationNameMax, msg('mobilizationForm.nameTooLong'));

const goal = z
  .string({ error: msg('mobilizationForm.goalRequired') })
  .trim()
  .min(1, msg('mobilizationForm.goalRequired'))
  .max(LIMITS.mobilizationGoalMax, msg('mobilizationForm.goalTooLong'));

/** Blank means "derive it from the name". */
const slug = z
  .string()
  .trim()
  .max(LIMITS.slugMax, msg('mobilizationForm.slugTooLong'))
  .refine((v) => v === '' || SLUG_PATTERN.test(v), msg('mobilizationForm.slugInvalid'))
  .nullish()
  .transform((v) => v || null);

const language = z.enum(MOBILIZATION_LANGUAGES, { error: msg('mobilizationForm.languageInvalid') });

const id = z
  .number({ error: msg('mobilizationForm.subthemeInvalid') })
  .int()
  .positive()
  .max(LIMITS.idMax);

const subthemes = z
  .array(id, { error: msg('mobilizationForm.subthemesRequired') })
  .min(1, msg('mobilizationForm.subthemesRequired'))
  .max(LIMITS.subthemesMax, msg('mobilizationForm.subthemesMax', { max: LIMITS.subthemesMax }))
  .transform((ids) => [...new Set(ids)]);

const themeId = z
  .number({ error: msg('mobilizationForm.themeRequired') })
  .int()
  .positive()
  .max(LIMITS.idMax)
  .nullish()
  .transform((v) => v ?? null);

/** One of the spec's fonts, or '' (the select's 'Padrão') / null for the page's default. */
const font = z
  .enum(['', ...MOBILIZATION_FONTS], { error: msg('mobilizationForm.fontInvalid') })
  .nullish()
  .transform((v) => v || null);

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** spec 01 §5 settings/basics; also the new-mobilization form ("Objetivo"). */
export const mobilizationBasicsSchema = z.object({
  name,
  goal,
  slug,
  language: language.default('pt-BR'),
  subthemes,
  theme_id: themeId,
});
export type MobilizationBasicsInput = z.input<typeof mobilizationBasicsSchema>;

/** spec 01 §5 settings/sharing. The image is an uploaded file's URL. */
export const mobilizationSharingSchema = z.object({
  facebook_share_title: optionalText(LIMITS.shareTitleMax),
  facebook_share_description: optionalText(LIMITS.shareDescriptionMax),
  twitter_share_text: optionalText(LIMITS.tweetMax),
  facebook_share_image: z
    .string()
    .trim()
    .max(2000, msg('mobilizationForm.imageUrlInvalid'))
    .refine((v) => v === '' || httpUrl(v), msg('mobilizationForm.imageUrlInvalid'))
    .nullish()
    .transform((v) => v || null),
});
export type MobilizationSharingInput = z.input<typeof mobilizationSharingSchema>;

/** The share texts a page needs to launch: title, description and tweet. The image is optional (below). */
const SHARE_TEXTS = ['facebook_share_title', 'facebook_share_description', 'twitter_share_text'] as const;

/**
 * At launch the three share texts are required ('Obrigatório'). Spec 01 §5 requires the image too; here it is
 * optional, since a first-time organiser often has none: the page's link preview then shows the community's image
 * (or only the texts when the community has none), and the screens say so.
 */
export const mobilizationLaunchSharingSchema = mobilizationSharingSchema.superRefine((v, ctx) => {
  for (const key of SHARE_TEXTS) {
    if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: msg('mobilizationForm.shareRequired') });
  }
});

/** The fields a page needs to count as public (spec 01 §4). */
export interface PublicRuleFields {
  custom_domain?: string | null;
  facebook_share_image?: string | null;
  facebook_share_title?: string | null;
  facebook_share_description?: string | null;
  twitter_share_text?: string | null;
}

/** The three share texts are set: the launch wizard's second step is complete (spec 01 §4 launch flow). */
export const shareFieldsComplete = (m: PublicRuleFields) => SHARE_TEXTS.every((key) => Boolean(m[key]?.trim()));

/**
 * spec 01 §4: a mobilization counts as public with a custom domain and its share texts (title, description, tweet);
 * otherwise the sidebar offers "Publicar". The spec also asks for the share image; it is optional here
 * (`mobilizationLaunchSharingSchema`).
 */
export function isMobilizationPublic(m: PublicRuleFields): boolean {
  return Boolean(m.custom_domain?.trim()) && shareFieldsComplete(m);
}

/** Text cut to `max` characters at a word boundary, with an ellipsis when anything was left out. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // The room ends where a word ends, or at the last space before; a single word longer than the room is cut inside.
  const space = clean[room.length] === ' ' ? room.length : room.lastIndexOf(' ');
  const kept = (space > 0 ? room.slice(0, space) : room).replace(/[\s,;:.!?–—-]+$/, '');
  return `${kept}…`;
}

/**
 * Share texts suggested from the page itself, for the fields still blank: the title from its name, the description
 * from its goal (each cut at its limit, 70 and 90, on a word boundary) and the tweet from the name and the page's
 * address. The organiser sees them filled in and may change them before saving.
 */
export function suggestedShareTexts(page: { name: string; goal: string }, url: string) {
  return {
    facebook_share_title: cutAtWord(page.name, LIMITS.shareTitleMax),
    facebook_share_description: cutAtWord(page.goal, LIMITS.shareDescriptionMax),
    twitter_share_text: cutAtWord(`${page.name} ${url}`, LIMITS.tweetMax),
  };
}

/** spec 01 §5 settings/analytics: optional, but a valid UA- or G- id when given. */
export const mobilizationAnalyticsSchema = z.object({
  google_analytics_code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || ANALYTICS_ID_PATTERN.test(v), msg('mobilizationForm.analyticsInvalid'))
    .nullish()
    .transform((v) => v || null),
});
export type MobilizationAnalyticsInput = z.input<typeof mobilizationAnalyticsSchema>;

/**
 * The anti-spam challenge (issue 35): when on, every visitor action on the page needs a solved proof of work. It also
 * turns itself on for a while when one network sends a burst of actions (the server's ANTISPAM_BURST_* settings).
 */
export const mobilizationAntispamSchema = z.object({
  antispam_challenge: z.boolean({ error: msg('api.invalidValue') }),
});
export type MobilizationAntispamInput = z.input<typeof mobilizationAntispamSchema>;

/** Fonts from the spec's list and the colour scheme. */
export const mobilizationDesignSchema = z.object({
  header_font: font,
  body_font: font,
  color_scheme: z
    .string()
    .trim()
    .refine((v) => v === '' || COLOR_SCHEME_PATTERN.test(v), msg('mobilizationForm.colorSchemeInvalid'))
    .nullish()
    .transform((v) => v || null),
  favicon: z
    .string()
    .trim()
    .max(2000, msg('mobilizationForm.imageUrlInvalid'))
    .refine((v) => v === '' || httpUrl(v), msg('mobilizationForm.imageUrlInvalid'))
    .nullish()
    .transform((v) => v || null),
});
export type MobilizationDesignInput = z.input<typeof mobilizationDesignSchema>;

const communityId = z
  .number({ error: msg('mobilizationForm.communityRequired') })
  .int()
  .positive()
  .max(LIMITS.idMax);

/** A new mobilization: the basics, plus any of the other settings. */
export const mobilizationCreateSchema = mobilizationBasicsSchema
  .extend({ community_id: communityId })
  .extend(mobilizationSharingSchema.partial().shape)
  .extend(mobilizationAnalyticsSchema.partial().shape)
  .extend(mobilizationDesignSchema.partial().shape);
export type MobilizationCreateInput = z.input<typeof mobilizationCreateSchema>;
export type MobilizationCreateData = z.output<typeof mobilizationCreateSchema>;

/** Any subset of the settings, plus the archive/activate status toggle. */
export const mobilizationUpdateSchema = mobilizationBasicsSchema
  .extend({ language })
  .partial()
  .extend(mobilizationSharingSchema.partial().shape)
  .extend(mobilizationAnalyticsSchema.partial().shape)
  .extend(mobilizationDesignSchema.partial().shape)
  .extend(mobilizationAntispamSchema.partial().shape)
  .extend({
    status: z.enum(MOBILIZATION_STATUSES, { error: msg('mobilizationForm.statusInvalid') }).optional(),
    /** Checked against the community's zones on the server (`checkCustomDomain`); null or blank clears it. */
    custom_domain: z
      .string({ error: msg('domains.customDomainInvalid') })
      .max(253, msg('domains.customDomainInvalid'))
      .nullish(),
  });
export type MobilizationUpdateInput = z.input<typeof mobilizationUpdateSchema>;
export type MobilizationUpdateData = z.output<typeof mobilizationUpdateSchema>;
