import type { CommunityInfoValues, MetricsFigures } from '@mutirao/core';
import { api } from '../../api/client';

/** `GET /api/communities/{id}`: the community with every setting the tabs edit, and the caller's role. */
export interface CommunityDetails {
  id: number;
  name: string;
  city: string;
  description: string | null;
  image: string | null;
  fb_link: string | null;
  twitter_link: string | null;
  email_template_from: string | null;
  time_zone: string;
  /** The sites allowed to embed the community's widgets (`https://host[:port]`). */
  embed_origins: string[];
  role?: number;
}

export const communityQueryKey = (id: number) => ['communities', id] as const;

export const fetchCommunity = (id: number) => api<CommunityDetails>(`/api/communities/${id}`);

export const updateCommunity = (id: number, community: CommunityInfoValues) =>
  api<CommunityDetails>(`/api/communities/${id}`, { method: 'PUT', body: { community } });

/** `PUT /api/communities/{id}/embed_origins`: the whole list; answers it normalised. */
export const updateEmbedOrigins = (id: number, origins: string[]) =>
  api<{ embed_origins: string[] }>(`/api/communities/${id}/embed_origins`, {
    method: 'PUT',
    body: { embed_origins: origins },
  });

export const communityMetricsKey = (id: number) => ['communities', id, 'metrics'] as const;

/** `GET /api/communities/{id}/metrics`: what every page of the community has collected. */
export const fetchCommunityMetrics = async (id: number) =>
  (await api<{ metrics: MetricsFigures }>(`/api/communities/${id}/metrics`)).metrics;

/** One row of the per-mobilization breakdown: the page and its own figures. */
export interface MobilizationMetricsRow {
  id: number;
  name: string;
  slug: string;
  status: string;
  metrics: MetricsFigures;
}

export const BREAKDOWN_PER_PAGE = 10;

export const mobilizationBreakdownKey = (id: number, page: number) =>
  ['communities', id, 'metrics', 'mobilizations', page] as const;

/** `GET /api/communities/{id}/metrics/mobilizations`: a page of the community's mobilizations with their figures. */
export const fetchMobilizationBreakdown = (id: number, page: number) =>
  api<{ mobilizations: MobilizationMetricsRow[]; total: number; page: number; per_page: number }>(
    `/api/communities/${id}/metrics/mobilizations?page=${page}&per_page=${BREAKDOWN_PER_PAGE}`,
  );
