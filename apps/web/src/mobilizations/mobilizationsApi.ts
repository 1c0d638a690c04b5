import { graphql } from '../api/graphql';

export type MobilizationStatus = 'active' | 'archived';

export interface MobilizationListItem {
  id: number;
  name: string;
  goal: string;
  slug: string;
  image: string | null;
  created_at: string;
  status: string;
  users_count: number;
  /** Cents; a bigint, which GraphQL may send as a string. */
  total_fund_raising: number | string;
}

const MOBILIZATIONS_QUERY = /* GraphQL */ `
  query Mobilizations($communityId: Int!, $status: String!) {
    mobilizations(
      where: {community_id: {_eq: $communityId}, status: {_eq: $status}}
      order_by: {updated_at: desc}
    ) { id name goal slug image: facebook_share_image created_at status users_count total_fund_raising }
  }
`;

export const mobilizationsQueryKey = (communityId: number, status: MobilizationStatus) =>
  ['mobilizations', communityId, status] as const;

export async function fetchMobilizations(communityId: number, status: MobilizationStatus) {
  const data = await graphql<{ mobilizations: MobilizationListItem[] }>(MOBILIZATIONS_QUERY, { communityId, status });
  return data.mobilizations;
}

export interface MobilizationSummary {
  id: number;
  name: string;
  slug: string;
  status: string;
  custom_domain: string | null;
  facebook_share_image: string | null;
  facebook_share_title: string | null;
  facebook_share_description: string | null;
  twitter_share_text: string | null;
}

const MOBILIZATION_SUMMARY_QUERY = /* GraphQL */ `
  query MobilizationSummary($id: Int!) {
    mobilizations(where: {id: {_eq: $id}}, limit: 1) {
      id name slug status custom_domain
      facebook_share_image facebook_share_title facebook_share_description twitter_share_text
    }
  }
`;

export const mobilizationSummaryKey = (id: number) => ['mobilization', id, 'summary'] as const;

/** Undefined when the mobilization does not exist or belongs to a community the user cannot see. */
export async function fetchMobilizationSummary(id: number): Promise<MobilizationSummary | undefined> {
  const data = await graphql<{ mobilizations: MobilizationSummary[] }>(MOBILIZATION_SUMMARY_QUERY, { id });
  return data.mobilizations[0];
}

/** Spec 01 §4: public only with a custom domain and all four share fields; otherwise it still needs launching. */
export function isPublic(m: MobilizationSummary): boolean {
  return Boolean(
    m.custom_domain &&
      m.facebook_share_image &&
      m.facebook_share_title &&
      m.facebook_share_description &&
      m.twitter_share_text,
  );
}

/**
 * Where visitors see the page: its custom domain once launched, otherwise the slug host beside the admin host
 * (`{slug}.localhost:3000` in development), since public pages are chosen by host.
 */
export function publicUrlOf(m: Pick<MobilizationSummary, 'slug' | 'custom_domain'>): string {
  const { protocol, host } = window.location;
  if (m.custom_domain) return `${protocol}//${m.custom_domain}`;
  return `${protocol}//${m.slug}.${host}`;
}
