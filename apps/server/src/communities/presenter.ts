import type { communities } from '../db/schema';

type CommunityRow = typeof communities.$inferSelect;

/** Spec 01 §3 community fields. The Mailchimp API key is write-only: only whether it is set goes out. */
export function presentCommunity(c: CommunityRow, role?: number) {
  return {
    id: c.id,
    name: c.name,
    city: c.city,
    description: c.description,
    image: c.image,
    slug: c.slug,
    fb_link: c.fbLink,
    twitter_link: c.twitterLink,
    facebook_app_id: c.facebookAppId,
    email_template_from: c.emailTemplateFrom,
    mailchimp_list_id: c.mailchimpListId,
    mailchimp_group_id: c.mailchimpGroupId,
    mailchimp_api_key_set: Boolean(c.mailchimpApiKey),
    modules: c.modules ?? {},
    signature: c.signature ?? null,
    time_zone: c.timeZone,
    embed_origins: c.embedOrigins,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    ...(role !== undefined ? { role } : {}),
  };
}
