import { sql } from 'drizzle-orm';
import type { ActionData } from '../data';
import { PAGE_ROWS } from './pageRows';

/** A form entry: every stored entry is a sign-up, with the fields the visitor filled in. */
export const formActions = {
  table: 'form_entries',
  tables: ['formEntries'],
  ...PAGE_ROWS,
  reportColumn: 'communityReports.colForms',
  metrics: {
    form_entries: { standing: 'counted' },
    form_entries_last_90_days: { standing: 'counted', window: 'actions' },
  },
  personalData: [
    {
      key: 'form_entries',
      query: (activistId) =>
        sql`select x.id, x.created_at, x.mobilization_id, m.name as mobilization_name, x.widget_id, x.fields
          from form_entries x left join mobilizations m on m.id = x.mobilization_id
          where x.activist_id = ${activistId} order by x.created_at`,
      details: (r) => r.fields,
    },
  ],
  // The entry keeps its fields, without their values.
  erasure: [
    {
      count: 'form',
      statement: (activistId) => sql`
        update form_entries set activist_id = null,
          fields = coalesce((select jsonb_agg(f - 'value') from jsonb_array_elements(fields) f), '[]'::jsonb)
        where activist_id = ${activistId} returning id`,
    },
  ],
} as const satisfies ActionData;
