import { formatDate, formatDateTime, timeZoneOr } from '@mutirao/core';
import { useMemo } from 'react';
import { useSession } from '../auth/SessionProvider';

/**
 * Dates as the community reads them: every date and time the admin shows goes through these, in the zone chosen on
 * the community's Informações screen (São Paulo's unless it chose another), whatever the browser's own zone.
 */
export function useCommunityDates() {
  const { community } = useSession();
  const timeZone = timeZoneOr(community?.time_zone);
  return useMemo(
    () => ({
      timeZone,
      /** dd/mm/yyyy */
      date: (value: string | Date) => formatDate(value, timeZone),
      /** dd/mm/yyyy hh:mm */
      dateTime: (value: string | Date) => formatDateTime(value, timeZone),
    }),
    [timeZone],
  );
}
