import type { PageChange, PageSnapshot, WidgetKind } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** Every visitor action on the page needs a solved anti-spam challenge (issue 35, `antispam/`). */
    antispamChallenge: boolean('antispam_challenge').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateMobilizationId: integer('template_mobilization_id').references(() => templateMobilizations.id, {
      onDelete: 'set null',
    }),
    /**
     * Bumped by database triggers on any change to the mobilization, its blocks or their widgets, whatever path
     * made it (REST, GraphQL, a template copy, SQL by hand). The public-page cache is keyed on it.
     */
    cacheVersion: integer('cache_version').notNull().default(1),
    /**
     * The revision visitors see (issue 34). Null until the page is launched: until then the editor's changes are the
     * page. From then on the blocks and widgets are the draft, and their changes no longer move `cache_version`.
     */
    publishedRevisionId: integer('published_revision_id').references((): AnyPgColumn => mobilizationRevisions.id, {
      onDelete: 'set null',
    }),
    /** 'Publicar em': when the job queue publishes the draft (and activates an archived page). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** 'Despublicar em': when the job queue archives the page. */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    /**
     * Who set the schedule: the scheduled revision is published in their name. No foreign key: a second key to
     * `users` would rename the GraphQL relationship `users.mobilizations` that Bonde's clients use. A deleted user's
     * id matches no one, and the revision then names no one.
     */
    scheduledBy: integer('scheduled_by'),
    /** Why the last scheduled publication did not happen, until an organiser dismisses it or publishes. */
    scheduleFailure: jsonb('schedule_failure').$type<ScheduleFailure>(),
    /** The revision the draft was last restored from, named by the next publication. */
    draftRestoredFrom: integer('draft_restored_from'),
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
    // The schedule sweep's due pages: only the few with a schedule are in these.
    index('mobilizations_publish_at_idx').on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index('mobilizations_unpublish_at_idx').on(t.unpublishAt).where(sql`${t.unpublishAt} is not null`),
    index('mobilizations_template_mobilization_idx').on(t.templateMobilizationId),
  ],
);

/** A scheduled publication that did not happen: when it was due, and the widgets that stopped it. */
export interface ScheduleFailure {
  due_at: string;
  widgets: { widget_id: number; block_name: string | null; kind: string; fields: Record<string, string[]> }[];
}

/**
 * Every publication of a page (issue 34): its content as visitors saw it, numbered from 1 per page, with what changed
 * from the one before. Never edited: a restore copies one into the draft, and the next publication is a new one.
 */
export const mobilizationRevisions = pgTable(
  'mobilization_revisions',
  {
    id: serial('id').primaryKey(),
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references((): AnyPgColumn => mobilizations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<PageSnapshot>().notNull(),
    changes: jsonb('changes').$type<PageChange[]>().notNull().default([]),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** Published by the schedule rather than by a person's click. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** The revision number this one's content was restored from, if it was. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mobilization_revisions_number_idx').on(t.mobilizationId, t.number)],
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
export type MobilizationRevision = typeof mobilizationRevisions.$inferSelect;
export type Block = typeof blocks.$inferSelect;
export type NewBlock = typeof blocks.$inferInsert;
export type Widget = typeof widgets.$inferSelect;
export type NewWidget = typeof widgets.$inferInsert;
