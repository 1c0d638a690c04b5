import type { MetricsFigures } from '@mutirao/core';

/** No action of any kind yet: the screens show their empty state instead of a wall of zeros. */
export const nothingYet = (m: MetricsFigures) =>
  m.activists +
    m.form_entries +
    m.pressures +
    m.phone_calls +
    m.donations +
    m.active_subscriptions +
    m.refused_donations +
    m.refunded_donations ===
  0;
