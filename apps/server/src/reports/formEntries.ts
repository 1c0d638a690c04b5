import { inputFields, type Locale, parseFormFields, translate } from '@mutirao/core';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activists, formEntries, type Widget, widgets } from '../db/schema';
import { CSV_BOM, csvLine, csvTimestamp } from './csv';

/** Rows per query: big enough to keep the round trips few, small enough that PGlite serves others in between. */
export const EXPORT_BATCH = 2000;

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

/** One batch after the given entry id, in id order (the `form_entries_widget_id_idx` keyset), with the activist. */
function batchAfter(db: Db, widgetId: number, afterId: number) {
  return db
    .select({
      id: formEntries.id,
      fields: formEntries.fields,
      createdAt: formEntries.createdAt,
      name: activists.name,
      email: activists.email,
      phone: activists.phone,
    })
    .from(formEntries)
    .leftJoin(activists, eq(activists.id, formEntries.activistId))
    .where(and(eq(formEntries.widgetId, widgetId), gt(formEntries.id, afterId)))
    .orderBy(asc(formEntries.id))
    .limit(EXPORT_BATCH);
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
  let afterId = 0;
  for (;;) {
    const rows = await batchAfter(db, widget.id, afterId);
    const last = rows.length < EXPORT_BATCH;
    if (last) await db.update(widgets).set({ exportedAt: new Date() }).where(eq(widgets.id, widget.id));
    let chunk = '';
    for (const row of rows) {
      const values = new Map<string, unknown>();
      if (Array.isArray(row.fields))
        for (const f of row.fields as EntryField[]) if (f && typeof f === 'object') values.set(keyOf(f), f.value);
      chunk += csvLine([
        ...columns.map((c) => values.get(c.key)),
        row.name,
        row.email,
        row.phone,
        csvTimestamp(row.createdAt),
      ]);
    }
    if (chunk) yield chunk;
    if (last) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}
