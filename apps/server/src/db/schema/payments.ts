import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donations } from './activists';

/**
 * The sandbox payment driver's charges (`payments/sandbox.ts`): what a provider would keep, kept where every web
 * process and worker reads it, so a charge made by one process is found, paid or refunded through another and
 * outlives a restart. `reference` is the charge's `reference_key`: one charge per reference, whichever process asks.
 */
export const sandboxPaymentCharges = pgTable(
  'sandbox_payment_charges',
  {
    /** `sandbox_tr_…`, the transaction id a postback names. */
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    /** The charge as the driver answered it (card, boleto, the provider-shaped `raw`), status aside. */
    charge: jsonb('charge').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_payment_charges_reference_idx').on(t.reference)],
);

/** The sandbox's stored cards: the test card a token named, reusable by id for a subscription's later charges. */
export const sandboxPaymentCards = pgTable('sandbox_payment_cards', {
  /** `sandbox_card_…`. */
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  lastDigits: text('last_digits').notNull(),
  /** What charging this card does (core's `parseSandboxCardToken`): approve, refuse, error or timeout. */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each move a verified postback made to a donation (`widgets/donation/postback.ts`). The unique index is what makes a
 * replayed postback a no-op, even when two processes receive the same replay at once: the second insert conflicts
 * and nothing else happens (no state change, no counter move, no e-mail). Keyed on the move (from → to), not the
 * status alone, so the provider giving up on a refund (pending_refund → paid) still lands after the first paid. It
 * keeps none of the postback's fields (a Pagar.me postback carries the donor's): the donation keeps the last one.
 */
export const donationPostbacks = pgTable(
  'donation_postbacks',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    fromStatus: text('from_status').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donation_postbacks_move_idx').on(t.transactionId, t.fromStatus, t.status),
    index('donation_postbacks_donation_idx').on(t.donationId),
  ],
);

export type SandboxPaymentCharge = typeof sandboxPaymentCharges.$inferSelect;
export type SandboxPaymentCard = typeof sandboxPaymentCards.$inferSelect;
