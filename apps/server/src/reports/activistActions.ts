import { type Locale, translate } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activistPressures, activists, donations, formEntries, mobilizations, widgets } from '../db/schema';
import { utcSeconds } from './donations';
import { EXPORT_BATCH, keysetCsvBy, pinnedBatch } from './keyset';

/** The kinds of action, in the order that breaks a tie between two actions of the same microsecond. */
const KINDS = ['form', 'pressure', 'donation'] as const;
type ActionKind = (typeof KINDS)[number];

/** Where the last batch ended: the action's time (UTC text, to the microsecond), its kind's rank and its id. */
interface Position {
  at: string;
  rank: number;
  id: number;
}

const MAX_ID = 2_147_483_647;

/**
 * The `(created_at, id)` bound of one kind's rows after a position ordered by `(created_at, rank, id)`: a kind
 * ranked before the position's starts after its time, a kind ranked after it at its time, the same kind after its id.
 */
function boundOf(rank: number, after: Position | undefined) {
  if (!after) return { at: '-infinity', id: 0 };
  return { at: after.at, id: rank < after.rank ? MAX_ID : rank > after.rank ? 0 : after.id };
}

interface ActionRow {
  rank: number;
  id: number;
  at: string;
  mobilization_id: number | null;
  page: string | null;
  widget_id: number | null;
  widget_kind: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
}

/**
 * One batch of the community's actions in time order, merged from the three kinds. Form entries and pressures carry
 * no community: each of the community's pages gives its next rows through `(mobilization_id, created_at, id)`
 * (a lateral per page), donations theirs through `(community_id, created_at, id)`; only those few rows per page are
 * sorted. A batch therefore reads at most one batch per page and kind, not the rest of the community's actions.
 */
function actionBatch(db: Db, communityId: number, after: Position | undefined) {
  const [form, pressure, donation] = KINDS.map((_, rank) => boundOf(rank, after));
  if (!form || !pressure || !donation) throw new Error('unreachable');
  const fromPages = (table: typeof formEntries | typeof activistPressures, rank: number, bound: typeof form) => sql`
    select ${rank}::int as rank, x.id, x.created_at, x.mobilization_id, x.widget_id, x.activist_id, null::jsonb as customer
    from ${mobilizations} m
    cross join lateral (
      select id, created_at, mobilization_id, widget_id, activist_id from ${table}
      where mobilization_id = m.id
        and (created_at, id) > (${bound.at}::timestamp at time zone 'UTC', ${bound.id}::int)
      order by created_at, id
      limit ${EXPORT_BATCH}) x
    where m.community_id = ${communityId}`;
  return pinnedBatch<ActionRow>(
    db,
    sql`
      select x.rank, x.id, (x.created_at at time zone 'UTC')::text as at, x.mobilization_id, m.name as page,
        x.widget_id, w.kind as widget_kind,
        coalesce(a.name, nullif(x.customer->>'name', '')) as name,
        coalesce(a.email, nullif(x.customer->>'email', '')) as email,
        coalesce(a.phone, nullif(concat_ws(' ', x.customer->'phone'->>'ddd', x.customer->'phone'->>'number'), ''))
          as phone,
        coalesce(a.city, nullif(x.customer->'address'->>'city', '')) as city
      from (
        select * from (
          ${fromPages(formEntries, 0, form)}
          union all
          ${fromPages(activistPressures, 1, pressure)}
          union all
          (select 2, d.id, d.created_at, d.mobilization_id, d.widget_id, d.activist_id, d.customer
           from ${donations} d
           where (d.community_id, d.created_at, d.id)
               > (${communityId}, ${donation.at}::timestamp at time zone 'UTC', ${donation.id}::int)
             and d.community_id <= ${communityId}
           order by d.community_id, d.created_at, d.id
           limit ${EXPORT_BATCH})
        ) u
        order by u.created_at, u.rank, u.id
        limit ${EXPORT_BATCH}) x
      left join lateral (select name from ${mobilizations} where id = x.mobilization_id) m on true
      left join lateral (select kind from ${widgets} where id = x.widget_id) w on true
      left join lateral (select name, email, phone, city from ${activists} where id = x.activist_id) a on true
      order by x.created_at, x.rank, x.id`,
  );
}

/** A widget kind's name from the catalogue; the code itself for a kind it does not name. */
function widgetKindLabel(locale: Locale, kind: string | null) {
  if (!kind) return '';
  const key = `widgets.kinds.${kind}`;
  const text = translate(locale, key);
  return text === key ? kind : text;
}

/**
 * Every action of the community (form entries, e-mail pressures and donation charges), oldest first, with the
 * activist (for a donation without one, the donor as given at checkout), the page and the widget. Actions of
 * removed widgets stay (a donation keeps its row with the page and widget cleared).
 */
export function activistActionsCsv(db: Db, communityId: number, locale: Locale): AsyncGenerator<string> {
  const col = (column: string) => translate(locale, `communityReports.${column}`);
  const header = [
    col('colActionAt'),
    col('colKind'),
    col('colName'),
    col('colEmail'),
    col('colPhone'),
    col('colCity'),
    col('colMobilizationId'),
    col('colMobilization'),
    col('colWidgetId'),
    col('colWidgetKind'),
  ];
  const kindLabel = (rank: number) => col(`kind.${KINDS[rank] as ActionKind}`);
  return keysetCsvBy(
    header,
    (after: Position | undefined) => actionBatch(db, communityId, after),
    (r) => [
      utcSeconds(r.at),
      kindLabel(r.rank),
      r.name,
      r.email,
      r.phone,
      r.city,
      r.mobilization_id,
      r.page,
      r.widget_id,
      widgetKindLabel(locale, r.widget_kind),
    ],
    (r) => ({ at: r.at, rank: r.rank, id: r.id }),
  );
}
