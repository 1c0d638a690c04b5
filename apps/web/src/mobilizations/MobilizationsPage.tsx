import { Alert, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { ListPagination } from './ListPagination';
import { MobilizationList } from './MobilizationList';
import { MobilizationsEmpty } from './MobilizationsEmpty';
import { MobilizationsFrame } from './MobilizationTabs';
import {
  fetchMobilizationPage,
  MOBILIZATIONS_PER_PAGE,
  type MobilizationStatus,
  mobilizationsQueryKey,
} from './mobilizationsApi';

function pageParam(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * `/mobilizations`: the community's pages, Ativas or Arquivadas (`?status=archived`), 20 a page (`&page=N`), each
 * page one request for its rows and the total; and a way to Templates.
 */
export default function MobilizationsPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  const [params, setParams] = useSearchParams();
  const status: MobilizationStatus = params.get('status') === 'archived' ? 'archived' : 'active';
  const page = pageParam(params.get('page'));
  const communityId = community?.id ?? 0;
  const listRef = useRef<HTMLDivElement>(null);
  // When the list itself is gone (its last row archived), focus falls back to the page's main region.
  const focusList = () =>
    (listRef.current?.isConnected ? listRef.current : document.getElementById('main-content'))?.focus();
  const list = useQuery({
    queryKey: mobilizationsQueryKey(communityId, status, page),
    queryFn: () => fetchMobilizationPage(communityId, status, page),
    enabled: communityId > 0,
    // The page being left stays on screen until the next one arrives, so the list does not jump.
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / MOBILIZATIONS_PER_PAGE));

  const goTo = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  };

  // Archiving the last row of the last page, or a stale bookmark, would leave an empty page: show the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo only writes the address.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) goTo(lastPage);
  }, [list.data, list.isPlaceholderData, page, lastPage]);

  return (
    <MobilizationsFrame active={status}>
      {list.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {list.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('errors.pageFailed')}
        </Alert>
      )}
      {list.data?.total === 0 && <MobilizationsEmpty status={status} />}
      {list.data && list.data.rows.length > 0 && (
        <Stack
          component="section"
          gap="md"
          ref={listRef}
          tabIndex={-1}
          aria-label={t(status === 'archived' ? 'mobilizations.archived' : 'mobilizations.active')}
          aria-busy={list.isFetching}
          style={{ outline: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          <MobilizationList mobilizations={list.data.rows} onMoved={focusList} />
          <ListPagination
            page={Math.min(page, lastPage)}
            perPage={MOBILIZATIONS_PER_PAGE}
            total={total}
            onChange={(next) => {
              goTo(next);
              focusList();
            }}
          />
        </Stack>
      )}
    </MobilizationsFrame>
  );
}
