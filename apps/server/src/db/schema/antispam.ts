import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mobilizations } from './mobilizations';

/*
 * The anti-spam challenge (issue 35, `antispam/`). The page's own switch is `mobilizations.antispam_challenge`.
 */

/**
 * ALTCHA solutions already accepted, by their challenge's nonce, until the challenge expires: a solution is good for
 * one action, in whichever process it arrives. Rows past `expires_at` are removed by the hourly rate-limit sweep.
 */
export const antispamSpent = pgTable(
  'antispam_spent',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('antispam_spent_expires_idx').on(t.expiresAt)],
);

/**
 * Pages whose challenge turned itself on after a burst of actions from one network, until `until`. Nothing about the
 * network is kept.
 */
export const antispamAuto = pgTable('antispam_auto', {
  mobilizationId: integer('mobilization_id')
    .primaryKey()
    .references(() => mobilizations.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** Actions refused for want of a valid, unspent solution, per page and day (the Métricas tab). */
export const antispamRefusals = pgTable(
  'antispam_refusals',
  {
    mobilizationId: integer('mobilization_id')
      .notNull()
      .references(() => mobilizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mobilizationId, t.day] })],
);
