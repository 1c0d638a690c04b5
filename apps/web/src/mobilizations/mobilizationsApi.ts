import { publicPageUrl } from '@mutirao/core';
import { api } from '../api/client';
import { graphql } from '../api/graphql';
import type { MobilizationSummaryQuery, MobilizationsQuery } from '../api/graphql.generated';

export type MobilizationStatus = 'active' | 'archived';

export interface MobilizationListItem {
  id: number;
  name: string;
  goal: string;
  slug: string;
  custom_domain: string | null;
  image: string | null;
  created_at: string;
  status: MobilizationStatus;
  users_count: number;
  /** Cents; a bigint, which GraphQL may send as a string. */
  total_fund_raising: number | string;
  /** 'Publicar em' and 'Despublicar em', when scheduled (issue 34). */
  publish_at: string | null;
  unpublish_at: string | null;
}

/** Rows per page of the list: a page's counts and amounts are computed for its own rows only. */
export const MOBILIZATIONS_PER_PAGE = 20;

/** One page of the list and the total, in one request; `npm run bench` measures this exact document. */
export const MOBILIZATIONS_QUERY = /* GraphQL */ `
  query Mobilizations($communityId: Int!, $status: String!, $limit: Int!, $offset: Int!) {
    mobilizations(
      where: {community_id: {_eq: $communityId}, status: {_eq: $status}}
      order_by: {updated_at: desc}
      limit: $limit
      offset: $offset
    ) { id name goal slug custom_domain image: facebook_share_image created_at status users_count total_fund_raising publish_at unpublish_at }
    mobilizations_aggregate(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}) { aggregate { count } }
  }
`;

export interface MobilizationPage {
  rows: MobilizationListItem[];
  total: number;
}

export const mobilizationsQueryKey = (communityId: number, status: MobilizationStatus, page: number) =>
  ['mobilizations', communityId, status, page] as const;

/** Page `page` (from 1) of the community's mobilizations with that status, most recently updated first. */
export async function fetchMobilizationPage(
  communityId: number,
  status: MobilizationStatus,
  page: number,
): Promise<MobilizationPage> {
  const data = await graphql<MobilizationsQuery>(MOBILIZATIONS_QUERY, {
    communityId,
    status,
    limit: MOBILIZATIONS_PER_PAGE,
    offset: (page - 1) * MOBILIZATIONS_PER_PAGE,
  });
  const rows = data.mobilizations.map((m) => ({ ...m, status: m.status as MobilizationStatus }));
  return { rows, total: data.mobilizations_aggregate.aggregate?.count ?? 0 };
}

/** Archive or activate (spec 01 §4): `PUT /api/mobilizations/{id}` with the status alone. */
export function setMobilizationStatus(id: number, status: MobilizationStatus) {
  return api<MobilizationListItem>(`/api/mobilizations/${id}`, { method: 'PUT', body: { mobilization: { status } } });
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
  const data = await graphql<MobilizationSummaryQuery>(MOBILIZATION_SUMMARY_QUERY, { id });
  return data.mobilizations[0];
}

/**
 * Where visitors see the page, as the server names it in its canonical link (core's `publicPageUrl`): the custom
 * domain as stored, or `{slug}.{PUBLIC_HOST}`, with the scheme and port of the admin's own address (APP_URL). The
 * server names PUBLIC_HOST in a meta tag; without one, the admin's own host stands in.
 */
export function publicUrlOf(m: Pick<MobilizationSummary, 'slug' | 'custom_domain'>): string {
  const publicHost = document.querySelector<HTMLMetaElement>('meta[name="mutirao:public-host"]')?.content;
  return publicPageUrl({ appUrl: window.location.origin, publicHost }, m);
}
