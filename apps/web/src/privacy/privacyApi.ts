import type { DataRequestInput } from '@mutirao/core';
import { ApiError, api } from '../api/client';

/** A visitor's own data requests (LGPD): no account, so a 401 never means "sign in". */
const options = { allowUnauthorized: true } as const;

export interface RequestPageInfo {
  mobilization: { id: number; name: string; language: string | null };
  community: { name: string };
  ttl_hours: number;
}

export interface OpenDataRequest {
  kind: 'access' | 'erasure';
  community_name: string;
  email: string;
  expires_at: string;
}

export const fetchRequestPage = (mobilizationId: number) =>
  api<RequestPageInfo>(`/api/data_requests/pages/${mobilizationId}`, options);

export const sendDataRequest = (input: DataRequestInput) =>
  api<{ data_request: { ttl_hours: number } }>('/api/data_requests', {
    ...options,
    method: 'POST',
    body: { data_request: input },
  });

const base = (token: string) => `/api/data_requests/${encodeURIComponent(token)}`;

export const fetchDataRequest = (token: string) => api<{ data_request: OpenDataRequest }>(base(token), options);

/** The download links: plain GETs the browser saves as files. */
export const personalDataUrl = (token: string, format: 'json' | 'csv') => `${base(token)}/personal_data.${format}`;

export const confirmErasure = (token: string) => api<void>(`${base(token)}/erase`, { ...options, method: 'POST' });

/** A wrong, expired or used link: the server answers 404, with no hint which. */
export const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 404;
