import { ACTION_KINDS, type ActionKind, translate } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { ACTION_DATA } from '../actions/registry';
import { countedCondition } from '../actions/sources';
import type { Db } from '../db/client';
import { activists } from '../db/schema';
import { type CopyOut, copyCsv, sqlText } from './copy';
import { EXPORT_BATCH, keysetCsv, pinnedBatch } from './keyset';
import { type ReportReader, seconds, zonedSecondsSql, zonedText } from './reader';

/*
 * The community's activist reports (spec 01 §7 `activists.csv` and `activist_actions.csv`), streamed like the other
 * exports: keyset batches read through indexes that serve their order, one batch in hand at a time.
 */

type Counts = Record<ActionKind, number>;

interface ActivistRow extends Counts {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  first_at: string | null;
  last_at: string | null;
}

/** Each kind's alias in the queries (`k0`, `k1`…, in core's order of kinds); its count is the column named as it. */
const alias = (kind: ActionKind) => `k${ACTION_KINDS.indexOf(kind)}`;

/** The actions of one kind that count, of the activists the `who` condition keeps, grouped by activist. */
const summaryOf = (kind: ActionKind, who: SQL) =>
  sql`(select x.activist_id, count(*)::int as n, min(x.created_at) as first_at, max(x.created_at) as last_at
       from ${sql.raw(ACTION_DATA[kind].table)} x
       where ${who} and ${countedCondition(kind)} group by x.activist_id)`;

/** The select list over the summaries (one per kind): each kind's count, the first and last action. */
function summaryColumns(zoned: (column: string) => SQL) {
  const all = (column: string) => ACTION_KINDS.map((k) => `${alias(k)}.${column}`).join(', ');
  return sql`${zoned(`least(${all('first_at')})`)} as first_at, ${zoned(`greatest(${all('last_at')})`)} as last_at,
    ${sql.raw(ACTION_KINDS.map((k) => `coalesce(${alias(k)}.n, 0) as "${k}"`).join(', '))}`;
}

const joinsOf = (summary: (kind: ActionKind) => SQL) =>
  sql.join(
    ACTION_KINDS.map(
      (k) => sql`left join ${summary(k)} ${sql.raw(alias(k))} on ${sql.raw(alias(k))}.activist_id = a.id`,
    ),
    sql` `,
  );

/**
 * One batch of the community's activists by `(community_id, id)` (`activists_community_id_idx`), each with its
 * counts and first and last times per kind, summed over the batch's id range (`summaryOf`): the work per batch is
 * the batch's own actions (and those of other communities' activists whose ids fall between), whatever the
 * community's size.
 */
function activistBatch(db: Db, communityId: number, afterId: number, { timeZone }: ReportReader) {
  const range = sql`x.activist_id between (select min(id) from batch) and (select max(id) from batch)`;
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
        ${summaryColumns((column) => zonedText(sql.raw(column), timeZone))}
      from batch a ${joinsOf((kind) => summaryOf(kind, range))}
      order by a.id`,
  );
}

/**
 * The whole report as one query for COPY (PostgreSQL): the community's activists in id order, each kind of action
 * grouped by activist once over the community's activists, joined by id. Same rows and cells as the batches.
 */
function activistsCopyQuery(communityId: number, { timeZone }: ReportReader) {
  const community = Number(communityId);
  const who = sql.raw(`x.activist_id in (select id from activists where community_id = ${community})`);
  return sqlText(sql`
    select a.id, a.name, a.email, a.phone, a.city,
      ${summaryColumns((column) => sql.raw(zonedSecondsSql(column, timeZone)))}
    from activists a ${joinsOf((kind) => summaryOf(kind, who))}
    where a.community_id = ${sql.raw(String(community))}
    order by a.id`);
}

/**
 * One row per activist of the community, in the order they arrived (by id): who they are, their first and last
 * action, and how many actions of each kind they took, as core's `actions/definitions.ts` counts them (form entries,
 * e-mail pressures, completed calls, paid donations: a refused payment is no donation). An activist with no action
 * left (a removed page takes its entries) or none yet (only an attempt) is still listed, with zeros.
 */
export function activistsCsv(
  db: Db,
  communityId: number,
  reader: ReportReader,
  copyOut?: CopyOut,
): AsyncGenerator<string | Buffer> {
  const t = (column: string) => translate(reader.locale, `communityReports.${column}`, { zone: reader.timeZone });
  const header = [
    t('colId'),
    t('colName'),
    t('colEmail'),
    t('colPhone'),
    t('colCity'),
    t('colFirstAction'),
    t('colLastAction'),
    ...ACTION_KINDS.map((kind) => translate(reader.locale, ACTION_DATA[kind].reportColumn)),
  ];
  if (copyOut) return copyCsv(copyOut, header, activistsCopyQuery(communityId, reader));
  return keysetCsv(
    header,
    (afterId) => activistBatch(db, communityId, afterId, reader),
    (r) => [
      r.id,
      r.name,
      r.email,
      r.phone,
      r.city,
      seconds(r.first_at),
      seconds(r.last_at),
      ...ACTION_KINDS.map((k) => r[k]),
    ],
  );
}
