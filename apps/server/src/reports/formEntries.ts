import { inputFields, type Locale, parseFormFields, type TimeZone, translate } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activists, formEntries, type Widget, widgets } from '../db/schema';
import { type CopyOut, copyCsv, sqlString } from './copy';
import { CSV_BOM, csvLine } from './csv';
import { EXPORT_BATCH, pinnedBatch } from './keyset';
import { type ReportReader, seconds, zonedSecondsSql, zonedText } from './reader';

export { EXPORT_BATCH };

interface Column {
  /** The field's uid; `label:<label>` for old entries whose fields carry no uid. */
  key: string;
  header: string;
}

type EntryField = { uid?: unknown; label?: unknown; value?: unknown };
const keyOf = (f: EntryField) => (typeof f.uid === 'string' && f.uid ? f.uid : `label:${String(f.label ?? '')}`);

/**
 * Fields that entries hold but the widget no longer has (removed from the form since): found in one pass in the
 * database, in the order they first appeared (entry, then position in it), named by their latest label. An entry laid
 * out as just the current fields in order (its `layout`, kept at write time: most of them) is not taken apart. Their
 * values get columns of their own after the current fields, so nothing an activist sent silently disappears from the
 * report.
 */
async function removedFields(db: Db, widgetId: number, currentKeys: string[]): Promise<Column[]> {
  const result = (await db.execute(sql`
    select coalesce(f->>'uid', 'label:' || coalesce(f->>'label', '')) as key,
           (array_agg(f->>'label' order by e.id desc))[1] as label
    from ${formEntries} e
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(e.fields) = 'array' then e.fields else '[]'::jsonb end) with ordinality as x(f, position)
    where e.widget_id = ${widgetId} and e.layout is distinct from ${JSON.stringify(currentKeys)}::jsonb::text
      and jsonb_typeof(f) = 'object'
      and not (${JSON.stringify(currentKeys)}::jsonb ? coalesce(f->>'uid', 'label:' || coalesce(f->>'label', '')))
    group by 1
    order by min(e.id), min(x.position)`)) as unknown as { rows: { key: string; label: string | null }[] };
  return result.rows.map((r) => ({ key: r.key, header: r.label ?? '' }));
}

async function columnsOf(db: Db, widget: Widget, locale: Locale): Promise<Column[]> {
  const current = inputFields(parseFormFields(widget.settings.fields)).map((f) => ({ key: f.uid, header: f.label }));
  const removed = await removedFields(
    db,
    widget.id,
    current.map((c) => c.key),
  );
  return [
    ...current,
    ...removed.map((c) => ({ ...c, header: translate(locale, 'formEntries.csvRemovedField', { label: c.header }) })),
  ];
}

interface ExportRow {
  id: number;
  fields: unknown;
  created_at: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  origin: string | null;
}

/**
 * One batch after the given entry id, in id order, with the activist, its plan pinned (`pinnedBatch`): the activist
 * is a lateral lookup by primary key, and the keyset over `(widget_id, id)` is served by `form_entries_widget_id_idx`.
 * Plain SQL, with the entry's fields and time as text: parsing JSON and slicing a timestamp here costs less than
 * either driver's own conversions (PGlite's especially).
 */
function batchAfter(db: Db, widgetId: number, afterId: number, timeZone: TimeZone): Promise<ExportRow[]> {
  return pinnedBatch<ExportRow>(
    db,
    sql`
      select e.id, e.fields::text as fields, ${zonedText(sql`e.created_at`, timeZone)} as created_at,
             a.name, a.email, a.phone, e.origin
      from ${formEntries} e
      left join lateral (select name, email, phone from ${activists} where id = e.activist_id) a on true
      where (e.widget_id, e.id) > (${widgetId}, ${afterId}) and e.widget_id <= ${widgetId}
      order by e.widget_id, e.id
      limit ${EXPORT_BATCH}`,
  );
}

/** The cells of one entry: its values in column order (by uid), then the activist and the time. */
function entryLine(row: ExportRow, columnIndex: Map<string, number>, width: number, ourPage: string): string {
  const cells: unknown[] = new Array(width + 5);
  const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as unknown) : row.fields;
  if (Array.isArray(fields))
    for (const f of fields as EntryField[]) {
      const index = f && typeof f === 'object' ? columnIndex.get(keyOf(f)) : undefined;
      if (index !== undefined) cells[index] = f.value;
    }
  cells[width] = row.name;
  cells[width + 1] = row.email;
  cells[width + 2] = row.phone;
  cells[width + 3] = seconds(row.created_at);
  cells[width + 4] = row.origin ?? ourPage;
  return csvLine(cells);
}

/** The key `keyOf` gives an element of an entry's fields, in SQL (`f` one element); NULL for an element it skips. */
const KEY_OF = `case jsonb_typeof(f)
  when 'object' then case when jsonb_typeof(f->'uid') = 'string' and f->>'uid' <> '' then f->>'uid'
    else 'label:' || coalesce(case when jsonb_typeof(f->'label') = 'string' then f->>'label'
      else csv_js_text(f->'label') end, '') end
  when 'array' then 'label:' end`;

