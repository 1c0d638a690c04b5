import type { TemplateMobilization } from '../db/schema';

/** spec 01 §3 template fields. */
export function presentTemplate(t: TemplateMobilization) {
  return {
    id: t.id,
    name: t.name,
    goal: t.goal,
    global: t.global,
    user_id: t.userId,
    community_id: t.communityId,
    color_scheme: t.colorScheme,
    facebook_share_image: t.facebookShareImage,
    facebook_share_title: t.facebookShareTitle,
    facebook_share_description: t.facebookShareDescription,
    twitter_share_text: t.twitterShareText,
    header_font: t.headerFont,
    body_font: t.bodyFont,
    favicon: t.favicon,
    slug: t.slug,
    custom_domain: t.customDomain,
    uses_number: t.usesNumber,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
