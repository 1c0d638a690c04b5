import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchMobilizationSettings, mobilizationSettingsKey } from '../../mobilizations/settings/settingsApi';

/** The page being launched (`/mobilizations/{id}/launch...`); null when missing or of another community. */
export function useLaunchMobilization() {
  const id = Number(useParams().id);
  return useQuery({
    queryKey: mobilizationSettingsKey(id),
    queryFn: () => fetchMobilizationSettings(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
