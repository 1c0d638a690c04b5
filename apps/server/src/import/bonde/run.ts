import { type Locale, translate } from '@mutirao/core';
import { and, eq, sql } from 'drizzle-orm';
import { DrizzleError, TransactionRollbackError } from 'drizzle-orm/errors';
import pg from 'pg';
import { recountActions } from '../../activists/people';
import type { Database, Db, Tx } from '../../db/client';
import { bondeImportIds, bondeImportProgress } from '../../db/schema';
import { publishImported } from './publish';
import { type ImportContext, type ImportSeal, type Reason, STEPS, type Step } from './steps';

/** One table's line of the report. */
export interface TableReport {
  table: string;
  /** Rows read from Bonde in this run (those past the table's cursor). */
  read: number;
  created: number;
  /** Rows of earlier runs, not read again. */
  unchanged: number;
  skipped: number;
  /** Absent from the source database: nothing read. */
  absent?: boolean;
}

export interface ImportReport {
  apply: boolean;
  tables: TableReport[];
  /** Each row skipped in this run, with why (`widgets 7016`: kind 'match' has no counterpart). */
  skipped: RowReason[];
  /** What was kept back from rows that were imported (`donations 1701`: card data not imported). */
  notes: RowReason[];
  /** Pages published here because they were public in Bonde. */
  published: number;
  /** Nothing was created: the target already held everything. */
  unchangedRun: boolean;
}

/** A Bonde row (its table and id) and a reason, a key of the `bondeImport` catalogue. */
export interface RowReason extends Reason {
  table: string;
  id: number;
}

export interface ImportOptions {
  /** The language of the report, and of the rules' messages inside skip reasons; English by default. */
  locale?: Locale;
  /** Bonde's database URL. */
  from: string;
  target: Database;
  apply: boolean;
  batchSize?: number;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** Seal secrets with our keys (the same boxes the app uses). */
  seal: ImportSeal;
  /** Stops after this many batches (tests kill a run midway). */
  stopAfterBatches?: number;
}

class StopRun extends Error {}

/**
 * Reads Bonde table by table, in source-id order, a batch at a time: each batch is one transaction that writes the
 * rows, their mapping and the table's cursor, so a run killed midway continues where its last batch committed, and a
 * row already mapped is never written twice. A dry run does the same inside one transaction that is rolled back.
 */
export async function importBonde(options: ImportOptions): Promise<ImportReport> {
  const source = new pg.Client({ connectionString: options.from, application_name: 'mutirao import:bonde' });
  await source.connect();
  const report: ImportReport = {
    apply: options.apply,
    tables: [],
    skipped: [],
    notes: [],
    published: 0,
    unchangedRun: true,
  };
  try {
    await source.query('set transaction_read_only = on').catch(() => {});
    const present = await sourceTables(source);
    const body = (db: Db | Tx) => runSteps(db, source, present, options, report);
    if (options.apply) await body(options.target.db);
    else {
      try {
        await options.target.db.transaction(async (tx) => {
          await body(tx);
          tx.rollback();
        });
      } catch (error) {
        if (!(error instanceof TransactionRollbackError)) throw error;
      }
    }
  } catch (error) {
    if (!(error instanceof StopRun)) throw error;
  } finally {
    await source.end();
  }
  report.unchangedRun = report.tables.every((t) => t.created === 0) && report.published === 0;
  return report;
}

async function sourceTables(source: pg.Client): Promise<Set<string>> {
  const { rows } = await source.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public'",
  );
  return new Set(rows.map((r) => r.name));
}

async function runSteps(
  db: Db | Tx,
  source: pg.Client,
  present: Set<string>,
  options: ImportOptions,
  report: ImportReport,
) {
  const batchSize = options.batchSize ?? 500;
  const progress = options.progress ?? (() => {});
  const locale = options.locale ?? 'en';
  const before = new Map<string, number>();
  const counted = (await db.execute(
    sql`select source_table, count(*)::int as n from ${bondeImportIds} group by source_table`,
  )) as unknown as { rows: { source_table: string; n: number }[] };
  for (const row of counted.rows) before.set(row.source_table, Number(row.n));
  const touched = { communities: new Set<number>(), mobilizations: new Set<number>() };
  let batches = 0;
  for (const step of STEPS) {
    const line: TableReport = { table: step.table, read: 0, created: 0, unchanged: 0, skipped: 0 };
    report.tables.push(line);
    if (!present.has(step.table)) {
      line.absent = true;
      continue;
    }
    line.unchanged = await countMapped(db, step.table);
    for (;;) {
      const cursor = await cursorOf(db, step.table);
      const { rows } = await source.query(step.select, [cursor, batchSize]);
      if (!rows.length) break;
      await db.transaction(async (tx) => {
        const ctx = contextFor(tx, source, step.table, options, report, touched);
        for (const row of rows) {
          line.read++;
          const id = Number(row.id);
          if (await mapped(tx, step.table, id)) continue;
          const outcome = await convertRow(step, row, ctx);
          if (typeof outcome === 'number') {
            line.created++;
            await tx.insert(bondeImportIds).values({ sourceTable: step.table, sourceId: id, targetId: outcome });
          } else {
            line.skipped++;
            report.skipped.push({ table: step.table, id, ...outcome.skip });
            await tx.insert(bondeImportIds).values({
              sourceTable: step.table,
              sourceId: id,
              skipReason: reasonText('en', { table: step.table, id, ...outcome.skip }),
            });
          }
        }
        await step.afterBatch?.(ctx);
        const last = Number(rows[rows.length - 1]?.id);
        await tx
          .insert(bondeImportProgress)
          .values({ sourceTable: step.table, lastId: last })
          .onConflictDoUpdate({
            target: bondeImportProgress.sourceTable,
            set: { lastId: last, updatedAt: new Date() },
          });
      });
      batches++;
      progress(
        translate(locale, 'bondeImport.progress', {
          table: step.table,
          read: line.read,
          created: line.created,
          skipped: line.skipped,
          last: String(rows[rows.length - 1]?.id),
        }),
      );
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) throw new StopRun();
      if (rows.length < batchSize) break;
    }
    // A table of earlier runs reads nothing; its unchanged rows are those mapped before this run.
    line.unchanged = before.get(step.table) ?? 0;
  }
  // Public pages are published, and each touched community's people are counted from their actions.
  await db.transaction(async (tx) => {
    report.published = await publishImported(tx);
    for (const communityId of touched.communities) await recountActions(tx as unknown as Db, communityId);
  });
  if (report.published)
    progress(`[import:bonde] ${translate(locale, 'bondeImport.published', { count: report.published })}`);
}

