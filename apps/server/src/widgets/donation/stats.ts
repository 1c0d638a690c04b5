import { sql } from 'drizzle-orm';
import { countedCondition } from '../../actions/sources';
import type { Db, Tx } from '../../db/client';
import { donations, subscriptions, widgets } from '../../db/schema';

/** What a donation widget shows visitors about its goal (spec 02 §3 "Donation stats"). Amounts in integer cents. */
export interface DonationStats {
  /** What was actually paid, in cents: the widget's donations and the later charges of subscriptions started there. */
  pledged: number;
  /** `pledged` as a percent of `widgets.goal` (also cents), two decimals; null when the widget has no goal. */
  progress: number | null;
  /**
   * Donations: paid charges, subscription charges included (core's `actions/definitions.ts`), the same number as the
   * widget's counter.
   */
  total_donations: number;
}

/**
 * The widget's donation stats in one statement: its goal, its paid donations (`donations_widget_created_idx`) and the
 * paid charges of its subscriptions, which carry no widget of their own (`subscriptions_widget_idx`,
 * `donations_subscription_idx`): the donations its counter counts. The caller has already decided the widget may be shown
 * (a donation widget on a published page). Shared by the public `GET /api/widgets/:id/donation` and GraphQL's
 * `get_widget_donation_stats`.
 */
export async function donationStats(db: Db | Tx, widgetId: number): Promise<DonationStats> {
  const result = (await db.execute(sql`
    select w.goal, w.settings->>'goal' as settings_goal, paid.pledged, paid.total
    from ${widgets} w
    cross join lateral (
      select coalesce(sum(amount), 0)::float8 as pledged, count(*)::int as total
      from (
        select d.amount from ${donations} d where d.widget_id = w.id and ${countedCondition('donation', 'd')}
        union all
        select d.amount from ${subscriptions} s join ${donations} d on d.subscription_id = s.id
        where s.widget_id = w.id and d.widget_id is null and ${countedCondition('donation', 'd')}
      ) charges
    ) paid
    where w.id = ${widgetId}`)) as unknown as {
    rows: { goal: number | null; settings_goal: string | null; pledged: number; total: number }[];
  };
  const row = result.rows[0];
  const pledged = Number(row?.pledged ?? 0);
  const goal = row ? goalCents(row.goal, row.settings_goal) : 0;
  return {
    pledged,
    progress: goal > 0 ? Math.round((pledged / goal) * 10_000) / 100 : null,
    total_donations: Number(row?.total ?? 0),
  };
}

/**
 * The goal in cents: the `goal` column, which the settings tab keeps; else the settings' own goal in reais ('1000',
 * '1000,50'), for widgets written before the column was kept or by paths that set only the settings.
 */
function goalCents(column: number | null, setting: string | null): number {
  if (column && column > 0) return Number(column);
  const reais = Number(String(setting ?? '').replace(',', '.'));
  return Number.isFinite(reais) && reais > 0 ? Math.round(reais * 100) : 0;
}
