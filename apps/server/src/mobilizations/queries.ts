import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type Mobilization, mobilizations } from '../db/schema';
import { listThemes } from '../themes/service';
import { type MobilizationExtras, presentMobilization } from './presenter';
import { subthemeLinksOf } from './subthemes';

/** Qualified on purpose: inside the subqueries an unqualified "id" would be the inner table's own id. */
const MOBILIZATION_ID = sql.raw('"mobilizations"."id"');

/**
 * users_count: distinct activists who acted on the page (form entries, e-mail pressures, donations);
 * total_fund_raising: paid donations in cents. Each is an index lookup on mobilization_id per row, and only
 * for the rows of the page being shown.
 */
export async function mobilizationStats(db: Db | Tx, ids: number[]) {
  const stats = new Map<number, { usersCount: number; totalFundRaising: number }>();
  if (!ids.length) return stats;
  const rows = await db
    .select({
      id: mobilizations.id,
      usersCount: sql<number>`(
        select count(*) from (
          select fe.activist_id from form_entries fe where fe.mobilization_id = ${MOBILIZATION_ID} and fe.activist_id is not null
          union
          select ap.activist_id from activist_pressures ap where ap.mobilization_id = ${MOBILIZATION_ID} and ap.activist_id is not null
          union
          select d.activist_id from donations d where d.mobilization_id = ${MOBILIZATION_ID} and d.activist_id is not null
        ) acted
      )::int`,
      totalFundRaising: sql<number>`(
        select coalesce(sum(d.amount), 0) from donations d where d.mobilization_id = ${MOBILIZATION_ID} and d.status = 'paid'
      )::float8`,
    })
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
function customDomainIs(domain: string): SQL {
  const bare = domain.toLowerCase().replace(/^www\./, '');
  return inArray(sql`lower(${mobilizations.customDomain})`, [bare, `www.${bare}`]);
}

/**
 * One page of a community's mobilizations, most recently updated first, and how many match in all.
 * The (community_id, status, updated_at desc) index serves both. Callers check access first.
 */
export async function queryMobilizationPage(db: Db, filter: MobilizationListFilter) {
  const where = and(
    eq(mobilizations.communityId, filter.communityId),
    isNull(mobilizations.deletedAt),
    filter.status ? eq(mobilizations.status, filter.status) : undefined,
    filter.ids ? inArray(mobilizations.id, filter.ids.length ? filter.ids : [0]) : undefined,
    filter.slug !== undefined ? eq(mobilizations.slug, filter.slug) : undefined,
    filter.customDomain !== undefined ? customDomainIs(filter.customDomain) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mobilizations)
      .where(where)
      .orderBy(desc(mobilizations.updatedAt), desc(mobilizations.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(mobilizations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
