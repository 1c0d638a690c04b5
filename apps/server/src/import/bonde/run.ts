import { and, eq, sql } from 'drizzle-orm';
import { DrizzleError, TransactionRollbackError } from 'drizzle-orm/errors';
import pg from 'pg';
import { recountActions } from '../../activists/people';
import type { Database, Db, Tx } from '../../db/client';
import { bondeImportIds, bondeImportProgress } from '../../db/schema';
import { publishImported } from './publish';
import { type ImportContext, STEPS, type Step } from './steps';

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
  /** Each row skipped in this run: `widget 1234: kind 'x' has no counterpart`. */
  skipped: string[];
  /** What was kept back from rows that were imported: `donation 55: card data not imported`. */
  notes: string[];
  /** Pages published here because they were public in Bonde. */
  published: number;
  /** Nothing was created: the target already held everything. */
  unchangedRun: boolean;
}

export interface ImportOptions {
  /** Bonde's database URL. */
  from: string;
  target: Database;
  apply: boolean;
  batchSize?: number;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** Seal secrets with our keys (the same boxes the app uses). */
  seal: { twilio(plain: string): string; mailchimp(plain: string): string };
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
        const ctx = contextFor(tx, source, options, report, touched);
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
            report.skipped.push(`${step.label} ${id}: ${outcome.skip}`);
            await tx.insert(bondeImportIds).values({ sourceTable: step.table, sourceId: id, skipReason: outcome.skip });
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
        `[import:bonde] ${step.table}: ${line.read} read, ${line.created} created, ${line.skipped} skipped (up to id ${rows[rows.length - 1]?.id})`,
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
  if (report.published) progress(`[import:bonde] ${report.published} public pages published`);
}

async function convertRow(step: Step, row: Record<string, unknown>, ctx: ImportContext) {
  try {
    return await ctx.tx.transaction((sp) => step.convert(row, { ...ctx, tx: sp }));
  } catch (error) {
    if (error instanceof DrizzleError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // A row the database refuses (a constraint) is skipped with the database's reason; the batch goes on.
    return { skip: `refused by the database: ${(message.split('\n')[0] ?? '').slice(0, 200)}` };
  }
}

function contextFor(
  tx: Tx,
  source: pg.Client,
  options: ImportOptions,
  report: ImportReport,
  touched: { communities: Set<number>; mobilizations: Set<number> },
): ImportContext {
  return {
    tx,
    source,
    seal: options.seal,
    note: (line) => report.notes.push(line),
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

/** The report as the CLI prints it, in plain lines. */
export function formatReport(report: ImportReport): string {
  const lines = [report.apply ? 'import:bonde --apply' : 'import:bonde (dry run: nothing written; --apply writes)'];
  lines.push('table                      read  created  unchanged  skipped');
  for (const t of report.tables)
    lines.push(
      t.absent
        ? `${t.table.padEnd(24)}  (not in the source)`
        : `${t.table.padEnd(24)} ${String(t.read).padStart(6)} ${String(t.created).padStart(8)} ${String(t.unchanged).padStart(10)} ${String(t.skipped).padStart(8)}`,
    );
  lines.push(`pages published: ${report.published}`);
  if (report.skipped.length) lines.push('', 'skipped:', ...report.skipped.map((s) => `  ${s}`));
  if (report.notes.length) lines.push('', 'notes:', ...report.notes.map((s) => `  ${s}`));
  if (report.unchangedRun) lines.push('', 'nothing new: the target already holds every row of the source');
  return lines.join('\n');
}
