import { type ActionKind, type ActivistFilter, PERIOD_DAYS } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { actionsRelation } from '../actions/sources';

/** The community's zone, read once per statement (an uncorrelated subquery): its days start at its own midnight. */
const zoneOf = (communityId: number) => sql`(select c.time_zone from communities c where c.id = ${communityId})`;

/** The start of a preset period, from the database's clock (tests and servers agree on one). */
function periodStart(period: ActivistFilter['period'], communityId: number): SQL | undefined {
  if (period === 'always' || period === 'custom') return undefined;
  const zone = zoneOf(communityId);
  if (period === 'today') return sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
  return sql`now() - make_interval(days => ${PERIOD_DAYS[period]})`;
}

/**
 * The conditions of a filter set on the people table aliased `a` (of the community `communityId`), joined by its
 * operator, with the search text always narrowing. Every condition is about actions that count (core's
 * `actions/definitions.ts`: a refused payment makes no donor). Preset periods read the person's own `last_action_at`
 * (an action since X exists exactly when the latest one is since X); a custom range asks the actions themselves, its
 * days from midnight to midnight in the community's zone.
 */
export function filterConditions(filter: ActivistFilter, communityId: number): SQL | undefined {
  const conditions: SQL[] = [];
  const hasAction = (where: SQL, kinds?: readonly ActionKind[]) =>
    sql`exists (select 1 from ${actionsRelation({ kinds })} u where u.activist_id = a.id and ${where})`;
  if (filter.mobilization_ids?.length) conditions.push(hasAction(sql`u.mobilization_id in ${filter.mobilization_ids}`));
  if (filter.kinds?.length) conditions.push(hasAction(sql`true`, filter.kinds));
  if (filter.tags?.length)
    conditions.push(
      sql`a.tags && ${sql`array[${sql.join(
        filter.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`}`,
    );
  const since = periodStart(filter.period, communityId);
  if (since) conditions.push(sql`a.last_action_at >= ${since}`);
  if (filter.period === 'custom' && filter.from) {
    const zone = zoneOf(communityId);
    const to = filter.to ? sql`u.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${zone})` : sql`true`;
    conditions.push(hasAction(sql`u.created_at >= (${filter.from}::date::timestamp at time zone ${zone}) and ${to}`));
  }
  const joined = conditions.length
    ? sql`(${sql.join(conditions, filter.operator === 'or' ? sql` or ` : sql` and `)})`
    : undefined;
  const search = searchCondition(filter.q);
  if (joined && search) return sql`${joined} and ${search}`;
  return joined ?? search;
}

/** Name, e-mail or phone containing the text, without regard to case; a phone matches on its digits. */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  const phone =
    digits.length >= 4 ? sql` or regexp_replace(coalesce(a.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``;
  return sql`(lower(coalesce(a.name, '')) like ${like} or lower(a.email) like ${like}${phone})`;
}
