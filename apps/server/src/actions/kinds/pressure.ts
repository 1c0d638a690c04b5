import { type SQL, sql } from 'drizzle-orm';
import type { ActionData } from '../data';
import { PAGE_ROWS } from './pageRows';

/** The rows of `activist_pressures` that are e-mail pressures (aliased `x`). */
const byEmail = (x: SQL) => sql`mutirao_pressure_counts(${x}.channel)`;

/**
 * An e-mail pressure: every stored submission, whatever the number of targets it wrote to, is one. A phone
 * pressure's visit stores a row in the same table, which is none (`mutirao_pressure_counts`).
 */
export const pressureActions = {
  table: 'activist_pressures',
  tables: ['activistPressures'],
  rows: byEmail,
  ...PAGE_ROWS,
  reportColumn: 'communityReports.colPressures',
  metrics: {
    pressures: { standing: 'counted' },
    pressures_last_90_days: { standing: 'counted', window: 'actions' },
  },
  personalData: [
    {
      key: 'pressures',
      query: (activistId) =>
        sql`select x.id, x.created_at, x.mobilization_id, m.name as mobilization_name, x.widget_id, x.form_data,
            x.targets, x.mail
          from activist_pressures x left join mobilizations m on m.id = x.mobilization_id
          where x.activist_id = ${activistId} and ${byEmail(sql`x`)} order by x.created_at`,
      details: (r) => ({ ...(r.form_data as object), targets: r.targets }),
    },
  ],
  // Every row of theirs, a phone visit's too: the targets and the subject stay; the sender's data and letter go.
  erasure: [
    {
      count: 'pressure',
      statement: (activistId) => sql`
        update activist_pressures set activist_id = null, form_data = '{}'::jsonb,
          mail = jsonb_build_object('subject', mail->'subject', 'body', '')
        where activist_id = ${activistId} returning id`,
    },
  ],
} as const satisfies ActionData;
