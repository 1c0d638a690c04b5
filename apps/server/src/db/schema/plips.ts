import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';
import { mobilizations, widgets } from './mobilizations';

/*
 * PLIPs (popular law initiatives) as organisations moving from Bonde bring them (issue 36): Bonde's petition widget
 * let a person sign up to collect signatures on paper (`plips`: who, where, how many they expect to collect, under a
 * code printed on their sheet), and the community then recorded each sheet that came back (`plip_signatures`:
 * the signatures confirmed under that code, per state). Mutirão has no PLIP widget kind; the Bonde importer fills
 * these rows and Bonde's admin client reads and adds to them over GraphQL (`widgets/plips/graphql.ts`). Columns keep
 * Bonde's names; `community_id` (Bonde's `cached_community_id`) carries the row policy.
 */

/** One sign-up to collect signatures on paper. */
export const plips = pgTable(
  'plips',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    mobilizationId: integer('mobilization_id').references(() => mobilizations.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    /** The code on the person's signature sheet; the sheets returned under it are `plip_signatures` rows. */
    uniqueIdentifier: text('unique_identifier').notNull(),
    /** What the person filled in: name, email, whatsapp, state, team, expected_signatures... */
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    /** The sheet Bonde generated for printing (a data URL or address), kept as it came. */
    pdfData: text('pdf_data'),
    expectedSignatures: integer('expected_signatures'),
    /** The state (UF) the person collects in. */
    state: text('state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** The widget's sign-ups in time order: the list, its filters and counts, the sign-ups per day. */
    index('plips_widget_created_idx').on(t.widgetId, t.createdAt),
    /** A sheet's code: the QR form's look-up and each sign-up's confirmed signatures. */
    index('plips_widget_code_idx').on(t.widgetId, t.uniqueIdentifier),
    index('plips_community_idx').on(t.communityId),
    index('plips_mobilization_idx').on(t.mobilizationId),
  ],
);

/** Signatures confirmed on a returned sheet. */
export const plipSignatures = pgTable(
  'plip_signatures',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    /** The sheet's code, as on the sign-up (`plips.unique_identifier`). */
    uniqueIdentifier: text('unique_identifier').notNull(),
    confirmedSignatures: integer('confirmed_signatures').notNull(),
    state: text('state'),
    /** The sign-up's e-mail, copied when the sheet is recorded. */
    email: text('email'),
    /** Who recorded the sheet. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plip_signatures_widget_code_idx').on(t.widgetId, t.uniqueIdentifier),
    index('plip_signatures_widget_created_idx').on(t.widgetId, t.createdAt),
    index('plip_signatures_community_idx').on(t.communityId),
  ],
);

export type Plip = typeof plips.$inferSelect;
export type NewPlip = typeof plips.$inferInsert;
export type PlipSignature = typeof plipSignatures.$inferSelect;
export type NewPlipSignature = typeof plipSignatures.$inferInsert;
