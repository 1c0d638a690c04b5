import { goalProgress } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Widget } from '../../db/schema';

/** A widget's goal in cents: the `goal` column (cents), else settings.goal in reais ('1000', '1000.50'). */
export function goalCents(widget: Widget): number | undefined {
  if (widget.goal && widget.goal > 0) return widget.goal;
  const reais = Number(String(widget.settings.goal ?? '').replace(',', '.'));
  return Number.isFinite(reais) && reais > 0 ? Math.round(reais * 100) : undefined;
}

/**
 * A donation widget's figures as visitors see them: `pledged` is the cents actually paid (the visitors' donations and
 * the later charges of the subscriptions they started there), `total_donations` the number of those paid charges,
 * `progress` the percent of the goal, or null without one.
 */
export async function donationStats(db: Db, widget: Widget) {
  const result = (await db.execute(sql`
    select coalesce(sum(amount), 0)::bigint as pledged, count(*)::int as total
    from donations
    where status = 'paid'
      and (widget_id = ${widget.id}
           or subscription_id in (select id from subscriptions where widget_id = ${widget.id}))`)) as unknown as {
    rows: { pledged: string | number; total: number }[];
  };
  const pledged = Number(result.rows[0]?.pledged ?? 0);
  const goal = goalCents(widget);
  return {
    pledged,
    progress: goal ? Math.round(goalProgress(pledged, goal).percent * 10) / 10 : null,
    total_donations: Number(result.rows[0]?.total ?? 0),
  };
}
