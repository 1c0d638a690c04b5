import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mobilizations } from '../db/schema';

/** Spec 01 §9 metrics windows: 90 days for activists, pressures and form sign-ups; 30 days for donations. */
export const ACTION_WINDOW_DAYS = 90;
export const DONATION_WINDOW_DAYS = 30;

const ID = sql.raw('"mobilizations"."id"');
const since = (days: number) => sql.raw(`now() - interval '${days} days'`);

/** Who acted, and when: the same three sources as the list's users_count, so the two figures agree. */
const ACTIONS = sql`(
  select fe.activist_id, fe.created_at from form_entries fe where fe.mobilization_id = ${ID}
  union all
  select ap.activist_id, ap.created_at from activist_pressures ap where ap.mobilization_id = ${ID}
  union all
  select d.activist_id, d.created_at from donations d where d.mobilization_id = ${ID}
)`;

/** Phone calls belong to a widget; the widget's block says which page it is on. */
const CALLS = sql`(
  select tc.created_at from twilio_calls tc
  join widgets w on w.id = tc.widget_id
  join blocks b on b.id = w.block_id
  where b.mobilization_id = ${ID}
)`;

const countOf = (source: SQL, where: SQL = sql`true`) =>
  sql<number>`(select count(*) from ${source} s where ${where})::int`;

/**
 * What a mobilization has collected so far (the settings' Métricas tab): distinct activists, form entries,
 * e-mail pressures, phone calls, paid donations and their amount, active recurring donations, each with the
 * spec's recent window. One statement of index lookups on mobilization_id; amounts are integer cents.
 */
export async function mobilizationMetrics(db: Db, mobilizationId: number) {
  const recentAction = sql`s.created_at >= ${since(ACTION_WINDOW_DAYS)}`;
  const recentDonation = sql`d.created_at >= ${since(DONATION_WINDOW_DAYS)}`;
  const [row] = await db
    .select({
      activists: sql<number>`(select count(distinct s.activist_id) from ${ACTIONS} s)::int`,
      activistsRecent: sql<number>`(select count(distinct s.activist_id) from ${ACTIONS} s where ${recentAction})::int`,
      formEntries: countOf(sql`form_entries`, sql`s.mobilization_id = ${ID}`),
      formEntriesRecent: countOf(sql`form_entries`, sql`s.mobilization_id = ${ID} and ${recentAction}`),
      pressures: countOf(sql`activist_pressures`, sql`s.mobilization_id = ${ID}`),
      pressuresRecent: countOf(sql`activist_pressures`, sql`s.mobilization_id = ${ID} and ${recentAction}`),
      phoneCalls: countOf(CALLS),
      phoneCallsRecent: countOf(CALLS, recentAction),
      donations: sql<number>`(select count(*) from donations d where d.mobilization_id = ${ID} and d.status = 'paid')::int`,
      donationsRecent: sql<number>`(select count(*) from donations d where d.mobilization_id = ${ID} and d.status = 'paid' and ${recentDonation})::int`,
      raised: sql<number>`(select coalesce(sum(d.amount), 0) from donations d where d.mobilization_id = ${ID} and d.status = 'paid')::float8`,
      raisedRecent: sql<number>`(select coalesce(sum(d.amount), 0) from donations d where d.mobilization_id = ${ID} and d.status = 'paid' and ${recentDonation})::float8`,
      activeSubscriptions: sql<number>`(select count(*) from subscriptions sb where sb.mobilization_id = ${ID} and sb.status = 'active')::int`,
      lastActionAt: sql<string | null>`(select max(s.created_at) from ${ACTIONS} s)`,
    })
    .from(mobilizations)
    .where(eq(mobilizations.id, mobilizationId));
  if (!row) return undefined;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    activists: n(row.activists),
    activists_last_90_days: n(row.activistsRecent),
    form_entries: n(row.formEntries),
    form_entries_last_90_days: n(row.formEntriesRecent),
    pressures: n(row.pressures),
    pressures_last_90_days: n(row.pressuresRecent),
    phone_calls: n(row.phoneCalls),
    phone_calls_last_90_days: n(row.phoneCallsRecent),
    donations: n(row.donations),
    donations_last_30_days: n(row.donationsRecent),
    total_fund_raising: n(row.raised),
    fund_raising_last_30_days: n(row.raisedRecent),
    active_subscriptions: n(row.activeSubscriptions),
    last_action_at: row.lastActionAt ? new Date(row.lastActionAt).toISOString() : null,
  };
}
export type MobilizationMetrics = NonNullable<Awaited<ReturnType<typeof mobilizationMetrics>>>;
