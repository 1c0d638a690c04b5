import {
  ACTION_DEFINITIONS,
  ACTION_KINDS,
  type ActivistFilter,
  spreadsheetDateTime,
  type TimeZone,
  translate,
} from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { actionData } from '../actions/registry';
import type { Db } from '../db/client';
import { CSV_BOM, csvLine } from '../reports/csv';
import { EXPORT_BATCH, keysetCsv } from '../reports/keyset';
import type { ReportReader } from '../reports/reader';
import { filterConditions } from './filter';
import type { ActivistRow } from './list';
import { findActivist, presentActivist } from './people';

const rowsOf = async <R>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
/** A time as the CSV files write it: in the community's zone, which the header names. */
const local = (v: unknown, timeZone: TimeZone) => (v ? spreadsheetDateTime(v as string, timeZone) : '');

/**
 * The people a filter set matches, as CSV: streamed in id order, one batch of 2,000 in hand at a time, like the
 * other exports. Columns in the caller's language.
 */
export function activistsCsv(db: Db, communityId: number, filter: ActivistFilter, { locale, timeZone }: ReportReader) {
  const h = (key: string) => translate(locale, `activists.${key}`, { zone: timeZone });
  const header = [
    h('columnName'),
    h('csvFirstName'),
    h('csvLastName'),
    h('columnEmail'),
    h('columnPhone'),
    h('columnCity'),
    h('columnTags'),
    h('columnActions'),
    h('csvLastAction'),
    h('csvCreated'),
  ];
  const filtered = filterConditions(filter, communityId);
  type Row = Omit<ActivistRow, 'gender' | 'sort_key'>;
  return keysetCsv<Row>(
    header,
    (afterId) =>
      rowsOf<Row>(
        db,
        sql`select a.id, a.name, a.first_name, a.last_name, a.email, a.phone, a.city, a.tags, a.actions_count,
              a.last_action_at, a.created_at
            from activists a
            where a.community_id = ${communityId} and a.id > ${afterId}${filtered ? sql` and ${filtered}` : sql``}
            order by a.id limit ${EXPORT_BATCH}`,
      ),
    (r) => [
      r.name,
      r.first_name,
      r.last_name,
      r.email,
      r.phone,
      r.city,
      (r.tags ?? []).join(', '),
      r.actions_count,
      r.last_action_at === null ? '' : local(r.last_action_at, timeZone),
      local(r.created_at, timeZone),
    ],
  );
}

/** Every section of the export that holds actions, with the kind it is shown as (`actions/kinds/`). */
const SECTIONS = ACTION_KINDS.flatMap((kind) => actionData(kind).personalData.map((section) => ({ kind, section })));

/**
 * Everything the community holds about one person (LGPD access): their row and every action with what they gave in
 * it, each with its page, one section per table as each kind declares it; their consents; and what the platform holds
 * elsewhere (mail sent to them) summarised by count.
 */
export async function personalData(db: Db, communityId: number, activistId: number) {
  const person = await findActivist(db, communityId, activistId);
  const [sections, consents, mail] = await Promise.all([
    Promise.all(SECTIONS.map(({ section }) => rowsOf<Record<string, unknown>>(db, section.query(activistId)))),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select c.id, c.created_at, c.source, c.action_id, c.mobilization_id, c.page_url, c.text, c.locale
          from activist_consents c where c.activist_id = ${activistId} order by c.created_at, c.id`,
    ),
    rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from outbox
          where community_id = ${communityId} and (lower(to_address) = lower(${person.email})
            or lower(reply_to) = lower(${person.email}))`,
    ),
  ]);
  const dated = (rows: Record<string, unknown>[]): Record<string, unknown>[] =>
    rows.map((r) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) }));
  const actions: Record<string, Record<string, unknown>[]> = {};
  SECTIONS.forEach(({ section }, i) => {
    actions[section.key] = dated(sections[i] ?? []);
  });
  return {
    activist: presentActivist(person),
    ...actions,
    consents: dated(consents).map((c): Record<string, unknown> => ({ ...c, action_id: Number(c.action_id) })),
    emails: { count: Number(mail[0]?.count ?? 0) },
  };
}

export type PersonalData = Awaited<ReturnType<typeof personalData>>;

/** The same data as CSV: the person's fields, then one line per action with what was given in it. */
export function personalDataCsv(data: PersonalData, { locale, timeZone }: ReportReader): string {
  const h = (key: string) => translate(locale, `activists.${key}`, { zone: timeZone });
  const a = data.activist;
  let out = CSV_BOM + csvLine([h('csvField'), h('csvValue')]);
  for (const [field, value] of [
    [h('columnName'), a.name],
    [h('columnEmail'), a.email],
    [h('columnPhone'), a.phone],
    [h('columnCity'), a.city],
    [h('columnTags'), a.tags.join(', ')],
    [h('csvCreated'), local(a.created_at, timeZone)],
  ] as const)
    out += csvLine([field, value]);
  out += '\r\n';
  out += csvLine([h('csvKind'), h('csvWhen'), h('csvPage'), h('csvDetails')]);
  const line = (kind: string, r: Record<string, unknown>, details: unknown) =>
    csvLine([kind, local(r.created_at, timeZone), r.mobilization_name ?? '', JSON.stringify(details)]);
  // The sections' keys are the kinds' (`personalData` spreads them in).
  const byKey = data as unknown as Record<string, Record<string, unknown>[] | undefined>;
  for (const { kind, section } of SECTIONS) {
    const label = translate(locale, ACTION_DEFINITIONS[kind].label);
    for (const r of byKey[section.key] ?? []) out += line(label, r, section.details(r));
  }
  for (const r of data.consents)
    out += csvLine([
      h('csvConsent'),
      local(r.created_at, timeZone),
      r.page_url,
      JSON.stringify({ text: r.text, locale: r.locale }),
    ]);
  return out;
}
