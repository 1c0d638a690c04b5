import { describe, expect, it } from 'vitest';
import { COMMUNITY_REPORTS, formatBytes } from './communityReports';

describe('formatBytes', () => {
  it('reads bytes, kilobytes and megabytes in the reader’s language', () => {
    expect(formatBytes(850, 'en')).toBe('850 byte');
    expect(formatBytes(12_345, 'pt-BR')).toBe('12,3 kB');
    expect(formatBytes(4_100_000, 'en')).toBe('4.1 MB');
  });
});

describe('COMMUNITY_REPORTS', () => {
  it('are the spec’s four calls', () => {
    expect(COMMUNITY_REPORTS.map((r) => `${r.method} ${r.path(7)}`)).toEqual([
      'GET /api/communities/7/activist_actions.csv',
      'GET /api/communities/7/activists.csv',
      'GET /api/communities/7/donation_reports.csv',
      'POST /api/communities/7/download_subscriptions.csv',
    ]);
  });
});
