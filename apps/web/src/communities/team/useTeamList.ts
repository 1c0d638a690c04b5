import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * One page of a team list (members or invitations), kept on screen while the next loads. A page left empty (its last
 * row removed) falls back to the one before.
 */
export function useTeamList<T extends { total: number; per_page: number }>(
  key: (page: number) => QueryKey,
  fetch: (page: number) => Promise<T>,
) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: key(page), queryFn: () => fetch(page), placeholderData: keepPreviousData });
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / (query.data?.per_page ?? 1)));
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage]);
  return { query, page, setPage };
}
