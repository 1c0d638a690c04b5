import type { TemplateCreateInput } from '@mutirao/core';
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
