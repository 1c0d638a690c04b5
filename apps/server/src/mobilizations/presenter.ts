import type { mobilizations } from '../db/schema';
import { presentSubtheme } from '../themes/service';
import type { MobilizationSubthemeLink } from './subthemes';

type MobilizationRow = typeof mobilizations.$inferSelect;

/** What lists and single reads add to a row: computed counts and the theme relations. */
export interface MobilizationExtras {
  usersCount?: number;
  totalFundRaising?: number;
  theme?: { id: number; label: string } | null;
  links?: MobilizationSubthemeLink[];
}

/** spec 01 §3 mobilization fields; total_fund_raising is in integer cents (paid donations). */
export function presentMobilization(m: MobilizationRow, extras: MobilizationExtras = {}) {
  const links = extras.links ?? [];
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    goal: m.goal,
    favicon: m.favicon,
    language: m.language,
    status: m.status,
    custom_domain: m.customDomain,
    community_id: m.communityId,
    theme_id: m.themeId,
    theme: extras.theme ?? null,
    subthemes: links.map((l) => presentSubtheme(l.subtheme)),
    mobilizations_subthemes: links.map((l) => ({
      id: l.id,
      mobilization_id: l.mobilizationId,
      subtheme_id: l.subtheme.id,
      subtheme: presentSubtheme(l.subtheme),
    })),
    header_font: m.headerFont,
    body_font: m.bodyFont,
    color_scheme: m.colorScheme,
    google_analytics_code: m.googleAnalyticsCode,
    facebook_share_image: m.facebookShareImage,
    facebook_share_title: m.facebookShareTitle,
    facebook_share_description: m.facebookShareDescription,
    twitter_share_text: m.twitterShareText,
    antispam_challenge: m.antispamChallenge,
    user_id: m.userId,
    template_mobilization_id: m.templateMobilizationId,
    users_count: extras.usersCount ?? 0,
    total_fund_raising: extras.totalFundRaising ?? 0,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    deleted_at: m.deletedAt?.toISOString() ?? null,
  };
}
export type PresentedMobilization = ReturnType<typeof presentMobilization>;
