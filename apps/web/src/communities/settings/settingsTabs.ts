import type { MessageKey } from '@mutirao/core';

/**
 * The community settings tabs (spec 01 §2 "Settings tabs"), in the spec's order. Only the tabs that exist are
 * listed; each later one (Mobilizadores, Mailchimp) is one entry here. Relatórios (`/community/report`, named in
 * spec 01 §2's redirects but not in its tab list) comes last.
 */
export const COMMUNITY_SETTINGS_TABS: {
  label: MessageKey;
  to: string;
  /** Hidden from mobilizers: only the community's admins see or change it. */
  adminOnly?: boolean;
}[] = [
  { label: 'communitySettings.tabInfo', to: '/community/info' },
  { label: 'mailchimp.tab', to: '/community/mailchimp' },
  { label: 'twilio.tab', to: '/community/twilio' },
  { label: 'recipient.tab', to: '/community/recipient', adminOnly: true },
  { label: 'communitySettings.tabMetrics', to: '/community/metrics' },
  { label: 'sidebar.domains', to: '/community/domain' },
  { label: 'communityReports.tab', to: '/community/report' },
];
