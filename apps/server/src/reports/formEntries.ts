import { inputFields, type Locale, parseFormFields, translate } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activists, formEntries, type Widget, widgets } from '../db/schema';
import { CSV_BOM, csvLine } from './csv';
import { EXPORT_BATCH, pinnedBatch } from './keyset';

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
 * database, in the order they first appeared (entry, then position in it), named by their latest label. Their values get columns of their own
 * after the current fields, so nothing an activist sent silently disappears from the report.
 */
async function removedFields(db: Db, widgetId: number, currentKeys: string[]): Promise<Column[]> {
  const result = (await db.execute(sql`
    select coalesce(f->>'uid', 'label:' || coalesce(f->>'label', '')) as key,
           (array_agg(f->>'label' order by e.id desc))[1] as label
    from ${formEntries} e
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(e.fields) = 'array' then e.fields else '[]'::jsonb end) with ordinality as x(f, position)
    where e.widget_id = ${widgetId} and jsonb_typeof(f) = 'object'
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
}

/**
 * One batch after the given entry id, in id order, with the activist, its plan pinned (`pinnedBatch`): the activist
 * is a lateral lookup by primary key, and the keyset over `(widget_id, id)` is served by `form_entries_widget_id_idx`.
 * Plain SQL, with the entry's fields and time as text: parsing JSON and slicing a timestamp here costs less than
 * either driver's own conversions (PGlite's especially).
 */
function batchAfter(db: Db, widgetId: number, afterId: number): Promise<ExportRow[]> {
  return pinnedBatch<ExportRow>(
    db,
    sql`
      select e.id, e.fields::text as fields, (e.created_at at time zone 'UTC')::text as created_at,
             a.name, a.email, a.phone
      from ${formEntries} e
      left join lateral (select name, email, phone from ${activists} where id = e.activist_id) a on true
      where (e.widget_id, e.id) > (${widgetId}, ${afterId}) and e.widget_id <= ${widgetId}
      order by e.widget_id, e.id
      limit ${EXPORT_BATCH}`,
  );
}

/** The cells of one entry: its values in column order (by uid), then the activist and the time. */
function entryLine(row: ExportRow, columnIndex: Map<string, number>, width: number): string {
  const cells: unknown[] = new Array(width + 4);
  const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as unknown) : row.fields;
  if (Array.isArray(fields))
    for (const f of fields as EntryField[]) {
      const index = f && typeof f === 'object' ? columnIndex.get(keyOf(f)) : undefined;
      if (index !== undefined) cells[index] = f.value;
    }
  cells[width] = row.name;
  cells[width + 1] = row.email;
  cells[width + 2] = row.phone;
  // 'YYYY-MM-DD HH:MM:SS.ffffff' in UTC: to the second, a shape every spreadsheet reads as a date and time.
  cells[width + 3] = row.created_at.slice(0, 19);
  return csvLine(cells);
}

/**
 * The form-entries report of one widget as CSV text, produced batch by batch straight from the database, so memory
 * stays flat however many entries there are: a BOM and the header row (one column per field label, then the
 * activist's name, e-mail and phone, then the time of the entry), then one row per entry. `exported_at` is recorded
 * just before the last chunk, so a client that has the whole file also sees the new date; it does not touch the
 * public page's cache (the widgets trigger ignores that column).
 */
export async function* formEntriesCsv(db: Db, widget: Widget, locale: Locale): AsyncGenerator<string> {
  const columns = await columnsOf(db, widget, locale);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  yield CSV_BOM +
    csvLine([
      ...columns.map((c) => c.header),
      t('formEntries.csvActivistName'),
      t('formEntries.csvActivistEmail'),
      t('formEntries.csvActivistPhone'),
      t('formEntries.csvCreatedAt'),
    ]);
  const columnIndex = new Map(columns.map((c, i) => [c.key, i]));
  let afterId = 0;
  for (;;) {
    const rows = await batchAfter(db, widget.id, afterId);
    const last = rows.length < EXPORT_BATCH;
    if (last) await db.update(widgets).set({ exportedAt: new Date() }).where(eq(widgets.id, widget.id));
    let chunk = '';
    for (const row of rows) chunk += entryLine(row, columnIndex, columns.length);
    if (chunk) yield chunk;
    if (last) return;
    afterId = Number(rows[rows.length - 1]?.id ?? afterId);
  }
}
