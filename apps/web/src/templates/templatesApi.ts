import type { TemplateCreateInput } from '@mutirao/core';
import type { PageBlock } from '@mutirao/widgets';
import { api } from '../api/client';
import type { TemplateSummary } from '../mobilizations/createApi';

/** `POST /api/templates`: a snapshot of the mobilization's blocks and widgets; success is 200. */
export function createTemplate(input: TemplateCreateInput) {
  return api<TemplateSummary>('/api/templates', { method: 'POST', body: input });
}

/** `DELETE /api/templates/{id}`: the community's own templates only. */
export function deleteTemplate(id: number) {
  return api<TemplateSummary>(`/api/templates/${id}`, { method: 'DELETE' });
}

/** What a thumbnail draws: the template's design and its first visible blocks, as the page components read them. */
export interface TemplatePreview {
  id: number;
  name: string;
  color_scheme: string | null;
  header_font: string | null;
  body_font: string | null;
  blocks: PageBlock[];
}

export const templatePreviewKey = (id: number) => ['template', id, 'preview'] as const;

export function fetchTemplatePreview(id: number) {
  return api<TemplatePreview>(`/api/templates/${id}/preview`);
}
