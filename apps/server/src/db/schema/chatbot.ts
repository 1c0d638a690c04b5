import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activists } from './activists';
import { communities } from './communities';

/** A Messenger page connected to a community. The three secrets are never sent to clients. */
export const facebookBotConfigurations = pgTable(
  'facebook_bot_configurations',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    messengerAppSecret: text('messenger_app_secret').notNull(),
    messengerValidationToken: text('messenger_validation_token').notNull(),
    messengerPageAccessToken: text('messenger_page_access_token').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facebook_bot_configurations_community_idx').on(t.communityId)],
);

/**
 * A person who talked to the bot (a Messenger subscriber). The mass-message wizard segments and
 * previews these (profile picture, gender, first and last name).
 */
export const facebookBotActivists = pgTable(
  'facebook_bot_activists',
  {
    id: serial('id').primaryKey(),
    facebookBotConfigurationId: integer('facebook_bot_configuration_id')
      .notNull()
      .references(() => facebookBotConfigurations.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** Linked once the subscriber is matched to a community activist. */
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'set null' }),
    /** Page-scoped id of the person: the send API's recipient id. */
    fbContextRecipientId: text('fb_context_recipient_id').notNull(),
    /** The page's id. */
    fbContextSenderId: text('fb_context_sender_id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profilePic: text('profile_pic'),
    gender: text('gender'),
    /** Text received from the person, searched by the segmentation's message filter. */
    messages: text('messages').notNull().default(''),
    /** Quick-reply payloads the person pressed. */
    quickReplies: text('quick_replies').array().notNull().default(sql`'{}'::text[]`),
    /** Raw profile and context. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facebook_bot_activists_facebook_bot_configuration_recipient_idx').on(
      t.facebookBotConfigurationId,
      t.fbContextRecipientId,
    ),
    index('facebook_bot_activists_community_last_interaction_idx').on(t.communityId, t.lastInteractionAt),
    index('facebook_bot_activists_activist_idx').on(t.activistId),
  ],
);

/** Segmentation of a mass message: message keywords, quick replies, interaction date interval, campaign in/exclusion. */
export type FacebookBotSegmentation = Record<string, unknown>;

/** queued → sending → sent | failed */
export type FacebookBotCampaignStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A mass message sent to a segment of bot subscribers. */
export const facebookBotCampaigns = pgTable(
  'facebook_bot_campaigns',
  {
    id: serial('id').primaryKey(),
    facebookBotConfigurationId: integer('facebook_bot_configuration_id')
      .notNull()
      .references(() => facebookBotConfigurations.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    /** Both or neither with quick_reply_button_text. */
    quickReplyRedirect: text('quick_reply_redirect'),
    quickReplyButtonText: text('quick_reply_button_text'),
    segmentation: jsonb('segmentation').$type<FacebookBotSegmentation>().notNull().default({}),
    totalImpactedActivists: integer('total_impacted_activists').notNull().default(0),
    /** People the segmentation matched who do not talk to the bot (no opt-in): counted, never messaged. */
    skippedCount: integer('skipped_count').notNull().default(0),
    status: text('status').$type<FacebookBotCampaignStatus>().notNull().default('queued'),
    /** Why the campaign failed (the provider refused the page's token), in the provider's words. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('facebook_bot_campaigns_community_created_idx').on(t.communityId, t.createdAt),
    /** The campaign list's keyset (newest first by id). */
    index('facebook_bot_campaigns_community_id_idx').on(t.communityId, t.id),
    index('facebook_bot_campaigns_facebook_bot_configuration_idx').on(t.facebookBotConfigurationId),
  ],
);

/**
 * pending → sending → sent | failed. A batch is claimed `sending` (and committed) first; then, before each group of
 * concurrent calls, the group's rows get `called_at` (committed). A worker that dies leaves its claim behind: rows
 * never called go back to `pending` (sent later, once), and only the calls in flight at the death are failed as
 * 'interrupted' (the provider may have taken them: never sent twice).
 */
export type FacebookBotCampaignActivistStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One recipient of a mass message; the unique pair keeps a retried job from sending twice. */
export const facebookBotCampaignActivists = pgTable(
  'facebook_bot_campaign_activists',
  {
    id: serial('id').primaryKey(),
    facebookBotCampaignId: integer('facebook_bot_campaign_id')
      .notNull()
      .references(() => facebookBotCampaigns.id, { onDelete: 'cascade' }),
    facebookBotActivistId: integer('facebook_bot_activist_id').references(() => facebookBotActivists.id, {
      onDelete: 'cascade',
    }),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'set null' }),
    fbContextRecipientId: text('fb_context_recipient_id').notNull(),
    status: text('status').$type<FacebookBotCampaignActivistStatus>().notNull().default('pending'),
    lastError: text('last_error'),
    /** When a worker claimed the row (marked it `sending`); a row left `sending` too long is swept to `failed`. */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    /** When the provider was about to be called for this row; null while only claimed. */
    calledAt: timestamp('called_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facebook_bot_campaign_activists_campaign_recipient_idx').on(
      t.facebookBotCampaignId,
      t.fbContextRecipientId,
    ),
    // The fan-out's claim reads the next pending rows of a campaign: only those are indexed, so a batch late in a
    // 100,000-person campaign does not walk past the rows already sent.
    index('facebook_bot_campaign_activists_pending_idx')
      .on(t.facebookBotCampaignId, t.id)
      .where(sql`status = 'pending'`),
    // The sweep's rows left `sending` by a worker that died.
    index('facebook_bot_campaign_activists_sending_idx').on(t.sendingAt).where(sql`status = 'sending'`),
    index('facebook_bot_campaign_activists_facebook_bot_activist_idx').on(t.facebookBotActivistId),
    index('facebook_bot_campaign_activists_activist_idx').on(t.activistId),
  ],
);

/** What the sandbox chat-bot driver "sent": every message, kept for the organiser to see. */
export const chatbotSandboxMessages = pgTable(
  'chatbot_sandbox_messages',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    facebookBotCampaignId: integer('facebook_bot_campaign_id').references(() => facebookBotCampaigns.id, {
      onDelete: 'cascade',
    }),
    /** The page-scoped id, or the phone number of a test target. */
    recipient: text('recipient').notNull(),
    text: text('text').notNull(),
    quickReplyButtonText: text('quick_reply_button_text'),
    quickReplyRedirect: text('quick_reply_redirect'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chatbot_sandbox_messages_community_id_idx').on(t.communityId, t.id),
    index('chatbot_sandbox_messages_campaign_idx').on(t.facebookBotCampaignId),
  ],
);

export type FacebookBotConfiguration = typeof facebookBotConfigurations.$inferSelect;
export type FacebookBotActivist = typeof facebookBotActivists.$inferSelect;
export type FacebookBotCampaign = typeof facebookBotCampaigns.$inferSelect;
export type FacebookBotCampaignActivist = typeof facebookBotCampaignActivists.$inferSelect;
