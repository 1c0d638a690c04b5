import {
  ACTION_DEFINITIONS,
  type ActionKind,
  type ActivistFilter,
  spreadsheetDateTime,
  type TimeZone,
  translate,
} from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { countedCondition } from '../actions/sources';
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

/**
 * Everything the community holds about one person (LGPD access): their row and every action with what they gave in
 * it, each with its page. What the platform holds elsewhere (mail sent to them) is summarised by count.
 */
export async function personalData(db: Db, communityId: number, activistId: number) {
  const person = await findActivist(db, communityId, activistId);
  const [formEntries, pressures, phoneCalls, donations, subscriptions, consents, mail] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select e.id, e.created_at, e.mobilization_id, m.name as mobilization_name, e.widget_id, e.fields
          from form_entries e left join mobilizations m on m.id = e.mobilization_id
          where e.activist_id = ${activistId} order by e.created_at`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      // E-mail pressures; a phone visit's calls are below, each with its outcome.
      sql`select p.id, p.created_at, p.mobilization_id, m.name as mobilization_name, p.widget_id, p.form_data,
            p.targets, p.mail
          from activist_pressures p left join mobilizations m on m.id = p.mobilization_id
          where p.activist_id = ${activistId} and ${countedCondition('pressure', 'p')} order by p.created_at`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select c.id, c.created_at, c.widget_id, c."from", c."to", c.status from twilio_calls c
          where c.activist_id = ${activistId} order by c.created_at`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select d.id, d.created_at, d.mobilization_id, m.name as mobilization_name, d.widget_id, d.amount,
            d.payment_method, d.status, d.customer
          from donations d left join mobilizations m on m.id = d.mobilization_id
          where d.activist_id = ${activistId} order by d.created_at`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select s.id, s.created_at, s.amount, s.period, s.status, s.customer, s.canceled_at
          from subscriptions s where s.activist_id = ${activistId} order by s.created_at`,
    ),
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
  return {
    activist: presentActivist(person),
    form_entries: dated(formEntries),
    pressures: dated(pressures),
    phone_calls: dated(phoneCalls),
    donations: dated(donations),
    subscriptions: dated(subscriptions),
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
  const kind = (k: ActionKind) => translate(locale, ACTION_DEFINITIONS[k].label);
  for (const r of data.form_entries) out += line(kind('form'), r, r.fields);
  for (const r of data.pressures) out += line(kind('pressure'), r, { ...(r.form_data as object), targets: r.targets });
  for (const r of data.phone_calls)
    out += line(kind('pressure-phone'), r, { from: r.from, to: r.to, status: r.status });
  for (const r of data.donations)
    out += line(kind('donation'), r, { amount: r.amount, status: r.status, customer: r.customer });
  for (const r of data.subscriptions)
    out += line(kind('donation'), r, { amount: r.amount, period: r.period, status: r.status });
  for (const r of data.consents)
    out += csvLine([
      h('csvConsent'),
      local(r.created_at, timeZone),
      r.page_url,
      JSON.stringify({ text: r.text, locale: r.locale }),
    ]);
  return out;
}
