import type { WidgetKind } from '@mutirao/core';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';

/**
 * A reusable copy of a mobilization (spec 01 §3 Template). Global templates are offered to every
 * community and have no community; custom ones belong to the community that made them.
 */
export const templateMobilizations = pgTable(
  'template_mobilizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    goal: text('goal'),
    global: boolean('global').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for global templates. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    colorScheme: text('color_scheme'),
    facebookShareImage: text('facebook_share_image'),
    facebookShareTitle: text('facebook_share_title'),
    facebookShareDescription: text('facebook_share_description'),
    twitterShareText: text('twitter_share_text'),
    bodyFont: text('body_font'),
    headerFont: text('header_font'),
    favicon: text('favicon'),
    slug: text('slug'),
    customDomain: text('custom_domain'),
    /** How many mobilizations were created from this template. */
    usesNumber: integer('uses_number').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** "Custom templates of a community": community_id = $1 AND global = false. */
    index('template_mobilizations_community_global_idx').on(t.communityId, t.global),
    /** "Global templates": global = true, listed by name. */
    index('template_mobilizations_global_name_idx').on(t.global, t.name),
    index('template_mobilizations_user_idx').on(t.userId),
  ],
);

export const templateBlocks = pgTable(
  'template_blocks',
  {
    id: serial('id').primaryKey(),
    templateMobilizationId: integer('template_mobilization_id')
      .notNull()
      .references(() => templateMobilizations.id, { onDelete: 'cascade' }),
    name: text('name'),
    position: integer('position').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    menuHidden: boolean('menu_hidden').notNull().default(false),
    bgClass: text('bg_class'),
    bgImage: text('bg_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('template_blocks_template_mobilization_position_idx').on(t.templateMobilizationId, t.position)],
);

export const templateWidgets = pgTable(
  'template_widgets',
  {
    id: serial('id').primaryKey(),
    templateBlockId: integer('template_block_id')
      .notNull()
      .references(() => templateBlocks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WidgetKind>().notNull().default('draft'),
    smSize: integer('sm_size').notNull().default(12),
    mdSize: integer('md_size').notNull().default(12),
    lgSize: integer('lg_size').notNull().default(12),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** A donation widget's fund-raising goal in integer cents, copied with the widget like its settings. */
    goal: integer('goal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('template_widgets_template_block_idx').on(t.templateBlockId)],
);

export type TemplateMobilization = typeof templateMobilizations.$inferSelect;
export type TemplateBlock = typeof templateBlocks.$inferSelect;
export type TemplateWidget = typeof templateWidgets.$inferSelect;
