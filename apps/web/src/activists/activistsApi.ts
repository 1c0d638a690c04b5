import type { ActionKind, ActionStanding, ActivistOperator, ActivistPeriod, ActivistSort } from '@mutirao/core';
import { api } from '../api/client';

/** The filter set as the list's address and a saved segment hold it (core's `activistFilterSchema`). */
export interface ActivistFilterValues {
  q?: string;
  operator: ActivistOperator;
  mobilization_ids: number[];
  kinds: ActionKind[];
  tags: string[];
  period: ActivistPeriod;
  from?: string;
  to?: string;
}

export interface ActivistListItem {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  tags: string[];
  actions_count: number;
  last_action_at: string | null;
  created_at: string;
}

export interface ActivistPage {
  activists: ActivistListItem[];
  next_cursor: string | null;
  previous_cursor: string | null;
}

export interface TimelineItem {
  kind: ActionKind;
  id: number;
  created_at: string;
  widget_id: number | null;
  /** A donation's or a call's state (null for the other kinds), what it stands for, and a donation's cents. */
  state: string | null;
  standing: ActionStanding;
  amount: number | null;
  mobilization: { id: number; name: string } | null;
  /** The consent notice shown when they acted; null for actions older than consent records. */
  consent: { text: string; page_url: string } | null;
}

export type ActivistProfile = ActivistListItem & { timeline: TimelineItem[] };

export interface Segment {
  id: number;
  name: string;
  filter: ActivistFilterValues;
}

export interface TagJob {
  id: number;
  tag: string;
  operation: 'add' | 'remove';
  total: number;
  done: number;
  status: 'queued' | 'running' | 'done';
}

/** Where a page of the list starts: after or before a cursor, the last page, or the first. */
export type PageAt = { after: string } | { before: string } | { last: true } | Record<string, never>;

export interface ListQuery {
  filter: ActivistFilterValues;
  segmentId?: number;
  sort: ActivistSort;
  order: 'asc' | 'desc';
  at: PageAt;
}

export const ACTIVISTS_PER_PAGE = 50;

/** The filter as query parameters: the same names the server reads. */
export function filterParams(filter: ActivistFilterValues, segmentId?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (segmentId) {
    params.set('segment_id', String(segmentId));
    return params;
  }
  params.set('operator', filter.operator);
  if (filter.mobilization_ids.length) params.set('mobilization_ids', filter.mobilization_ids.join(','));
  if (filter.kinds.length) params.set('kinds', filter.kinds.join(','));
  for (const tag of filter.tags) params.append('tags', tag);
  params.set('period', filter.period);
  if (filter.period === 'custom') {
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
  }
  return params;
}

const base = (communityId: number) => `/api/communities/${communityId}/activists`;

export function fetchActivistPage(communityId: number, query: ListQuery) {
  const params = filterParams(query.filter, query.segmentId);
  params.set('sort', query.sort);
  params.set('order', query.order);
  params.set('limit', String(ACTIVISTS_PER_PAGE));
  for (const [key, value] of Object.entries(query.at)) params.set(key, String(value));
  return api<ActivistPage>(`${base(communityId)}?${params}`);
}

export const fetchActivistCount = (communityId: number, filter: ActivistFilterValues, segmentId?: number) =>
  api<{ count: number }>(`${base(communityId)}/count?${filterParams(filter, segmentId)}`);

export const fetchActivist = (communityId: number, activistId: number) =>
  api<ActivistProfile>(`${base(communityId)}/${activistId}`);

export const addTag = (communityId: number, activistId: number, tag: string) =>
  api<ActivistListItem>(`${base(communityId)}/${activistId}/tags`, { method: 'POST', body: { tag } });

export const removeTag = (communityId: number, activistId: number, tag: string) =>
  api<ActivistListItem>(`${base(communityId)}/${activistId}/tags/${encodeURIComponent(tag)}`, { method: 'DELETE' });

const segmentsPath = (communityId: number) => `/api/communities/${communityId}/activist_segments`;

export const fetchSegments = (communityId: number) => api<Segment[]>(segmentsPath(communityId));

export const createSegment = (communityId: number, name: string, filter: ActivistFilterValues) =>
  api<Segment>(segmentsPath(communityId), { method: 'POST', body: { segment: { name, filter: cleanFilter(filter) } } });

export const deleteSegment = (communityId: number, segmentId: number) =>
  api<void>(`${segmentsPath(communityId)}/${segmentId}`, { method: 'DELETE' });

const tagJobsPath = (communityId: number) => `/api/communities/${communityId}/activist_tag_jobs`;

export const startTagJob = (
  communityId: number,
  filter: ActivistFilterValues,
  tag: string,
  operation: 'add' | 'remove',
) => api<TagJob>(tagJobsPath(communityId), { method: 'POST', body: { filter: cleanFilter(filter), tag, operation } });

export const fetchTagJobs = (communityId: number) => api<TagJob[]>(tagJobsPath(communityId));

/** A field of a person that an import column can feed. */
export const IMPORT_FIELDS = ['email', 'name', 'first_name', 'last_name', 'phone', 'city', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportMapping = Partial<Record<ImportField, number>>;

export interface ActivistImport {
  id: number;
  file_name: string;
  status: 'uploaded' | 'running' | 'done' | 'failed';
  header: string[];
  total: number;
  imported: number;
  updated: number;
  duplicates: number;
  rejected: number;
  percent: number;
}

export type UploadedImport = ActivistImport & { preview: string[][]; suggested_mapping: ImportMapping };

export const importsPath = (communityId: number) => `/api/communities/${communityId}/activist_imports`;

export const uploadImport = (communityId: number, file: File) =>
  api<UploadedImport>(`${importsPath(communityId)}?file_name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    file,
  });

export const startImport = (communityId: number, importId: number, mapping: ImportMapping, tags: string[]) =>
  api<ActivistImport>(`${importsPath(communityId)}/${importId}/start`, { method: 'POST', body: { mapping, tags } });

export const fetchImport = (communityId: number, importId: number) =>
  api<ActivistImport>(`${importsPath(communityId)}/${importId}`);

/** A filter as the server stores it: unset parts left out. */
export function cleanFilter(filter: ActivistFilterValues) {
  return {
    ...(filter.q ? { q: filter.q } : {}),
    operator: filter.operator,
    ...(filter.mobilization_ids.length ? { mobilization_ids: filter.mobilization_ids } : {}),
    ...(filter.kinds.length ? { kinds: filter.kinds } : {}),
    ...(filter.tags.length ? { tags: filter.tags } : {}),
    period: filter.period,
    ...(filter.period === 'custom' && filter.from ? { from: filter.from } : {}),
    ...(filter.period === 'custom' && filter.to ? { to: filter.to } : {}),
  };
}

export const activistsKey = (communityId: number) => ['communities', communityId, 'activists'] as const;
