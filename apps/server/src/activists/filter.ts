import { type ActionKind, type ActivistFilter, PERIOD_DAYS } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Every action people took on the community's pages, as one relation: `(activist_id, kind, mobilization_id,
 * widget_id, created_at, id, source)`, `source` naming the table `id` belongs to. Phone pressure (twilio_calls) counts as pressure and finds its page through its
 * widget's block; a subscription's later charges are not actions (their widget is null). Only the branches of the
 * kinds asked for are included.
 */
export function actionsRelation(kinds: readonly ActionKind[] = ['form', 'pressure', 'donation']): SQL {
  const branches: SQL[] = [];
  if (kinds.includes('form'))
    branches.push(sql`select e.activist_id, 'form'::text as kind, e.mobilization_id, e.widget_id, e.created_at, e.id,
      'form_entries'::text as source from form_entries e`);
  if (kinds.includes('pressure'))
    branches.push(
      sql`select p.activist_id, 'pressure'::text as kind, p.mobilization_id, p.widget_id, p.created_at, p.id,
        'activist_pressures'::text as source from activist_pressures p`,
      sql`select c.activist_id, 'pressure'::text as kind, b.mobilization_id, c.widget_id, c.created_at, c.id,
        'twilio_calls'::text as source from twilio_calls c join widgets w on w.id = c.widget_id join blocks b on b.id = w.block_id`,
    );
  if (kinds.includes('donation'))
    branches.push(sql`select d.activist_id, 'donation'::text as kind, d.mobilization_id, d.widget_id, d.created_at, d.id,
      'donations'::text as source from donations d where d.widget_id is not null`);
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/** The start of a preset period, from the database's clock (tests and servers agree on one). */
function periodStart(period: ActivistFilter['period']): SQL | undefined {
  if (period === 'always' || period === 'custom') return undefined;
  if (period === 'today') return sql`date_trunc('day', now())`;
  return sql`now() - make_interval(days => ${PERIOD_DAYS[period]})`;
}

/**
 * The conditions of a filter set on the people table aliased `a`, joined by its operator, with the search text
 * always narrowing. Preset periods read the person's own `last_action_at` (an action since X exists exactly when the
 * latest one is since X); a custom range asks the actions themselves.
 */
export function filterConditions(filter: ActivistFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const hasAction = (where: SQL, kinds?: readonly ActionKind[]) =>
    sql`exists (select 1 from ${actionsRelation(kinds)} u where u.activist_id = a.id and ${where})`;
  if (filter.mobilization_ids?.length) conditions.push(hasAction(sql`u.mobilization_id in ${filter.mobilization_ids}`));
  if (filter.kinds?.length) conditions.push(hasAction(sql`true`, filter.kinds));
  if (filter.tags?.length)
    conditions.push(
      sql`a.tags && ${sql`array[${sql.join(
        filter.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`}`,
    );
  const since = periodStart(filter.period);
  if (since) conditions.push(sql`a.last_action_at >= ${since}`);
  if (filter.period === 'custom' && filter.from) {
    const to = filter.to ? sql`u.created_at < (${filter.to}::date + 1)` : sql`true`;
    conditions.push(hasAction(sql`u.created_at >= ${filter.from}::date and ${to}`));
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
