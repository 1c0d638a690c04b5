import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { actionsRelation, countedCondition } from '../actions/sources';
import type { Db, Tx } from '../db/client';
import { type Mobilization, mobilizations, themes } from '../db/schema';
import { listThemes, type SubthemeWithTheme } from '../themes/service';
import { type MobilizationExtras, presentMobilization } from './presenter';
import { subthemeLinksOf } from './subthemes';

/** Qualified on purpose: inside the subqueries an unqualified "id" would be the inner table's own id. */
const MOBILIZATION_ID = sql.raw('"mobilizations"."id"');

/**
 * users_count: distinct people who took an action that counts on the page (core's `actions/definitions.ts`: form
 * entries, e-mail pressures, completed calls, paid donations), the Métricas screen's figure; total_fund_raising: its
 * donations' sum in cents. Each branch is an index lookup on the page per row, and only for the rows of the page
 * being shown.
 */
const USERS_COUNT = sql<number>`(
  select count(distinct u.activist_id) from ${actionsRelation()} u where u.mobilization_id = ${MOBILIZATION_ID}
)::int`;
const TOTAL_FUND_RAISING = sql<number>`(
  select coalesce(sum(d.amount), 0) from donations d
  where d.mobilization_id = ${MOBILIZATION_ID} and ${countedCondition('donation', 'd')}
)::float8`;

export async function mobilizationStats(db: Db | Tx, ids: number[]) {
  const stats = new Map<number, { usersCount: number; totalFundRaising: number }>();
  if (!ids.length) return stats;
  const rows = await db
    .select({ id: mobilizations.id, usersCount: USERS_COUNT, totalFundRaising: TOTAL_FUND_RAISING })
    .from(mobilizations)
    .where(inArray(mobilizations.id, ids));
  for (const row of rows)
    stats.set(row.id, { usersCount: Number(row.usersCount), totalFundRaising: Number(row.totalFundRaising) });
  return stats;
}

export interface ExtrasWanted {
  stats?: boolean;
  subthemes?: boolean;
  theme?: boolean;
}

const ALL: ExtrasWanted = { stats: true, subthemes: true, theme: true };

/** Rows as the API shows them, with only the computed parts asked for, each loaded in one query for all rows. */
export async function presentMobilizations(db: Db | Tx, rows: Mobilization[], wanted: ExtrasWanted = ALL) {
  const ids = rows.map((r) => r.id);
  const [stats, links, themes] = await Promise.all([
    wanted.stats ? mobilizationStats(db, ids) : undefined,
    wanted.subthemes ? subthemeLinksOf(db, ids) : undefined,
    wanted.theme ? listThemes(db, { ids: [...new Set(rows.flatMap((r) => (r.themeId ? [r.themeId] : [])))] }) : [],
  ]);
  const themeById = new Map(themes.map((t) => [t.id, { id: t.id, label: t.label }]));
  return rows.map((row) => {
    const extras: MobilizationExtras = {
      ...stats?.get(row.id),
      links: links?.get(row.id) ?? [],
      theme: row.themeId ? (themeById.get(row.themeId) ?? null) : null,
    };
    return presentMobilization(row, extras);
  });
}

export interface MobilizationListFilter {
  communityId: number;
  status?: 'active' | 'archived';
  ids?: number[];
  slug?: string;
  customDomain?: string;
  limit: number;
  offset: number;
}

/** A custom domain matches with or without the stored 'www.' prefix, in any case. */
export function customDomainIs(domain: string): SQL {
  const bare = domain.toLowerCase().replace(/^www\./, '');
  return inArray(sql`lower(${mobilizations.customDomain})`, [bare, `www.${bare}`]);
}

function pageWhere(filter: MobilizationListFilter) {
  return and(
    eq(mobilizations.communityId, filter.communityId),
    isNull(mobilizations.deletedAt),
    filter.status ? eq(mobilizations.status, filter.status) : undefined,
    filter.ids ? inArray(mobilizations.id, filter.ids.length ? filter.ids : [0]) : undefined,
    filter.slug !== undefined ? eq(mobilizations.slug, filter.slug) : undefined,
    filter.customDomain !== undefined ? customDomainIs(filter.customDomain) : undefined,
  );
}

const NEWEST_FIRST = [desc(mobilizations.updatedAt), desc(mobilizations.id)];

/**
 * One page of a community's mobilizations, most recently updated first, and how many match in all.
 * The (community_id, status, updated_at desc) index serves both. Callers check access first.
 */
export async function queryMobilizationPage(db: Db, filter: MobilizationListFilter) {
  const where = pageWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mobilizations)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(mobilizations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A row's subtheme links with their subtheme and theme, ordered by label as `subthemeLinksOf` orders them. */
const LINKS = sql<{ id: number; subtheme: SubthemeWithTheme }[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ms.id,
    'subtheme', json_build_object('id', s.id, 'label', s.label, 'themeId', s.theme_id, 'themeLabel', t.label)
  ) order by s.label, s.id), '[]'::json)
  from mobilizations_subthemes ms
  join subthemes s on s.id = ms.subtheme_id
  join themes t on t.id = s.theme_id
  where ms.mobilization_id = ${MOBILIZATION_ID}
)`;

/**
 * The list's page as `presentMobilizations` shows it, with its total, in one statement: the page's ids come from
 * the (community_id, status, updated_at desc) index, the total is an uncorrelated subquery run once, and each row's
 * counts, amounts, subthemes and theme are computed for the page's rows only. A page past the end has no row to
 * carry the total, so it alone costs a second statement.
 */
export async function presentedMobilizationPage(db: Db, filter: MobilizationListFilter) {
  const where = pageWhere(filter);
  const page = db
    .select({ id: mobilizations.id })
    .from(mobilizations)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const rows = await db
    .select({
      row: mobilizations,
      // Inside the subquery "mobilizations" is the subquery's own table, so `where` counts every matching row.
      total: sql<number>`(select count(*) from ${mobilizations} where ${where})::int`,
      usersCount: USERS_COUNT,
      totalFundRaising: TOTAL_FUND_RAISING,
      links: LINKS,
      theme: { id: themes.id, label: themes.label },
    })
    .from(page)
    .innerJoin(mobilizations, eq(mobilizations.id, page.id))
    .leftJoin(themes, eq(themes.id, mobilizations.themeId))
    .orderBy(...NEWEST_FIRST);
  const total = rows[0]
    ? Number(rows[0].total)
    : filter.offset > 0
      ? Number((await db.select({ n: count() }).from(mobilizations).where(where))[0]?.n ?? 0)
      : 0;
  const presented = rows.map(({ row, usersCount, totalFundRaising, links, theme }) =>
    presentMobilization(row, {
      usersCount: Number(usersCount),
      totalFundRaising: Number(totalFundRaising),
      links: links.map((l) => ({ id: l.id, mobilizationId: row.id, subtheme: l.subtheme })),
      theme: row.themeId && theme?.id != null ? { id: theme.id, label: theme.label } : null,
    }),
  );
  return { rows: presented, total };
}
