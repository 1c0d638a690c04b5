import type { MobilizationCreateInput } from '@mutirao/core';
import { api } from '../api/client';
import { graphql } from '../api/graphql';
import type { SubthemesQuery } from '../api/graphql.generated';

export interface Subtheme {
  id: number;
  label: string;
  theme_id: number;
  theme: { id: number; label: string };
}

const SUBTHEMES_QUERY = /* GraphQL */ `
  query Subthemes { subthemes(order_by: {label: asc}) { id label theme_id theme { id label } } }
`;

export const subthemesQueryKey = ['subthemes'] as const;

/** Every subtheme with its theme (themes are reference data, so none is without one). */
export async function fetchSubthemes(): Promise<Subtheme[]> {
  const { subthemes } = await graphql<SubthemesQuery>(SUBTHEMES_QUERY);
  return subthemes.flatMap((s) => (s.theme ? [{ ...s, theme: s.theme }] : []));
}

export interface CreatedMobilization {
  id: number;
  name: string;
  slug: string;
  community_id: number;
}

export function createMobilization(mobilization: MobilizationCreateInput) {
  return api<CreatedMobilization>('/api/mobilizations', { method: 'POST', body: { mobilization } });
}

export interface TemplateSummary {
  id: number;
  name: string;
  goal: string;
  global: boolean;
  uses_number: number;
  created_at: string;
}

export const templatesQueryKey = (communityId: number, global: boolean) => ['templates', communityId, global] as const;

/** The community's own templates (`global=false`) or the global library (`global=true`). */
export function fetchTemplates(communityId: number, global: boolean) {
  return api<TemplateSummary[]>(`/api/templates?community_id=${communityId}&global=${global}`);
}

/** Copies the template's blocks and widgets into the mobilization, in one transaction on the server. */
export function applyTemplate(mobilizationId: number, templateId: number) {
  return api<CreatedMobilization>(`/api/mobilizations/${mobilizationId}/template`, {
    method: 'POST',
    body: { template_mobilization_id: templateId },
  });
}
