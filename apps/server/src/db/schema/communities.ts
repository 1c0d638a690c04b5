import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    description: text('description'),
    image: text('image'),
    slug: text('slug'),
    mailchimpApiKey: text('mailchimp_api_key'),
    mailchimpListId: text('mailchimp_list_id'),
    mailchimpGroupId: text('mailchimp_group_id'),
    fbLink: text('fb_link'),
    twitterLink: text('twitter_link'),
    facebookAppId: text('facebook_app_id'),
    emailTemplateFrom: text('email_template_from'),
    modules: jsonb('modules').$type<Record<string, boolean>>(),
    signature: jsonb('signature').$type<{ name?: string; url?: string }>(),
    /** The IANA zone every date of the community is shown in (core's `TIME_ZONES`); read through `communityTimeZone`. */
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /**
     * The origins (`https://host[:port]`, as `new URL(x).origin` gives them) allowed to embed the community's action
     * widgets on their sites (issue 35): CORS on the action routes and the embed loader answer only these. Read
     * through `embeds/origins.ts`.
     */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Settings of outside services by provider, as Bonde kept them (`{"turnio": {"api_key": ...}}`, issue 36): filled by
     * the Bonde importer and read by Bonde's admin client over GraphQL, where secrets always read as null
     * (`communities/integrations.ts`). Mutirão itself talks to none of these providers yet.
     */
    integrations: jsonb('integrations').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('communities_slug_idx').on(t.slug)],
);

/** Membership: role 1 is community admin, role 2 is mobilizer. */
export const communityUsers = pgTable(
  'community_users',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_users_community_user_idx').on(t.communityId, t.userId),
    index('community_users_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: integer('role').notNull().default(2),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the current code was mailed: the first send, or the latest resend (which replaces the code). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_community_idx').on(t.communityId),
    uniqueIndex('invitations_code_hash_idx').on(t.codeHash),
    // One open invitation per address and community (e-mails are stored lower-case): inviting again replaces it.
    uniqueIndex('invitations_pending_email_idx')
      .on(t.communityId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** Bank data for the community's payment-provider recipient (spec 01 §3). */
export const recipients = pgTable(
  'recipients',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    pagarmeRecipientId: text('pagarme_recipient_id'),
    transferInterval: text('transfer_interval').notNull().default('monthly'),
    transferDay: integer('transfer_day').notNull().default(5),
    transferEnabled: boolean('transfer_enabled').notNull().default(true),
    /** bank_code, agencia, agencia_dv, conta, conta_dv, type, legal_name, document_number (digits only). */
    bankAccount: jsonb('bank_account').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recipients_community_idx').on(t.communityId)],
);
