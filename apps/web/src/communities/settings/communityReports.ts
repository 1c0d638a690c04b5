import type { MessageKey } from '@mutirao/core';

/**
 * The community's four reports (spec 01 §7), in the order the Reports tab lists them. Each is a CSV the server
 * streams; a report with no row is answered 204 (no file).
 */
export const COMMUNITY_REPORTS = [
  {
    id: 'activist-actions',
    method: 'GET',
    path: (communityId: number) => `/api/communities/${communityId}/activist_actions.csv`,
    title: 'communityReports.actionsTitle',
    help: 'communityReports.actionsHelp',
  },
  {
    id: 'activists',
    method: 'GET',
    path: (communityId: number) => `/api/communities/${communityId}/activists.csv`,
    title: 'communityReports.activistsTitle',
    help: 'communityReports.activistsHelp',
  },
  {
    id: 'donations',
    method: 'GET',
    path: (communityId: number) => `/api/communities/${communityId}/donation_reports.csv`,
    title: 'communityReports.donationsTitle',
    help: 'communityReports.donationsHelp',
  },
  {
    id: 'subscriptions',
    method: 'POST',
    path: (communityId: number) => `/api/communities/${communityId}/download_subscriptions.csv`,
    title: 'communityReports.subscriptionsTitle',
    help: 'communityReports.subscriptionsHelp',
  },
] as const satisfies readonly {
  id: string;
  method: 'GET' | 'POST';
  path: (communityId: number) => string;
  title: MessageKey;
  help: MessageKey;
}[];

export type CommunityReport = (typeof COMMUNITY_REPORTS)[number];

/** A byte count as people read it: '850 B', '12,3 kB', '4,1 MB' in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}
