import { type Locale, translate } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activistPressures, activists, donations, formEntries } from '../db/schema';
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

/**
 * One batch of the community's activists by `(community_id, id)` (`activists_community_id_idx`), each with its
 * counts and first and last times per kind as lateral lookups through the `activist_id` indexes: the work per batch
 * is the batch's own actions, whatever the community's size.
 */
function activistBatch(db: Db, communityId: number, afterId: number) {
  const summary = (table: typeof formEntries | typeof activistPressures | typeof donations) =>
    sql`(select count(*)::int as n, min(created_at) as first_at, max(created_at) as last_at
         from ${table} where activist_id = a.id)`;
  return pinnedBatch<ActivistRow>(
    db,
    sql`
      select a.id, a.name, a.email, a.phone, a.city,
        (least(f.first_at, p.first_at, d.first_at) at time zone 'UTC')::text as first_at,
        (greatest(f.last_at, p.last_at, d.last_at) at time zone 'UTC')::text as last_at,
        f.n as forms, p.n as pressures, d.n as donations
      from ${activists} a
      cross join lateral ${summary(formEntries)} f
      cross join lateral ${summary(activistPressures)} p
      cross join lateral ${summary(donations)} d
      where (a.community_id, a.id) > (${communityId}, ${afterId}) and a.community_id <= ${communityId}
      order by a.community_id, a.id
      limit ${EXPORT_BATCH}`,
  );
}

/**
 * One row per activist of the community, in the order they arrived (by id): who they are, their first and last
 * action, and how many form entries, pressures and donations (every charge, whatever its state) they made. An
 * activist with no action left (a removed page takes its entries) is still listed, with zeros.
 */
export function activistsCsv(db: Db, communityId: number, locale: Locale): AsyncGenerator<string> {
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
