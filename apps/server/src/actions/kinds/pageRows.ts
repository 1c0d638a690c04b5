import { sql } from 'drizzle-orm';

/**
 * What a kind whose rows name only their page and widget declares alike (form entries, e-mail pressures): no state,
 * no amount, and no community, so a community's rows are read through its pages.
 */
export const PAGE_ROWS = {
  state: sql`null::text`,
  mobilization: sql`x.mobilization_id`,
  widget: sql`x.widget_id`,
  amount: sql`null::int`,
  belongsTo: {
    mobilization: (id: ReturnType<typeof sql>) => sql`x.mobilization_id = ${id}`,
    widget: (id: ReturnType<typeof sql>) => sql`x.widget_id = ${id}`,
  },
} as const;
