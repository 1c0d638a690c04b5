import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';
import { mobilizations, widgets } from './mobilizations';

/*
 * Ownership and deletes: action rows (form entries, pressures) die with their widget, mobilization
 * or activist (an activist's erasure request removes what they did). Money rows (donations,
 * subscriptions) only die with the community: they keep their history when a widget, page or
 * activist goes, with the link set to null. Blocks, widgets and mobilizations are normally
 * soft-deleted (deleted_at), so these cascades only run on hard deletes.
 */

/** A supporter of one community, identified by e-mail within it. */
export const activists = pgTable(
  'activists',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    city: text('city'),
    gender: text('gender'),
    /** Free tags; filtered with `tags @> ARRAY[...]` through the GIN index. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Actions taken on the community's pages, as core's `actions/definitions.ts` counts them (form entries, e-mail
     * pressures, completed calls, paid donations): kept by the action upsert and by `actionMoved`.
     */
    actionsCount: integer('actions_count').notNull().default(0),
    /** The latest action; null while `actions_count` is 0 (someone imported, or whose only gift was refused). */
    lastActionAt: timestamp('last_action_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activists_community_email_lower_idx').on(t.communityId, sql`lower(${t.email})`),
    index('activists_tags_idx').using('gin', t.tags),
    /**
     * The people list's keyset orders: `(community_id, key, id)`, walked either way. Someone who never acted sorts as
     * the oldest action ('-infinity'): last in the default newest-first order.
     */
    index('activists_community_last_action_idx').on(
      t.communityId,
      sql`coalesce(${t.lastActionAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    index('activists_community_name_idx').on(t.communityId, sql`lower(coalesce(${t.name}, ''))`, t.id),
    index('activists_community_created_id_idx').on(t.communityId, t.createdAt, t.id),
    index('activists_community_actions_idx').on(t.communityId, t.actionsCount, t.id),
    /** Keyset batches by id: the activists report and the Mailchimp resync (`(community_id, id) > ($1, $2)`). */
    index('activists_community_id_idx').on(t.communityId, t.id),
  ],
);

/** A saved filter set of the community's people (spec 01 §2 activist management), reused by mass messages. */
export const activistSegments = pgTable(
  'activist_segments',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** core's `ActivistFilter`. */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activist_segments_community_name_idx').on(t.communityId, sql`lower(${t.name})`)],
);

/** A tag added to or removed from every person a filter matched: worked through in keyset batches, with progress. */
export const activistTagJobs = pgTable(
  'activist_tag_jobs',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    tag: text('tag').notNull(),
    /** 'add' | 'remove' */
    operation: text('operation').$type<'add' | 'remove'>().notNull(),
    /** People matching when the job was asked for; `done` grows batch by batch up to it. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** The last activist id handled: a crashed job resumes after it. */
    cursor: integer('cursor').notNull().default(0),
    /** 'queued' | 'running' | 'done' */
    status: text('status').$type<'queued' | 'running' | 'done'>().notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activist_tag_jobs_community_idx').on(t.communityId, t.id)],
);

/** A form-widget submission. */
export const formEntries = pgTable(
  'form_entries',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references(() => mobilizations.id, { onDelete: 'cascade' }),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'cascade' }),
    /** The widget's fields with the values given: [{uid, kind, label, value}, ...]. */
    fields: jsonb('fields').$type<Array<Record<string, unknown>>>().notNull(),
    /**
     * The uids of the fields, as JSON text, when every element is an object with a string uid and a string value
     * (what the form sends); NULL otherwise. Kept by PostgreSQL on every write (migration 0031), so the CSV export
     * tells an entry laid out as the widget's current form by one comparison (`reports/formEntries.ts`).
     */
    layout: text('layout').generatedAlwaysAs(sql`form_entry_layout(fields)`),
    /** The site the action came from when its widget was embedded elsewhere (`embeds/origins.ts`); null on our pages. */
    origin: text('origin'),
    mailchimpSyncedAt: timestamp('mailchimp_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_entries_widget_created_idx').on(t.widgetId, t.createdAt),
    /** Keyset pagination of a widget's entries in the CSV export: `widget_id = $1 and id > $2 order by id`. */
    index('form_entries_widget_id_idx').on(t.widgetId, t.id),
    index('form_entries_mobilization_idx').on(t.mobilizationId),
    /** The community's actions report: each page's next entries in time order (`reports/activistActions.ts`). */
    index('form_entries_mobilization_created_id_idx').on(t.mobilizationId, t.createdAt, t.id),
    index('form_entries_activist_idx').on(t.activistId),
  ],
);

/**
 * A pressure-widget submission: an e-mail pressure (`channel` 'email', one per fill, whatever the number of targets),
 * or a phone-pressure visit (`channel` 'phone': the targets the visitor called, no letter). Only e-mail rows are
 * actions; a phone pressure is a completed call in `twilio_calls` (core's `actions/definitions.ts`).
 */
export const activistPressures = pgTable(
  'activist_pressures',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references(() => mobilizations.id, { onDelete: 'cascade' }),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'cascade' }),
    /** The targets pressed, as 'Name <email-or-phone>' strings. */
    targets: jsonb('targets').$type<string[]>().notNull().default([]),
    mail: jsonb('mail').$type<{ subject: string; body: string; cc?: string[] }>().notNull(),
    /** The activist part of the submission: firstname, lastname, email, city… */
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    /** 'email' for an e-mail pressure, 'phone' for a phone-pressure visit (set from the widget's kind). */
    channel: text('channel').$type<'email' | 'phone'>().notNull().default('email'),
    /** The site the action came from when its widget was embedded elsewhere (`embeds/origins.ts`); null on our pages. */
    origin: text('origin'),
    mailchimpSyncedAt: timestamp('mailchimp_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activist_pressures_widget_created_idx').on(t.widgetId, t.createdAt),
    index('activist_pressures_mobilization_idx').on(t.mobilizationId),
    /** The community's actions report: each page's next pressures in time order (`reports/activistActions.ts`). */
    index('activist_pressures_mobilization_created_id_idx').on(t.mobilizationId, t.createdAt, t.id),
    index('activist_pressures_activist_idx').on(t.activistId),
  ],
);

/** 'pending' | 'active' | 'unpaid' | 'canceled' | 'ended' (provider subscription states). */
export type SubscriptionStatus = 'pending' | 'active' | 'unpaid' | 'canceled' | 'ended';

/** A recurring card donation. Card data never reaches the server: card_data holds provider tokens only. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id').references(() => widgets.id, { onDelete: 'set null' }),
    mobilizationId: integer('mobilization_id').references(() => mobilizations.id, { onDelete: 'set null' }),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'set null' }),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** Days between charges: 30, 180 or 365. */
    period: integer('period').notNull().default(30),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** Provider card id / token, brand, last digits. Never a card number or CVV. */
    cardData: jsonb('card_data').$type<Record<string, string>>(),
    gatewayCustomerId: text('gateway_customer_id'),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** Donor name, document, e-mail, phone and address as given at checkout. */
    customer: jsonb('customer').$type<Record<string, unknown>>(),
    gatewayData: jsonb('gateway_data').$type<Record<string, unknown>>(),
    /** Next charge date. */
    processAt: date('process_at'),
    /** Hash of the token in the donor's manage-my-donation link (the donor has no account). */
    manageTokenHash: text('manage_token_hash'),
    /** When the manage link stops working (a new link replaces the hash, which revokes the old one). */
    manageTokenExpiresAt: timestamp('manage_token_expires_at', { withTimezone: true }),
    /** After a refused charge: when the next try is due (process_at stays the cycle's date). */
    retryAt: date('retry_at'),
    /** Refused tries of the current cycle; past the retry schedule the subscription becomes 'unpaid'. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** The visitor's donation this subscription came from (its first charge, or the one-off the offer followed). */
    originDonationId: integer('origin_donation_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_community_created_idx').on(t.communityId, t.createdAt),
    /** Keyset batches of the community's subscriptions report: `(community_id, id) > ($1, $2) order by community_id, id`. */
    index('subscriptions_community_id_idx').on(t.communityId, t.id),
    index('subscriptions_widget_idx').on(t.widgetId),
    index('subscriptions_mobilization_idx').on(t.mobilizationId),
    index('subscriptions_activist_idx').on(t.activistId),
    /** The charging job: status = 'active' AND process_at <= today. */
    index('subscriptions_status_process_at_idx').on(t.status, t.processAt),
    uniqueIndex('subscriptions_manage_token_hash_idx').on(t.manageTokenHash),
    uniqueIndex('subscriptions_gateway_subscription_idx').on(t.gatewaySubscriptionId),
    /** One subscription per originating donation: the post-donation offer taken twice answers the same one. */
    uniqueIndex('subscriptions_origin_donation_idx').on(t.originDonationId),
  ],
);

export type PaymentMethod = 'credit_card' | 'boleto';

/** A single charge: a unique donation, or one charge of a subscription. */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id').references(() => widgets.id, { onDelete: 'set null' }),
    mobilizationId: integer('mobilization_id').references(() => mobilizations.id, { onDelete: 'set null' }),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'set null' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** Integer cents (the chosen value with '00' appended). */
    amount: integer('amount').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    /** Provider transaction status: processing, authorized, paid, waiting_payment, refused, refunded, chargedback… */
    status: text('status').notNull().default('processing'),
    /** Provider transaction id; postbacks look the row up by it. */
    transactionId: text('transaction_id'),
    /** Raw provider answer (boleto URL and barcode, card brand, acquirer message…). */
    gatewayData: jsonb('gateway_data').$type<Record<string, unknown>>(),
    /** name, document_number, email, phone {ddd, number}, address {...}. */
    customer: jsonb('customer').$type<Record<string, unknown>>(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** Recurrence in days for a subscription charge; null for a unique donation. */
    period: integer('period'),
    mailchimpSyncedAt: timestamp('mailchimp_synced_at', { withTimezone: true }),
    /**
     * The idempotency key of the attempt that made the row: `w{widget}:{client attempt}` for a visitor's try,
     * `s{subscription}:{process_at}:{try}` for a scheduled charge. The same attempt twice finds this row and never
     * charges again.
     */
    attemptKey: text('attempt_key'),
    /** The site the action came from when its widget was embedded elsewhere (`embeds/origins.ts`); null on our pages. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donations_attempt_key_idx').on(t.attemptKey),
    index('donations_widget_created_idx').on(t.widgetId, t.createdAt),
    index('donations_community_created_idx').on(t.communityId, t.createdAt),
    /** Keyset batches of the community's donations report: `(community_id, id) > ($1, $2) order by community_id, id`. */
    index('donations_community_id_idx').on(t.communityId, t.id),
    /** The community's actions report: donations in time order, ties by id, with no sort of the rest. */
    index('donations_community_created_id_idx').on(t.communityId, t.createdAt, t.id),
    index('donations_mobilization_idx').on(t.mobilizationId),
    index('donations_activist_idx').on(t.activistId),
    index('donations_subscription_idx').on(t.subscriptionId),
    /** The stranded-charge sweep: the few rows still waiting for the provider's answer, whatever the table's size. */
    index('donations_processing_idx').on(t.createdAt).where(sql`status = 'processing'`),
    uniqueIndex('donations_transaction_idx').on(t.transactionId),
  ],
);

export type Activist = typeof activists.$inferSelect;
export type NewActivist = typeof activists.$inferInsert;
export type FormEntry = typeof formEntries.$inferSelect;
export type ActivistPressure = typeof activistPressures.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Donation = typeof donations.$inferSelect;

/**
 * The record that a person's data was erased (LGPD): who erased whom, when, and how many actions lost their person. It
 * holds none of the erased data: the person is named only by the id their row had.
 */
export const activistErasures = pgTable(
  'activist_erasures',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** The erased row's id; the row itself is gone. */
    activistId: integer('activist_id').notNull(),
    /** The id of the user who erased (kept as a number: the audit outlives the account). */
    erasedBy: integer('erased_by'),
    /** 'admin' (from the profile) or 'visitor' (a confirmed request from the person). */
    requestedBy: text('requested_by').$type<'admin' | 'visitor'>().notNull().default('admin'),
    /** Actions kept with their amounts and counts but no person: {form, pressure, phone, donation, subscription}. */
    anonymised: jsonb('anonymised').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activist_erasures_community_idx').on(t.communityId, t.createdAt)],
);

/** Where an action is stored: the table its `action_id` points into. */
export type ActionSource = 'form_entries' | 'activist_pressures' | 'twilio_calls' | 'donations';

/**
 * The consent a person was shown when they acted (LGPD): the notice's text as rendered in the page's language, and
 * the page's address. One row per action; it goes with the person when they are erased.
 */
export const activistConsents = pgTable(
  'activist_consents',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    activistId: integer('activist_id')
      .notNull()
      .references(() => activists.id, { onDelete: 'cascade' }),
    source: text('source').$type<ActionSource>().notNull(),
    actionId: integer('action_id').notNull(),
    mobilizationId: integer('mobilization_id').references(() => mobilizations.id, { onDelete: 'set null' }),
    widgetId: integer('widget_id').references(() => widgets.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    pageUrl: text('page_url').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activist_consents_activist_idx').on(t.activistId, t.createdAt),
    index('activist_consents_action_idx').on(t.source, t.actionId),
  ],
);

/**
 * A visitor's request for their own data ('access') or its erasure ('erasure'), made from a public page of the
 * community. It is carried out only through the link e-mailed to the person's address (the token, stored hashed),
 * before `expires_at`; an erasure also asks them to confirm on the page the link opens.
 */
export const activistDataRequests = pgTable(
  'activist_data_requests',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** Null once the person is erased (the request outlives them as a record that it was carried out). */
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'access' | 'erasure'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was first opened (the address is confirmed), and when the request was carried out. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activist_data_requests_token_idx').on(t.tokenHash),
    index('activist_data_requests_activist_idx').on(t.activistId),
  ],
);

/** The columns of a CSV import that feed a person's fields: each is a column's index in the file's header. */
export interface ActivistImportMapping {
  email: number;
  name?: number;
  first_name?: number;
  last_name?: number;
  phone?: number;
  city?: number;
  tags?: number;
}

/**
 * A CSV file of people uploaded to the community (spec 01 §2): its rows are kept in `activist_import_rows`, mapped
 * to fields, then worked through by a job in batches, with the last line handled as the cursor.
 */
export const activistImports = pgTable(
  'activist_imports',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** The file's first line, as cells. */
    header: jsonb('header').$type<string[]>().notNull(),
    /** ',' or ';' as detected; 'utf-8' or 'latin1' as decoded. */
    separator: text('separator').notNull(),
    encoding: text('encoding').notNull(),
    mapping: jsonb('mapping').$type<ActivistImportMapping>(),
    /** Tags given to every person of the file, besides any the tags column holds. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** 'reading' (the upload is still being stored; nobody sees it) | 'uploaded' | 'running' | 'done' | 'failed' */
    status: text('status')
      .$type<'reading' | 'uploaded' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('uploaded'),
    /** Data rows in the file; the others count what became of them (`duplicates`: an e-mail seen earlier in it). */
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** The last line handled: a crashed job resumes after it. */
    cursor: integer('cursor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activist_imports_community_idx').on(t.communityId, t.id)],
);

/**
 * One data row of an import, by its line in the file (the header is line 1). Once handled it holds the lower-case
 * e-mail it brought (later lines with the same one are duplicates) or why it was rejected. When the import is done
 * only the rejected rows stay (the others' data lives in `activists`, where an erasure reaches it).
 */
export const activistImportRows = pgTable(
  'activist_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => activistImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    email: text('email'),
    /** A reason key of `activists.importReason*`, with its field when the reason names one (`tooLong:name`). */
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('activist_import_rows_email_idx').on(t.importId, t.email),
    /** The rejected rows' download walks these in line order. */
    index('activist_import_rows_rejected_idx').on(t.importId, t.line).where(sql`${t.reason} is not null`),
  ],
);
