import type { MessageKey } from '@mutirao/core';

/**
 * The community settings tabs (spec 01 §2 "Settings tabs"), in the spec's order: Informações, Mobilizadores, Mailchimp,
 * Twilio, Recebedor, Métricas, Domínios. Relatórios (`/community/report`, named in spec 01 §2's redirects but not in
 * its tab list) comes last.
 */
export const COMMUNITY_SETTINGS_TABS: {
  label: MessageKey;
  to: string;
  /** Hidden from mobilizers: the Recebedor's bank data is for the community's admins (`canManageBankData`). */
  bankData?: boolean;
}[] = [
  { label: 'communitySettings.tabInfo', to: '/community/info' },
  { label: 'team.tab', to: '/community/mobilizers' },
  { label: 'mailchimp.tab', to: '/community/mailchimp' },
  { label: 'twilio.tab', to: '/community/twilio' },
  { label: 'recipient.tab', to: '/community/recipient', bankData: true },
  { label: 'communitySettings.tabMetrics', to: '/community/metrics' },
  { label: 'sidebar.domains', to: '/community/domain' },
  { label: 'communityReports.tab', to: '/community/report' },
];
