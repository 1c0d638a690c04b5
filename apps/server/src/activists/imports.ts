import { type Locale, translate } from '@mutirao/core';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { type ActivistImportMapping, activistImportRows, activistImports } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { defineJob, type JobQueue } from '../jobs/queue';
import { CSV_BOM, csvLine } from '../reports/csv';
import { type CsvEncoding, type CsvReading, suggestMapping } from './csvFile';
import { type ActivistInput, completeName, FILL_MISSING } from './upsert';

export const IMPORT_BATCH = 1000;
export const IMPORT_PREVIEW_ROWS = 10;
const STORE_BATCH = 1000;

type ImportRow = typeof activistImports.$inferSelect;

export const presentImport = (i: ImportRow) => {
  const handled = i.imported + i.updated + i.duplicates + i.rejected;
  return {
    id: i.id,
    file_name: i.fileName,
    status: i.status,
    header: i.header,
    mapping: i.mapping,
    tags: i.tags,
    total: i.total,
    imported: i.imported,
    updated: i.updated,
    duplicates: i.duplicates,
    rejected: i.rejected,
    percent: i.status === 'done' ? 100 : i.total ? Math.floor((handled * 100) / i.total) : 0,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
};

/** An import still `reading` an hour on was left by a process that stopped mid-upload: it is removed. */
const READING_KEPT = sql`now() - interval '1 hour'`;
/** An import is shown once its last row is in. */
const shown = ne(activistImports.status, 'reading');

/**
 * Keeps the file's rows as they are read, a batch per statement (no transaction spans the upload, so other
 * requests go on in between), and answers the header, the first rows and the suggested mapping. Until its last row
 * is in, the import is `reading`, which nobody sees; a file that turns out not to be one is removed with its rows.
 */
export async function storeImport(
  db: Db,
  communityId: number,
  userId: number,
  fileName: string,
  file: CsvReading & { encoding: CsvEncoding },
) {
  await db
    .delete(activistImports)
    .where(
      and(
        eq(activistImports.communityId, communityId),
        eq(activistImports.status, 'reading'),
        lt(activistImports.updatedAt, READING_KEPT),
      ),
    );
  const [row] = await db
    .insert(activistImports)
    .values({
      communityId,
      userId,
      fileName,
      header: file.header,
      separator: file.separator,
      encoding: file.encoding,
      status: 'reading',
    })
    .returning();
  if (!row) throw new Error('import not stored');
  try {
    const preview: string[][] = [];
    let total = 0;
    let batch: (typeof activistImportRows.$inferInsert)[] = [];
    for await (const r of file.rows) {
      if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(r.cells);
      batch.push({ importId: row.id, line: r.line, cells: r.cells });
      total++;
      if (batch.length === STORE_BATCH) {
        await db.insert(activistImportRows).values(batch);
        batch = [];
      }
    }
    if (batch.length) await db.insert(activistImportRows).values(batch);
    if (!total) throw new AppError('unprocessable', { file: ['activists.importNoRows'] });
    const [stored] = await db
      .update(activistImports)
      .set({ total, status: 'uploaded', updatedAt: new Date() })
      .where(eq(activistImports.id, row.id))
      .returning();
    if (!stored) throw new Error('import not stored');
    return {
      ...presentImport(stored),
      separator: file.separator,
      encoding: file.encoding,
      preview,
      suggested_mapping: suggestMapping(file.header),
    };
  } catch (error) {
    await file.rows.return(undefined);
    await db.delete(activistImports).where(eq(activistImports.id, row.id));
    throw error;
  }
}

export async function findImport(db: Db, communityId: number, importId: number) {
  const [row] = await db
    .select()
    .from(activistImports)
    .where(and(eq(activistImports.id, importId), eq(activistImports.communityId, communityId), shown))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export const latestImports = (db: Db, communityId: number) =>
  db
    .select()
    .from(activistImports)
    .where(and(eq(activistImports.communityId, communityId), shown))
    .orderBy(desc(activistImports.id))
    .limit(20);

const column = z
  .number({ error: 'activists.importColumnMissing' })
  .int('activists.importColumnMissing')
  .min(0, 'activists.importColumnMissing')
  .max(1000, 'activists.importColumnMissing')
  .optional();
export const importStartSchema = z.object({
  mapping: z.object(
    {
      email: z
        .number({ error: 'activists.importEmailColumnRequired' })
        .int('activists.importColumnMissing')
        .min(0, 'activists.importColumnMissing')
        .max(1000, 'activists.importColumnMissing'),
      name: column,
      first_name: column,
      last_name: column,
      phone: column,
      city: column,
      tags: column,
    },
    { error: 'activists.importEmailColumnRequired' },
  ),
  tags: z.array(z.string().trim().min(1, 'activists.tagRequired').max(100, 'activists.tagTooLong')).max(20).default([]),
});

/** Records the mapping and hands the import to the job; an import already started is not started again. */
export async function startImport(
  db: Db,
  queue: JobQueue,
  communityId: number,
  importId: number,
  input: z.output<typeof importStartSchema>,
) {
  const found = await findImport(db, communityId, importId);
  const columns = found.header.length;
  const errors: Record<string, string[]> = {};
  for (const [field, index] of Object.entries(input.mapping))
    if (index !== undefined && index >= columns) errors[`mapping.${field}`] = ['activists.importColumnMissing'];
  if (Object.keys(errors).length) throw new AppError('unprocessable', errors);
  const tags = [...new Set(input.tags.flatMap(splitTags))];
  const [row] = await db
    .update(activistImports)
    .set({ mapping: input.mapping, tags, status: 'running', updatedAt: new Date() })
    .where(and(eq(activistImports.id, found.id), eq(activistImports.status, 'uploaded')))
    .returning();
  if (!row) throw new AppError('conflict', undefined, 'activists.importAlreadyStarted');
  await queue.send(activistImportJob(db), { importId: row.id }, { singletonKey: `activist-import-${row.id}` });
  return row;
}

const splitTags = (cell: string) =>
  cell
    .split(/[,;|]/)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

// biome-ignore lint/suspicious/noControlCharactersInRegex: an address with a control character is not one
const EMAIL = /^[^\s@\u0000-\u001f]+@[^\s@\u0000-\u001f]+\.[^\s@\u0000-\u001f]{2,}$/;
const LIMITS = { email: 254, name: 200, first_name: 200, last_name: 200, phone: 50, city: 200, tags: 100 } as const;

/** A row's person: what an action would tell (`ActivistInput`), with tags. */
interface Person extends ActivistInput {
  tags: string[];
}

/** The person a row describes, or why it cannot be one (a reason key, with its field). */
export function readRow(cells: string[], mapping: ActivistImportMapping, extraTags: string[]): Person | string {
  const at = (index: number | undefined) =>
    index === undefined ? undefined : cells[index]?.replace(/\s+/g, ' ').trim() || undefined;
  const email = at(mapping.email);
  if (!email) return 'missingEmail';
  for (const field of ['email', 'name', 'first_name', 'last_name', 'phone', 'city'] as const) {
    const value = at(mapping[field]);
    if (value && value.length > LIMITS[field]) return `tooLong:${field}`;
  }
  if (!EMAIL.test(email)) return 'invalidEmail';
  const tags = splitTags(at(mapping.tags) ?? '');
  if (tags.some((t) => t.length > LIMITS.tags)) return 'tooLong:tags';
  const named = completeName({
    email,
    name: at(mapping.name),
    firstName: at(mapping.first_name),
    lastName: at(mapping.last_name),
    phone: at(mapping.phone),
    city: at(mapping.city),
  });
  return { ...named, email, tags: [...new Set([...tags, ...extraTags])] };
}

/** A person met twice in the same batch: the first line's values win, each fills what the other lacks. */
const merge = (a: Person, b: Person): Person => ({
  email: a.email,
  name: a.name ?? b.name,
  firstName: a.firstName ?? b.firstName,
  lastName: a.lastName ?? b.lastName,
  phone: a.phone ?? b.phone,
  city: a.city ?? b.city,
  tags: [...new Set([...a.tags, ...b.tags])],
});

/**
 * The import's own upsert: like the action upsert (`upsert.ts`) it only fills what a stored person lacks and never
 * rewrites a name, and it adds the tags; unlike it, an import is not an action, so the action count and the last
 * action stay as they were (a new person's last action is when they were added, the column's default). Answers
 * which e-mails were new.
 */
async function upsertPeople(tx: Tx, communityId: number, people: Person[]) {
  if (!people.length) return new Set<string>();
  const values = sql.join(
    people.map(
      (p) =>
        sql`(${communityId}::int, ${p.email}, ${p.name ?? null}, ${p.firstName ?? null}, ${p.lastName ?? null},
             ${p.phone ?? null}, ${p.city ?? null}, ${`{${p.tags.map((t) => JSON.stringify(t)).join(',')}}`}::text[])`,
    ),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    insert into activists (community_id, email, name, first_name, last_name, phone, city, tags)
    values ${values}
    on conflict (community_id, lower(email)) do update set
      ${FILL_MISSING},
      tags = array(
        select t from unnest(activists.tags || excluded.tags) with ordinality u(t, n) group by t order by min(n)
      ),
      updated_at = now()
    returning lower(activists.email) as email, (xmax = 0) as inserted`)) as unknown as {
    rows: { email: string; inserted: boolean }[];
  };
  return new Set(result.rows.filter((r) => r.inserted).map((r) => r.email));
}

/**
 * One batch of an import: the next thousand lines after the cursor, read, checked and upserted, with each line's
 * outcome, the counts and the cursor written in the same transaction, so a crash resumes exactly after the last
 * batch and no line counts twice. Returns whether more remain.
 */
export async function runImportBatch(db: Db, importId: number, batch = IMPORT_BATCH): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(activistImports).where(eq(activistImports.id, importId)).for('update');
    if (job?.status !== 'running' || !job.mapping) return false;
    const mapping = job.mapping;
    const rows = await tx
      .select({ line: activistImportRows.line, cells: activistImportRows.cells })
      .from(activistImportRows)
      .where(and(eq(activistImportRows.importId, importId), gt(activistImportRows.line, job.cursor)))
      .orderBy(asc(activistImportRows.line))
      .limit(batch);
    const outcomes = rows.map((r) => ({ line: r.line, person: readRow(r.cells, mapping, job.tags) }));
    const emails = [
      ...new Set(outcomes.flatMap((o) => (typeof o.person === 'string' ? [] : [o.person.email.toLowerCase()]))),
    ];
    // E-mails an earlier batch of this file already brought: those lines are duplicates.
    const seen = new Set(
      emails.length
        ? (
            await tx
              .selectDistinct({ email: activistImportRows.email })
              .from(activistImportRows)
              .where(
                and(
                  eq(activistImportRows.importId, importId),
                  lte(activistImportRows.line, job.cursor),
                  inArray(activistImportRows.email, emails),
                ),
              )
          ).map((r) => r.email)
        : [],
    );
    const people = new Map<string, Person>();
    let duplicates = 0;
    let rejected = 0;
    for (const o of outcomes) {
      if (typeof o.person === 'string') {
        rejected++;
        continue;
      }
      const key = o.person.email.toLowerCase();
      const before = people.get(key);
      if (before || seen.has(key)) duplicates++;
      people.set(key, before ? merge(before, o.person) : o.person);
    }
    const created = await upsertPeople(tx, job.communityId, [...people.values()]);
    const fresh = [...people.keys()].filter((e) => !seen.has(e));
    const imported = fresh.filter((e) => created.has(e)).length;
    const updated = fresh.length - imported;
    if (outcomes.length) {
      const lines = sql.join(
        outcomes.map((o) =>
          typeof o.person === 'string'
            ? sql`(${o.line}::int, null::text, ${o.person}::text)`
            : sql`(${o.line}::int, ${o.person.email.toLowerCase()}::text, null::text)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update activist_import_rows r set email = v.email, reason = v.reason
        from (values ${lines}) as v(line, email, reason)
        where r.import_id = ${importId} and r.line = v.line`);
    }
    const more = rows.length === batch;
    const last = rows.at(-1)?.line ?? job.cursor;
    // Done: the accepted rows' data is in `activists` now; only the rejected rows are kept, for their download.
    if (!more)
      await tx
        .delete(activistImportRows)
        .where(and(eq(activistImportRows.importId, importId), isNull(activistImportRows.reason)));
    await tx
      .update(activistImports)
      .set({
        cursor: last,
        imported: sql`${activistImports.imported} + ${imported}`,
        updated: sql`${activistImports.updated} + ${updated}`,
        duplicates: sql`${activistImports.duplicates} + ${duplicates}`,
        rejected: sql`${activistImports.rejected} + ${rejected}`,
        status: more ? 'running' : 'done',
        updatedAt: new Date(),
      })
      .where(eq(activistImports.id, importId));
    return more;
  });
}

/** Works an import through, batch by batch; a retry after a crash resumes at the stored cursor. */
export const activistImportJob = (db: Db) =>
  defineJob({
    name: 'activist-import',
    payload: z.object({ importId: z.number().int().positive() }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    handle: async ({ importId }) => {
      while (await runImportBatch(db, importId)) {
        // One batch per transaction: other requests are served in between.
      }
    },
  });

/** The reason of a rejected line in the caller's language. */
export function reasonText(locale: Locale, reason: string) {
  const [key = '', field] = reason.split(':');
  const base = translate(locale, `activists.importReason_${key}`);
  return field ? `${base} (${translate(locale, `activists.importField_${field}`)})` : base;
}

/** The rejected lines as CSV, in line order, a batch at a time: the line, the reason, then the row as it came. */
export async function* rejectedCsv(db: Db, found: ImportRow, locale: Locale): AsyncGenerator<string> {
  yield CSV_BOM +
    csvLine([translate(locale, 'activists.importLine'), translate(locale, 'activists.importReason'), ...found.header]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ line: activistImportRows.line, cells: activistImportRows.cells, reason: activistImportRows.reason })
      .from(activistImportRows)
      .where(
        and(
          eq(activistImportRows.importId, found.id),
          gt(activistImportRows.line, after),
          isNotNull(activistImportRows.reason),
        ),
      )
      .orderBy(asc(activistImportRows.line))
      .limit(2000);
    if (!rows.length) return;
    let chunk = '';
    for (const r of rows) chunk += csvLine([r.line, reasonText(locale, r.reason ?? ''), ...r.cells]);
    yield chunk;
    after = rows.at(-1)?.line ?? after;
    if (rows.length < 2000) return;
  }
}
