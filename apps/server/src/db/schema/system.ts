import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';
import { widgets } from './mobilizations';

/** Files accepted through a signed upload URL (local disk or S3). */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size'),
    /** Pixel size read from the stored file's header, so public pages reserve the image's space before it loads. */
    width: integer('width'),
    height: integer('height'),
    /** Widths of the resized WebP copies made for `srcset` (`uploads/variants.ts`); null until they exist. */
    variantWidths: integer('variant_widths').array(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    /** 'signed' when the URL was handed out, 'stored' once the bytes arrived. */
    status: text('status').notNull().default('signed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_key_idx').on(t.key),
    index('uploads_user_idx').on(t.userId),
    /** GraphQL's `uploads` (a community's own images). */
    index('uploads_community_idx').on(t.communityId),
    // Pages look their images up by address.
    index('uploads_url_idx').on(t.url),
  ],
);

/**
 * Outgoing e-mail. A row is written in the same transaction as the action that causes it,
 * then a pg-boss job delivers it; the idempotency key stops a retried action from mailing twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    fromAddress: text('from_address'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    /** Where replies go: the visitor, for a pressure e-mail sent from the platform's own address. */
    replyTo: text('reply_to'),
    /** The widget whose action sent it, for the organiser's delivery view (pressure e-mails to targets). */
    widgetId: integer('widget_id').references(() => widgets.id, { onDelete: 'set null' }),
    /**
     * queued → sending (leased) → sent, or failed (retried at `next_attempt_at` until `MAIL_MAX_ATTEMPTS`), or
     * bounced (the receiving server refused it for good: never retried). A `sending` row whose lease ran out (its
     * worker died mid-send) is claimed again.
     */
    status: text('status').notNull().default('queued'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Which mail driver delivered it: 'sandbox' rows make up the development mailbox. */
    driver: text('driver'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key_idx').on(t.idempotencyKey),
    index('outbox_driver_created_idx').on(t.driver, t.createdAt),
    // The relay's claim reads only messages still to send, in the order they became due.
    index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`status <> 'sent'`),
    // The delivery view: a widget's messages by recipient and state.
    index('outbox_widget_idx').on(t.widgetId, t.toAddress, t.status).where(sql`widget_id is not null`),
  ],
);

/**
 * The answers to visitor actions sent with an `Idempotency-Key` header (issue 35, `widgets/idempotency.ts`): a retry
 * of the same request gets the first answer and stores nothing again. `status` is null while the first request is
 * under way. Rows are kept a day (`rate-limit-sweep` removes older ones).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** The route and its path parameters, e.g. `POST /api/widgets/12/fill`: one key names one action on one widget. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A hash of the request body: the same key with another body is refused, not answered with the first answer. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The first answer's body, as sent. */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
