import { sql } from 'drizzle-orm';
import type { ActionData } from '../data';

/** A phone pressure: a call in which the visitor reached the target (core's `CALL_STANDINGS`). */
export const phonePressureActions = {
  table: 'twilio_calls',
  tables: ['twilioCalls', 'twilioCallTransitions'],
  counted: (x) => sql`mutirao_call_counts(${x}.status)`,
  state: sql`x.status`,
  // A call belongs to a widget; the widget's block says which page it is on.
  mobilization: sql`xb.mobilization_id`,
  widget: sql`x.widget_id`,
  joins: sql`join widgets xw on xw.id = x.widget_id join blocks xb on xb.id = xw.block_id`,
  amount: sql`null::int`,
  belongsTo: {
    mobilization: (id) => sql`xb.mobilization_id = ${id}`,
    widget: (id) => sql`x.widget_id = ${id}`,
    community: (id) => sql`x.community_id = ${id}`,
  },
  reportColumn: 'communityReports.colPhonePressures',
  metrics: {
    phone_pressures: { standing: 'counted' },
    phone_pressures_last_90_days: { standing: 'counted', window: 'actions' },
    phone_calls: { standing: 'any' },
    phone_calls_last_90_days: { standing: 'any', window: 'actions' },
  },
  personalData: [
    {
      key: 'phone_calls',
      query: (activistId) =>
        sql`select x.id, x.created_at, xb.mobilization_id, m.name as mobilization_name, x.widget_id, x."from",
            x."to", x.status
          from twilio_calls x left join widgets xw on xw.id = x.widget_id left join blocks xb on xb.id = xw.block_id
          left join mobilizations m on m.id = xb.mobilization_id
          where x.activist_id = ${activistId} order by x.created_at`,
      details: (r) => ({ from: r.from, to: r.to, status: r.status }),
    },
  ],
  erasure: [
    // The provider's raw callbacks name both legs' numbers and their places (From, To, Called, Caller, CalledCity…):
    // those go; sids, status, duration and a refusal's error stay.
    {
      statement: (activistId) => sql`
        update twilio_call_transitions t set data = (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
          from jsonb_each(t.data) where key !~ '^(From|To|Called|Caller|ForwardedFrom)')
        where t.data is not null
          and t.twilio_call_id in (select id from twilio_calls where activist_id = ${activistId})`,
    },
    // The call keeps its target, state and duration, and loses the caller's number.
    {
      count: 'phone',
      statement: (activistId) => sql`
        update twilio_calls set activist_id = null, "from" = '' where activist_id = ${activistId} returning id`,
    },
  ],
} as const satisfies ActionData;
