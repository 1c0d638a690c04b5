import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activists } from './activists';
import { communities } from './communities';
import { widgets } from './mobilizations';

/** A community's telephony account (one per community). The auth token is a secret: never send it to clients. */
export const twilioConfigurations = pgTable(
  'twilio_configurations',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    twilioAccountSid: text('twilio_account_sid').notNull(),
    twilioAuthToken: text('twilio_auth_token').notNull(),
    twilioNumber: text('twilio_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('twilio_configurations_community_idx').on(t.communityId)],
);

/** A phone-pressure call from an activist to one target. */
export const twilioCalls = pgTable(
  'twilio_calls',
  {
    id: serial('id').primaryKey(),
    activistId: integer('activist_id').references(() => activists.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    to: text('to').notNull(),
    /** Set once the provider accepted the call; status callbacks find the call by it. */
    twilioCallSid: text('twilio_call_sid'),
    /**
     * The call as the visitor sees it (`displayedState` of its transitions), kept with each transition: a completed
     * call is a phone pressure (core's `CALL_STANDINGS`), counted per widget by the shared counters (migration 0032).
     */
    status: text('status').$type<TwilioCallStatus>().notNull().default('initiated'),
    /** When the mailing list got the person for this call (a completed one), as the other actions keep it. */
    /** The site the action came from when its widget was embedded elsewhere (`embeds/origins.ts`); null on our pages. */
    origin: text('origin'),
    mailchimpSyncedAt: timestamp('mailchimp_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** allTwilioCalls(widgetId) counts and watchTwilioCallTransitions(widgetId, from). */
    index('twilio_calls_widget_from_idx').on(t.widgetId, t.from),
    index('twilio_calls_community_created_idx').on(t.communityId, t.createdAt),
    index('twilio_calls_activist_idx').on(t.activistId),
    uniqueIndex('twilio_calls_twilio_call_sid_idx').on(t.twilioCallSid),
  ],
);

/** initiated | ringing | in-progress | completed | busy | failed | no-answer */
export type TwilioCallStatus = 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'failed' | 'no-answer';

/** One status callback of a call (real or simulated by the sandbox). */
export const twilioCallTransitions = pgTable(
  'twilio_call_transitions',
  {
    id: serial('id').primaryKey(),
    twilioCallId: integer('twilio_call_id')
      .notNull()
      .references(() => twilioCalls.id, { onDelete: 'cascade' }),
    twilioCallSid: text('twilio_call_sid').notNull(),
    /** The parent leg's sid when the callback is for the dialled target. */
    twilioParentCallSid: text('twilio_parent_call_sid'),
    sequenceNumber: integer('sequence_number'),
    status: text('status').$type<TwilioCallStatus>().notNull(),
    /** Seconds; set on completion. */
    callDuration: integer('call_duration'),
    /** Raw callback parameters. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('twilio_call_transitions_twilio_call_created_idx').on(t.twilioCallId, t.createdAt),
    /**
     * One row per leg and status: a replayed callback (same `CallSid`, same status) conflicts and is dropped
     * (`recordTransition` inserts with on conflict do nothing), even when two processes receive it at once. The call
     * leads the key because a call the provider refused has its one failed row under an empty sid.
     */
    uniqueIndex('twilio_call_transitions_sid_status_idx').on(t.twilioCallId, t.twilioCallSid, t.status),
  ],
);

export type TwilioConfiguration = typeof twilioConfigurations.$inferSelect;
export type TwilioCall = typeof twilioCalls.$inferSelect;
export type TwilioCallTransition = typeof twilioCallTransitions.$inferSelect;
