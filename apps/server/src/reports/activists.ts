import { type Locale, translate } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activistPressures, activists, donations, formEntries } from '../db/schema';
import { type CopyOut, copyCsv, utcSecondsSql } from './copy';
import { utcSeconds } from './donations';
import { EXPORT_BATCH, keysetCsv, pinnedBatch } from './keyset';

/*
 * The community's activist reports (spec 01 §7 `activists.csv` and `activist_actions.csv`), streamed like the other
 * exports: keyset batches read through indexes that serve their order, one batch in hand at a time.
 */

const t = (locale: Locale, column: string) => translate(locale, `communityReports.${column}`);

interface ActivistRow {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  first_at: string | null;
  last_at: string | null;
  forms: number;
  pressures: number;
  donations: number;
}

/** The three counted kinds of action, each with the activist it names and when it was made. */
const ACTION_TABLES = [formEntries, activistPressures, donations] as const;

/**
 * Per activist in `[low, high]`: the actions of one kind, counted, with the first and last time, read as one range of
 * its `activist_id` index and grouped, rather than looked up once per activist.
 */
const summaryOf = (table: (typeof ACTION_TABLES)[number], low: SQL, high: SQL) =>
  sql`(select activist_id, count(*)::int as n, min(created_at) as first_at, max(created_at) as last_at
       from ${table} where activist_id between ${low} and ${high} group by activist_id)`;

/**
 * One batch of the community's activists by `(community_id, id)` (`activists_community_id_idx`), each with its
 * counts and first and last times per kind, summed over the batch's id range (`summaryOf`): the work per batch is
 * the batch's own actions (and those of other communities' activists whose ids fall between), whatever the
 * community's size.
 */
function activistBatch(db: Db, communityId: number, afterId: number) {
  const low = sql`(select min(id) from batch)`;
  const high = sql`(select max(id) from batch)`;
  const [f, p, d] = ACTION_TABLES.map((table) => summaryOf(table, low, high));
  return pinnedBatch<ActivistRow>(
    db,
    sql`
      with batch as materialized (
        select a.id, a.name, a.email, a.phone, a.city
        from ${activists} a
        where (a.community_id, a.id) > (${communityId}, ${afterId}) and a.community_id <= ${communityId}
        order by a.community_id, a.id
        limit ${EXPORT_BATCH})
      select a.id, a.name, a.email, a.phone, a.city,
        (least(f.first_at, p.first_at, d.first_at) at time zone 'UTC')::text as first_at,
        (greatest(f.last_at, p.last_at, d.last_at) at time zone 'UTC')::text as last_at,
        coalesce(f.n, 0) as forms, coalesce(p.n, 0) as pressures, coalesce(d.n, 0) as donations
      from batch a
      left join ${f} f on f.activist_id = a.id
      left join ${p} p on p.activist_id = a.id
      left join ${d} d on d.activist_id = a.id
      order by a.id`,
  );
}

/**
 * The whole report as one query for COPY (PostgreSQL): the community's activists in id order, each kind of action
 * grouped by activist once over the community's activists, joined by id. Same rows and cells as the batches.
 */
function activistsCopyQuery(communityId: number) {
  const community = Number(communityId);
  const summary = (table: string) =>
    `(select activist_id, count(*) as n, min(created_at) as first_at, max(created_at) as last_at
      from ${table} where activist_id in (select id from activists where community_id = ${community})
      group by activist_id)`;
  return `
    select a.id, a.name, a.email, a.phone, a.city,
      ${utcSecondsSql('least(f.first_at, p.first_at, d.first_at)')} as first_at,
      ${utcSecondsSql('greatest(f.last_at, p.last_at, d.last_at)')} as last_at,
      coalesce(f.n, 0) as forms, coalesce(p.n, 0) as pressures, coalesce(d.n, 0) as donations
    from activists a
    left join ${summary('form_entries')} f on f.activist_id = a.id
    left join ${summary('activist_pressures')} p on p.activist_id = a.id
    left join ${summary('donations')} d on d.activist_id = a.id
    where a.community_id = ${community}
    order by a.id`;
}

/**
 * One row per activist of the community, in the order they arrived (by id): who they are, their first and last
 * action, and how many form entries, pressures and donations (every charge, whatever its state) they made. An
 * activist with no action left (a removed page takes its entries) is still listed, with zeros.
 */
export function activistsCsv(
  db: Db,
  communityId: number,
  locale: Locale,
  copyOut?: CopyOut,
): AsyncGenerator<string | Buffer> {
  const header = [
    t(locale, 'colId'),
    t(locale, 'colName'),
    t(locale, 'colEmail'),
    t(locale, 'colPhone'),
    t(locale, 'colCity'),
    t(locale, 'colFirstAction'),
    t(locale, 'colLastAction'),
    t(locale, 'colForms'),
    t(locale, 'colPressures'),
    t(locale, 'colDonations'),
  ];
  if (copyOut) return copyCsv(copyOut, header, activistsCopyQuery(communityId));
  return keysetCsv(
    header,
    (afterId) => activistBatch(db, communityId, afterId),
    (r) => [
      r.id,
      r.name,
      r.email,
      r.phone,
      r.city,
      utcSeconds(r.first_at),
      utcSeconds(r.last_at),
      r.forms,
      r.pressures,
      r.donations,
    ],
  );
}
