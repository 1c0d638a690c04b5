import type { CommunityInfoValues } from '@mutirao/core';
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
  role?: number;
}

export const communityQueryKey = (id: number) => ['communities', id] as const;

export const fetchCommunity = (id: number) => api<CommunityDetails>(`/api/communities/${id}`);

export const updateCommunity = (id: number, community: CommunityInfoValues) =>
  api<CommunityDetails>(`/api/communities/${id}`, { method: 'PUT', body: { community } });
