/** Spec 01 §9 metrics windows, in days: actions (active activists, pressures, form sign-ups) and donations. */
export const METRICS_WINDOW_DAYS = { actions: 90, donations: 30 } as const;

/**
 * What a page or a community has collected (the Métricas screens, `GET /api/mobilizations/{id}/metrics` and
 * `GET /api/communities/{id}/metrics`): distinct activists, form entries, e-mail pressures, phone calls to targets,
 * paid donations and their sum in integer cents, refused and refunded (or charged back) donations, active recurring
 * donations, each count of actions with its recent count in the spec's window, and the time of the latest action.
 */
export interface MetricsFigures {
  activists: number;
  activists_last_90_days: number;
  form_entries: number;
  form_entries_last_90_days: number;
  pressures: number;
  pressures_last_90_days: number;
  phone_calls: number;
  phone_calls_last_90_days: number;
  donations: number;
  donations_last_30_days: number;
  total_fund_raising: number;
  fund_raising_last_30_days: number;
  refused_donations: number;
  /** Refunded and charged-back donations: money that came back out. */
  refunded_donations: number;
  active_subscriptions: number;
  last_action_at: string | null;
}

/**
 * A donation widget's figures for its organisers (`GET /api/mobilizations/{id}/widgets/{widget}/donation_figures`):
 * the sum of paid donations in integer cents, paid, refused and refunded (or charged back) donations, and active
 * recurring donations. The same counts as the Métricas screens, for one widget.
 */
export interface DonationFigures {
  pledged: number;
  paid: number;
  refused: number;
  refunded: number;
  recurring_active: number;
}
