import type { MetricsFigures } from '@mutirao/core';

/** The figures of a page or community nobody has acted on. */
export const NO_FIGURES: MetricsFigures = {
  activists: 0,
  activists_last_90_days: 0,
  form_entries: 0,
  form_entries_last_90_days: 0,
  pressures: 0,
  pressures_last_90_days: 0,
  phone_pressures: 0,
  phone_pressures_last_90_days: 0,
  phone_calls: 0,
  phone_calls_last_90_days: 0,
  donations: 0,
  donations_last_30_days: 0,
  total_fund_raising: 0,
  fund_raising_last_30_days: 0,
  pending_donations: 0,
  refused_donations: 0,
  refunded_donations: 0,
  active_subscriptions: 0,
  last_action_at: null,
};
