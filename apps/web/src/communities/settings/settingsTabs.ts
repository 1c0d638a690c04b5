import type { MessageKey } from '@mutirao/core';

/**
 * The community settings tabs (spec 01 §2 "Settings tabs"), in the spec's order. Only the tabs that exist are
 * listed; each later one (Mobilizadores, Mailchimp, Recebedor) is one entry here.
 */
export const COMMUNITY_SETTINGS_TABS: { label: MessageKey; to: string }[] = [
  { label: 'communitySettings.tabInfo', to: '/community/info' },
  { label: 'twilio.tab', to: '/community/twilio' },
  { label: 'communitySettings.tabMetrics', to: '/community/metrics' },
  { label: 'sidebar.domains', to: '/community/domain' },
];
