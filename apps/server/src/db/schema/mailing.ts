import type { ActionKind } from '@mutirao/core';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activists } from './activists';
import { communities } from './communities';
import { widgets } from './mobilizations';

/** Why a community's sync stopped until its settings are saved again. */
export type MailchimpPauseReason = 'invalid_key' | 'list_not_found';

/**
 * One community's Mailchimp sync: whether it is paused (and why), its last run, and the resync in progress with its
 * keyset cursor (the last activist id sent), so a crashed resync resumes where it stopped.
 */
export const mailchimpSyncs = pgTable('mailchimp_syncs', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  pausedReason: text('paused_reason').$type<MailchimpPauseReason>(),
  /** One worker at a time sends a community's queue: it holds this lease while it does. */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** null (never), 'running' or 'done'. */
  resyncStatus: text('resync_status').$type<'running' | 'done'>(),
  resyncCursor: integer('resync_cursor').notNull().default(0),
  resyncDone: integer('resync_done').notNull().default(0),
  resyncTotal: integer('resync_total').notNull().default(0),
  resyncLeasedUntil: timestamp('resync_leased_until', { withTimezone: true }),
  resyncStartedAt: timestamp('resync_started_at', { withTimezone: true }),
  resyncFinishedAt: timestamp('resync_finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Activist actions waiting to reach the community's list: written with the action, only when the community has a
 * key and a list, and deleted once sent (the action's `mailchimp_synced_at` is set in the same statement). A paused
 * sync keeps its rows.
 */
export const mailchimpQueue = pgTable(
  'mailchimp_queue',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** The kind of action (core's `ActionKind`), which names its table and its segment's suffix (F, P or D). */
    kind: text('kind').$type<ActionKind>().notNull(),
    actionId: integer('action_id').notNull(),
    activistId: integer('activist_id')
      .notNull()
      .references(() => activists.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    mobilizationId: integer('mobilization_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mailchimp_queue_action_idx').on(t.kind, t.actionId),
    /** The worker's batch and the tab's queue size: `community_id = $1 order by id`. */
    index('mailchimp_queue_community_idx').on(t.communityId, t.id),
  ],
);

/** The sandbox driver's record of the calls it answered, newest shown on the Mailchimp tab. */
export const mailingListCalls = pgTable(
  'mailing_list_calls',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>(),
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailing_list_calls_community_idx').on(t.communityId, t.id)],
);

export type MailchimpSync = typeof mailchimpSyncs.$inferSelect;
export type MailchimpQueueRow = typeof mailchimpQueue.$inferSelect;
export type MailingListCall = typeof mailingListCalls.$inferSelect;
