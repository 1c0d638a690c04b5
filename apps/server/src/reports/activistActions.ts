import { ACTION_DEFINITIONS, ACTION_KINDS, type ActionKind, type Locale, translate } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { actionData } from '../actions/registry';
import { countedCondition } from '../actions/sources';
import type { Db } from '../db/client';
import { activists, mobilizations, widgets } from '../db/schema';
import { EXPORT_BATCH, keysetCsvBy, pinnedBatch } from './keyset';
import { type ReportReader, seconds, zonedText } from './reader';

/** The kinds of action, in the order that breaks a tie between two actions of the same microsecond (their rank). */
const KINDS = ACTION_KINDS;
const rankOf = (kind: ActionKind) => KINDS.indexOf(kind);

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
function boundOf(kind: ActionKind, after: Position | undefined) {
  const rank = rankOf(kind);
  if (!after) return sql`('-infinity'::timestamptz, 0)`;
  const id = rank < after.rank ? MAX_ID : rank > after.rank ? 0 : after.id;
  return sql`(${after.at}::timestamp at time zone 'UTC', ${id}::int)`;
}

interface ActionRow {
  rank: number;
  id: number;
  at: string;
  shown_at: string;
  mobilization_id: number | null;
  page: string | null;
  widget_id: number | null;
  widget_kind: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  origin: string | null;
}

/** One kind's next rows after the position, as the batch's union takes them (the kind's table aliased `x`). */
function kindRows(kind: ActionKind, communityId: number, after: Position | undefined) {
  const d = actionData(kind);
  const columns = sql`${rankOf(kind)}::int as rank, x.id, x.created_at, ${d.mobilization} as mobilization_id,
    ${d.widget} as widget_id, x.activist_id, ${d.customer ?? sql`null::jsonb`} as customer, x.origin`;
  const next = sql`(x.created_at, x.id) > ${boundOf(kind, after)} and ${countedCondition(kind)}
    order by x.created_at, x.id limit ${EXPORT_BATCH}`;
  const table = sql.raw(d.table);
  if (d.belongsTo.community)
    return sql`(select ${columns} from ${table} x ${d.joins ?? sql``}
      where ${d.belongsTo.community(sql`${communityId}`)} and ${next})`;
  // A table that names only its page: each of the community's pages gives its next rows.
  return sql`select ${columns}
    from ${mobilizations} m
    cross join lateral (select * from ${table} x where ${d.belongsTo.mobilization(sql`m.id`)} and ${next}) x
    ${d.joins ?? sql``}
    where m.community_id = ${communityId}`;
}

/**
 * One batch of the community's actions that count (core's `actions/definitions.ts`) in time order, merged from every
 * kind. A kind whose table names its community gives its next rows through `(community_id, created_at, id)`; one
 * whose table names only its page (form entries, e-mail pressures), each page its next rows through
 * `(mobilization_id, created_at, id)`; only those few rows are sorted. A batch therefore reads at most one batch per
 * page and kind, not the rest of the community's actions. A row without a person names the one it keeps (a
 * donation's donor as given at checkout).
 */
function actionBatch(db: Db, communityId: number, after: Position | undefined, { timeZone }: ReportReader) {
  return pinnedBatch<ActionRow>(
    db,
    sql`
      select x.rank, x.id, (x.created_at at time zone 'UTC')::text as at,
        ${zonedText(sql`x.created_at`, timeZone)} as shown_at, x.mobilization_id, m.name as page,
        x.widget_id, w.kind as widget_kind,
        coalesce(a.name, nullif(x.customer->>'name', '')) as name,
        coalesce(a.email, nullif(x.customer->>'email', '')) as email,
        coalesce(a.phone, nullif(x.customer->>'phone', '')) as phone,
        coalesce(a.city, nullif(x.customer->>'city', '')) as city, x.origin
      from (
        select * from (
          ${sql.join(
            KINDS.map((kind) => kindRows(kind, communityId, after)),
            sql` union all `,
          )}
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
 * Every action of the community that counts (form entries, e-mail pressures, completed calls and paid donations,
 * recurring charges included: `actions/registry.ts`), oldest first, each named as its kind declares, with the activist (for a donation
 * without one, the donor as given at checkout), the page and the widget. Actions of removed widgets stay (a donation
 * keeps its row with the page and widget cleared). Attempts are in the donation report, with their state.
 */
export function activistActionsCsv(db: Db, communityId: number, reader: ReportReader): AsyncGenerator<string> {
  const { locale, timeZone } = reader;
  const col = (column: string) => translate(locale, `communityReports.${column}`, { zone: timeZone });
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
    translate(locale, 'embedOrigins.originColumn'),
  ];
  // Where the action was taken: the embedding site's origin, or the page itself.
  const ourPage = translate(locale, 'embedOrigins.ourPage');
  const kindLabel = (rank: number) => translate(locale, ACTION_DEFINITIONS[KINDS[rank] as ActionKind].label);
  return keysetCsvBy(
    header,
    (after: Position | undefined) => actionBatch(db, communityId, after, reader),
    (r) => [
      seconds(r.shown_at),
      kindLabel(r.rank),
      r.name,
      r.email,
      r.phone,
      r.city,
      r.mobilization_id,
      r.page,
      r.widget_id,
      widgetKindLabel(locale, r.widget_kind),
      r.origin ?? ourPage,
    ],
    (r) => ({ at: r.at, rank: r.rank, id: r.id }),
  );
}