/**
 * The value an entry gives a column, as `entryLine` picks it: the last element of the fields with that key (an
 * element without a value gives none, even after one with a value). A uid is found by a JSON path; a `label:` key,
 * which depends on how the label reads as text, by walking the elements.
 */
function pickSql(key: string) {
  // `keyOf` never gives '' (an empty uid is known by its label), though `removedFields` may make a column of it.
  if (!key) return 'null::jsonb';
  if (!key.startsWith('label:')) {
    const path = `strict $[*] ? (@.uid == ${JSON.stringify(key)})`;
    return `jsonb_path_query_array(e.fields, ${sqlString(path)}) -> -1 -> 'value'`;
  }
  return `(select f->'value' from jsonb_array_elements(e.fields) with ordinality as x(f, i)
    where (${KEY_OF}) = ${sqlString(key)} order by i desc limit 1)`;
}

/**
 * The whole export as one query for COPY, in id order. Entries sent through the form hold exactly the widget's current
 * fields in order, each with a string value; PostgreSQL keeps that shape as each entry's `layout` when it is written
 * (migration 0031), so such a row is known by one comparison, takes its values by position as text, which costs next
 * to nothing, and has nothing for the removed fields. Any other row (an old entry of a form changed since, one from
 * the API, a value that is not a string) picks each column's value as the batches do, and `csv_js_text` writes it as
 * JavaScript would. No subquery and no `offset 0` step: each cell is computed where the rows are read, in the
 * parallel workers, so the sort carries text cells rather than the entries' JSON.
 */
function copyQuery(widget: Widget, columns: Column[], timeZone: TimeZone, ourPage: string): string {
  const current = inputFields(parseFormFields(widget.settings.fields)).map((f) => f.uid);
  const laidOut =
    current.length > 0 && current.every((uid, i) => columns[i]?.key === uid && uid && !uid.startsWith('label:'));
  // The layout's text as PostgreSQL writes it, folded to a constant when the query is planned.
  const layout = `${sqlString(JSON.stringify(current))}::jsonb::text`;
  const picked = (key: string) => `csv_js_text(case when jsonb_typeof(e.fields) = 'array' then ${pickSql(key)} end)`;
  const cell = (column: Column, i: number) =>
    laidOut
      ? `case when e.layout = ${layout} then ${i < current.length ? `e.fields->${i}->>'value'` : 'null'}
        else ${picked(column.key)} end`
      : picked(column.key);
  return `
    select ${columns.map((c, i) => `${cell(c, i)}, `).join('')}a.name, a.email, a.phone,
      ${zonedSecondsSql('e.created_at', timeZone)} as created_at, coalesce(e.origin, ${sqlString(ourPage)}) as origin
    from form_entries e
    left join activists a on a.id = e.activist_id
    where e.widget_id = ${Number(widget.id)}
    order by e.id`;
}

/**
 * The form-entries report of one widget as CSV text, produced batch by batch straight from the database, so memory
 * stays flat however many entries there are: a BOM and the header row (one column per field label, then the
 * activist's name, e-mail and phone, the time of the entry and where it was sent from: the embedding site's origin,
 * or the catalogue's 'Página da mobilização'), then one row per entry. `exported_at` is recorded
 * just before the last chunk, so a client that has the whole file also sees the new date; it does not touch the
 * public page's cache (the widgets trigger ignores that column).
 */
export async function* formEntriesCsv(
  db: Db,
  widget: Widget,
  { locale, timeZone }: ReportReader,
  copyOut?: CopyOut,
): AsyncGenerator<string | Buffer> {
  const columns = await columnsOf(db, widget, locale);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const header = [
    ...columns.map((c) => c.header),
    t('formEntries.csvActivistName'),
    t('formEntries.csvActivistEmail'),
    t('formEntries.csvActivistPhone'),
    translate(locale, 'formEntries.csvCreatedAt', { zone: timeZone }),
    t('embedOrigins.originColumn'),
  ];
  // Where the entry was sent from: the embedding site's origin, or the page itself.
  const ourPage = t('embedOrigins.ourPage');
  const recordExport = () => db.update(widgets).set({ exportedAt: new Date() }).where(eq(widgets.id, widget.id));
  if (copyOut) {
    yield* copyCsv(copyOut, header, copyQuery(widget, columns, timeZone, ourPage), recordExport);
    return;
  }
  yield CSV_BOM + csvLine(header);
  const columnIndex = new Map(columns.map((c, i) => [c.key, i]));
  let afterId = 0;
  for (;;) {
    const rows = await batchAfter(db, widget.id, afterId, timeZone);
    const last = rows.length < EXPORT_BATCH;
    if (last) await recordExport();
    let chunk = '';
    for (const row of rows) chunk += entryLine(row, columnIndex, columns.length, ourPage);
    if (chunk) yield chunk;
    if (last) return;
    afterId = Number(rows[rows.length - 1]?.id ?? afterId);
  }
}