async function convertRow(step: Step, row: Record<string, unknown>, ctx: ImportContext) {
  try {
    return await ctx.tx.transaction((sp) => step.convert(row, { ...ctx, tx: sp }));
  } catch (error) {
    if (error instanceof DrizzleError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // A row the database refuses (a constraint) is skipped with the database's reason; the batch goes on.
    return { skip: { key: 'refused', params: { message: (message.split('\n')[0] ?? '').slice(0, 200) } } };
  }
}

function contextFor(
  tx: Tx,
  source: pg.Client,
  table: string,
  options: ImportOptions,
  report: ImportReport,
  touched: { communities: Set<number>; mobilizations: Set<number> },
): ImportContext {
  return {
    tx,
    source,
    locale: options.locale ?? 'en',
    seal: options.seal,
    note: (id, reason) => report.notes.push({ table, id, ...reason }),
    idOf: (table, id) =>
      id === null || id === undefined ? Promise.resolve(undefined) : targetOf(tx, table, Number(id)),
    touchCommunity: (id) => touched.communities.add(id),
    touchMobilization: (id) => touched.mobilizations.add(id),
  };
}

async function countMapped(db: Db | Tx, table: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bondeImportIds)
    .where(eq(bondeImportIds.sourceTable, table));
  return Number(row?.n ?? 0);
}

async function cursorOf(db: Db | Tx, table: string): Promise<number> {
  const [row] = await db
    .select({ lastId: bondeImportProgress.lastId })
    .from(bondeImportProgress)
    .where(eq(bondeImportProgress.sourceTable, table));
  return row?.lastId ?? 0;
}

async function mapped(tx: Tx, table: string, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: bondeImportIds.sourceId })
    .from(bondeImportIds)
    .where(and(eq(bondeImportIds.sourceTable, table), eq(bondeImportIds.sourceId, id)));
  return Boolean(row);
}

async function targetOf(tx: Tx, table: string, id: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ target: bondeImportIds.targetId })
    .from(bondeImportIds)
    .where(and(eq(bondeImportIds.sourceTable, table), eq(bondeImportIds.sourceId, id)));
  return row?.target ?? undefined;
}

/** One row's reason as a line: `widgets 7016: …`. */
export function reasonText(locale: Locale, reason: RowReason): string {
  return `${reason.table} ${reason.id}: ${translate(locale, `bondeImport.${reason.key}`, reason.params)}`;
}

/** The report as the CLI prints it, in plain lines, in `locale`. */
export function formatReport(report: ImportReport, locale: Locale): string {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `bondeImport.${key}`, params);
  const lines = [t(report.apply ? 'titleApply' : 'titleDryRun'), ''];
  const columns = ['columnRead', 'columnCreated', 'columnUnchanged', 'columnSkipped'].map((k) => t(k));
  const width = Math.max(...report.tables.map((x) => x.table.length), t('columnTable').length) + 2;
  const cell = (value: string | number, i: number) => String(value).padStart(Math.max(columns[i]?.length ?? 0, 6) + 2);
  lines.push(t('columnTable').padEnd(width) + columns.map(cell).join(''));
  for (const x of report.tables)
    lines.push(
      x.absent
        ? x.table.padEnd(width) + t('absent')
        : x.table.padEnd(width) + [x.read, x.created, x.unchanged, x.skipped].map(cell).join(''),
    );
  lines.push('', t('published', { count: report.published }));
  if (report.skipped.length)
    lines.push('', t('skippedTitle'), ...report.skipped.map((r) => `  ${reasonText(locale, r)}`));
  if (report.notes.length) lines.push('', t('notesTitle'), ...report.notes.map((r) => `  ${reasonText(locale, r)}`));
  if (report.unchangedRun) lines.push('', t('nothingNew'));
  return lines.join('\n');
}
