import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `npm run import:bonde` (issue 36): which of our rows each imported Bonde row became. A source row is in it once,
 * so a second run finds it and writes nothing. A row mapped to no target (`target_id` null) was skipped, with its
 * reason kept for the report.
 */
export const bondeImportIds = pgTable(
  'bonde_import_ids',
  {
    sourceTable: text('source_table').notNull(),
    sourceId: integer('source_id').notNull(),
    targetId: integer('target_id'),
    skipReason: text('skip_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceTable, t.sourceId] })],
);

/** How far the import read each Bonde table: the last source id whose batch committed. A killed run resumes here. */
export const bondeImportProgress = pgTable('bonde_import_progress', {
  sourceTable: text('source_table').primaryKey(),
  lastId: integer('last_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
