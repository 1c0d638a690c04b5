/** Spec 01 §9 metrics windows, in days: actions (active activists, pressures, form sign-ups) and donations. */
export const METRICS_WINDOW_DAYS = { actions: 90, donations: 30 } as const;

/**
 * What a page or a community has collected (the Métricas screens, `GET /api/mobilizations/{id}/metrics` and
 * `GET /api/communities/{id}/metrics`), each figure counted as `actions/definitions.ts` defines its kind: distinct
 * people with an action, form entries, e-mail pressures, phone pressures (calls that reached their target) beside
 * every call placed, donations (paid charges) and their sum in integer cents, donations still awaiting payment,
 * attempts (refused or failed), refunded or charged-back donations, active recurring donations, each count of actions
 * with its recent count in the spec's window, and the time of the latest action.
 */
export interface MetricsFigures {
  activists: number;
  activists_last_90_days: number;
  form_entries: number;
  form_entries_last_90_days: number;
  /** E-mail pressures. */
  pressures: number;
  pressures_last_90_days: number;
  phone_pressures: number;
  phone_pressures_last_90_days: number;
  /** Every call placed to a target, whatever became of it. */
  phone_calls: number;
  phone_calls_last_90_days: number;
  donations: number;
  donations_last_30_days: number;
  total_fund_raising: number;
  fund_raising_last_30_days: number;
  /** Boletos and card payments not settled yet. */
  pending_donations: number;
  /** Donation attempts: refused or failed charges. */
  refused_donations: number;
  /** Refunded and charged-back donations: money that came back out. */
  refunded_donations: number;
  active_subscriptions: number;
  last_action_at: string | null;
}

/**
 * A donation widget's figures for its organisers (`GET /api/mobilizations/{id}/widgets/{widget}/donation_figures`):
 * the sum of paid donations in integer cents, paid, pending, refused and refunded (or charged back) donations, and
 * active recurring donations. The same counts as the Métricas screens, for one widget (its recurring donations'
 * charges included).
 */
export interface DonationFigures {
  pledged: number;
  paid: number;
  pending: number;
  refused: number;
  refunded: number;
  recurring_active: number;
}
