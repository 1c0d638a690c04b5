import type { WidgetKind } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';
import { blockContentColumns, pageDesignColumns, timestampColumns, widgetContentColumns } from './pageContent';
import { templateMobilizations } from './templates';

/** Widget kinds of spec 02 §3; 'draft' is the empty placeholder a removed widget is reset to. */
export type { WidgetKind };

/** 'active' | 'archived' (legacy data may also say 'template'). */
export type MobilizationStatus = 'active' | 'archived' | 'template';

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
});

export const subthemes = pgTable(
  'subthemes',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('subthemes_theme_idx').on(t.themeId)],
);

/** A campaign page of a community (spec 01 §3). users_count and total_fund_raising are computed, not stored. */
export const mobilizations = pgTable(
  'mobilizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    goal: text('goal').notNull(),
    /** 'pt-BR' | 'es' */
    language: text('language').notNull().default('pt-BR'),
    status: text('status').$type<MobilizationStatus>().notNull().default('active'),
    /** Stored with the 'www.' prefix, shown without it (spec 01 §9). */
    customDomain: text('custom_domain'),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** Main theme: auto-set when the chosen subthemes span a single theme. */
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    ...pageDesignColumns(),
    googleAnalyticsCode: text('google_analytics_code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateMobilizationId: integer('template_mobilization_id').references(() => templateMobilizations.id, {
      onDelete: 'set null',
    }),
    /**
     * Bumped by database triggers on any change to the mobilization, its blocks or their widgets, whatever path
     * made it (REST, GraphQL, a template copy, SQL by hand). The public-page cache is keyed on it.
     */
    cacheVersion: integer('cache_version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mobilizations_slug_idx').on(t.slug),
    /*
     * Case-insensitive uniqueness and the public-page host lookup in one index. It is deliberately
     * not partial: NULLs never collide in a unique index anyway, and a `WHERE custom_domain IS NOT NULL`
     * predicate would stop the planner from using it for `lower(custom_domain) = $1`.
     */
    uniqueIndex('mobilizations_custom_domain_lower_idx').on(sql`lower(${t.customDomain})`),
    // The list screen's order (GraphQL: updated_at desc, then the primary key), so any page is an index range with
    // no sort, however far its offset.
    index('mobilizations_community_status_updated_idx').on(
      t.communityId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id,
    ),
    index('mobilizations_community_created_idx').on(t.communityId, t.createdAt),
    index('mobilizations_user_idx').on(t.userId),
    index('mobilizations_theme_idx').on(t.themeId),
    index('mobilizations_template_mobilization_idx').on(t.templateMobilizationId),
  ],
);

/** Subthemes chosen for a mobilization (at most 3, enforced by the app). */
export const mobilizationsSubthemes = pgTable(
  'mobilizations_subthemes',
  {
    id: serial('id').primaryKey(),
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references(() => mobilizations.id, { onDelete: 'cascade' }),
    subthemeId: integer('subtheme_id')
      .notNull()
      .references(() => subthemes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mobilizations_subthemes_mobilization_subtheme_idx').on(t.mobilizationId, t.subthemeId),
    index('mobilizations_subthemes_subtheme_idx').on(t.subthemeId),
  ],
);

/**
 * A horizontal section of a mobilization page. A page's live blocks hold distinct positions: the deferred exclusion
 * constraint `blocks_position_unique` (migration 0004, not expressible in Drizzle) checks it at commit, so a swap may
 * update its two rows one after the other.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: serial('id').primaryKey(),
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references(() => mobilizations.id, { onDelete: 'cascade' }),
    ...blockContentColumns(),
    ...timestampColumns(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('blocks_mobilization_position_idx').on(t.mobilizationId, t.position)],
);

/** spec 02 §3. count and form_entries_count are computed, not stored. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    ...widgetContentColumns(),
    /** Mailchimp segment 'M{mobilization_id}{P|F|D}' this widget's actions sync to. */
    mailchimpSegmentId: text('mailchimp_segment_id'),
    /** Last form-entries report export. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    ...timestampColumns(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('widgets_block_idx').on(t.blockId)],
);

export type Theme = typeof themes.$inferSelect;
export type Subtheme = typeof subthemes.$inferSelect;
export type Mobilization = typeof mobilizations.$inferSelect;
export type NewMobilization = typeof mobilizations.$inferInsert;
export type Block = typeof blocks.$inferSelect;
export type NewBlock = typeof blocks.$inferInsert;
export type Widget = typeof widgets.$inferSelect;
export type NewWidget = typeof widgets.$inferInsert;
