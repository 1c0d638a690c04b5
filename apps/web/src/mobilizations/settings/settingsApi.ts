import type { MetricsFigures, MobilizationFont, MobilizationLanguage, MobilizationUpdateInput } from '@mutirao/core';
import { api } from '../../api/client';
import { graphql } from '../../api/graphql';
import type { MobilizationSettingsQuery } from '../../api/graphql.generated';
import type { Subtheme } from '../createApi';

/** The fields the settings tabs edit, as both the GraphQL row and the REST answer name them. */
export interface MobilizationSettings {
  id: number;
  name: string;
  goal: string;
  slug: string;
  language: MobilizationLanguage;
  status: string;
  custom_domain: string | null;
  community_id: number;
  theme_id: number | null;
  subthemes: Subtheme[];
  header_font: MobilizationFont | null;
  body_font: MobilizationFont | null;
  color_scheme: string | null;
  favicon: string | null;
  google_analytics_code: string | null;
  facebook_share_image: string | null;
  facebook_share_title: string | null;
  facebook_share_description: string | null;
  twitter_share_text: string | null;
  antispam_challenge: boolean;
}

const SETTINGS_QUERY = /* GraphQL */ `
  query MobilizationSettings($id: Int!) {
    mobilizations_by_pk(id: $id) {
      id name goal slug language status custom_domain community_id theme_id
      subthemes { id label theme_id theme { id label } }
      header_font body_font color_scheme favicon google_analytics_code
      facebook_share_image facebook_share_title facebook_share_description twitter_share_text antispam_challenge
    }
  }
`;

export const mobilizationSettingsKey = (id: number) => ['mobilization', id, 'settings'] as const;

/** Null when the mobilization does not exist or belongs to a community the user does not work in. */
export async function fetchMobilizationSettings(id: number): Promise<MobilizationSettings | null> {
  const row = (await graphql<MobilizationSettingsQuery>(SETTINGS_QUERY, { id })).mobilizations_by_pk;
  if (!row) return null;
  // The columns are text; the server only ever stores the form's choices in them.
  return {
    ...row,
    language: row.language as MobilizationLanguage,
    header_font: row.header_font as MobilizationFont | null,
    body_font: row.body_font as MobilizationFont | null,
    subthemes: row.subthemes.flatMap((s) => (s.theme ? [{ ...s, theme: s.theme }] : [])),
  };
}

/** `PUT /api/mobilizations/{id}`: only the fields sent change. */
export function saveMobilization(id: number, mobilization: MobilizationUpdateInput) {
  return api<MobilizationSettings>(`/api/mobilizations/${id}`, { method: 'PUT', body: { mobilization } });
}

export const mobilizationMetricsKey = (id: number) => ['mobilization', id, 'metrics'] as const;

/** The page's anti-spam challenge as the Métricas answer gives it (issue 35). */
export interface AntispamFigures {
  on: boolean;
  auto_until: string | null;
  refused: number;
  refused_recent: number;
  recent_days: number;
  burst: { actions: number; window_minutes: number; auto_minutes: number };
}

/** `GET /api/mobilizations/{id}/metrics`: the page's figures and its anti-spam challenge. */
export function fetchMobilizationMetrics(id: number) {
  return api<{ metrics: MetricsFigures; antispam: AntispamFigures }>(`/api/mobilizations/${id}/metrics`);
}
