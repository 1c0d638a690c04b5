import type { PageChange } from '@mutirao/core';
import { api } from '../api/client';
import type { BlockData } from '../blocks/types';

/** One publication of a page (`GET /api/mobilizations/{id}/revisions`). */
export interface Revision {
  id: number;
  number: number;
  published_at: string;
  published_by: { id: number; name: string } | null;
  scheduled: boolean;
  restored_from: number | null;
  changes: PageChange[];
}

/** A scheduled publication that did not happen, and the widgets that stopped it. */
export interface ScheduleFailure {
  due_at: string;
  widgets: { widget_id: number; block_name: string | null; kind: string; fields: Record<string, string[]> }[];
}

/** The draft against what visitors see, and the schedule (`GET /api/mobilizations/{id}/draft`). */
export interface DraftState {
  mobilization_id: number;
  launched: boolean;
  has_changes: boolean;
  changes: PageChange[];
  published_revision: Revision | null;
  restored_from: number | null;
  status: string;
  publish_at: string | null;
  unpublish_at: string | null;
  schedule_failure: ScheduleFailure | null;
}

/** One revision read-only (`GET /api/mobilizations/{id}/revisions/{number}`). */
export interface RevisionDetail {
  revision: Revision;
  live: boolean;
  blocks: BlockData[];
  changes_to_draft: PageChange[];
}

export const draftKey = (mobilizationId: number) => ['mobilization', mobilizationId, 'draft'] as const;
export const revisionsKey = (mobilizationId: number, page = 1) =>
  ['mobilization', mobilizationId, 'revisions', page] as const;
export const revisionKey = (mobilizationId: number, number: number) =>
  ['mobilization', mobilizationId, 'revision', number] as const;

const base = (mobilizationId: number) => `/api/mobilizations/${mobilizationId}`;

export const fetchDraft = (mobilizationId: number) => api<DraftState>(`${base(mobilizationId)}/draft`);

export const publishDraft = (mobilizationId: number) =>
  api<DraftState>(`${base(mobilizationId)}/publish`, { method: 'POST', body: {} });

/** How many revisions a page of the history holds: a shorter page is the last. */
export const REVISIONS_PER_PAGE = 20;

/** A page of revisions, newest first. */
export const fetchRevisions = (mobilizationId: number, page = 1) =>
  api<Revision[]>(`${base(mobilizationId)}/revisions?page=${page}`);

export const fetchRevision = (mobilizationId: number, number: number) =>
  api<RevisionDetail>(`${base(mobilizationId)}/revisions/${number}`);

export const restoreRevision = (mobilizationId: number, number: number) =>
  api<DraftState>(`${base(mobilizationId)}/revisions/${number}/restore`, { method: 'POST', body: {} });

/** Each key given sets its time (an ISO instant) or cancels it (null); a key left out keeps its time. */
export const saveSchedule = (
  mobilizationId: number,
  schedule: { publish_at?: string | null; unpublish_at?: string | null },
) => api<DraftState>(`${base(mobilizationId)}/schedule`, { method: 'PUT', body: schedule });

export const dismissScheduleFailure = (mobilizationId: number) =>
  api<DraftState>(`${base(mobilizationId)}/schedule/failure`, { method: 'DELETE' });
