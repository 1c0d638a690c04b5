import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../auth/SessionProvider';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { ActivistFilters } from './ActivistFilters';
import { ActivistTable } from './ActivistTable';
import {
  type ActivistFilterValues,
  activistsKey,
  fetchActivistCount,
  fetchActivistPage,
  fetchSegments,
  filterParams,
  type PageAt,
} from './activistsApi';
import { BulkTagDialog } from './BulkTagDialog';
import { ImportDialog } from './ImportDialog';
import { EMPTY_FILTER, type ListChanges, nextListQuery, readListQuery } from './listParams';
import { SegmentBar } from './SegmentBar';

/**
 * `/activists`: the community's people, searched and filtered (spec 01 §9 periods and operators), ordered by a
 * column, paged with cursors (the last page is one request, however long the list), with saved segments and a tag
 * for everyone matching. The whole state is in the address.
 */
export default function ActivistsPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  const communityId = community?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const listRef = useRef<HTMLDivElement>(null);
  const [tagging, setTagging] = useState(false);
  const [importing, setImporting] = useState(false);
  const key = [...activistsKey(communityId), params.toString()];
  const page = useQuery({
    queryKey: key,
    queryFn: () => fetchActivistPage(communityId, query),
    enabled: communityId > 0,
    placeholderData: keepPreviousData,
    // A refused filter is said in the alert above the list.
    meta: { showsErrors: 'refusals' },
  });
  // A chosen segment's own filters are what the list shows, what the panel holds and what a bulk tag applies to.
  const segments = useQuery({
    queryKey: ['communities', communityId, 'activist_segments'],
    queryFn: () => fetchSegments(communityId),
    enabled: communityId > 0 && Boolean(query.segmentId),
  });
  const segment = segments.data?.find((s) => s.id === query.segmentId);
  const filter: ActivistFilterValues = segment
    ? { ...EMPTY_FILTER, ...segment.filter, q: query.filter.q }
    : query.filter;
  const countParams = new URLSearchParams(params);
  for (const p of ['after', 'before', 'last', 'sort', 'order']) countParams.delete(p);
  const count = useQuery({
    queryKey: [...activistsKey(communityId), 'count', countParams.toString()],
    queryFn: () => fetchActivistCount(communityId, query.filter, query.segmentId),
    enabled: communityId > 0,
    // The same filter as the list's, whose alert already says why it was refused.
    meta: { showsErrors: 'refusals' },
  });

  const go = (changes: ListChanges) => setParams(nextListQuery(query, changes));
  const turn = (at: PageAt) => {
    go({ at });
    listRef.current?.focus();
  };
  const filterErrors = page.error instanceof ApiError && page.error.kind === 'response' ? page.error.fields : {};
  const filtered = params.toString().replace(/(^|&)(sort|order|after|before|last)=[^&]*/g, '') !== '';
  const total = count.data?.count;
  const data = page.data;

  return (
    <TitledPage title={t('activists.title')} description={t('activists.intro')}>
      <ActivistFilters
        communityId={communityId}
        applied={filter}
        errors={filterErrors}
        onApply={(filter) => go({ filter, segmentId: undefined })}
      />
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <SegmentBar
          communityId={communityId}
          segmentId={query.segmentId}
          filter={filter}
          onChoose={(chosen) =>
            go({ segmentId: chosen?.id, filter: chosen ? { ...EMPTY_FILTER, q: query.filter.q } : filter })
          }
        />
        <Group gap="sm">
          <Text role="status" fw={700}>
            {total === undefined ? t('activists.counting') : t('activists.count', { count: total })}
          </Text>
          <Button variant="default" disabled={!total} onClick={() => setTagging(true)}>
            {t('activists.tagAll')}
          </Button>
          <Button
            component="a"
            variant="default"
            href={`/api/communities/${communityId}/activists/export.csv?${filterParams(query.filter, query.segmentId)}`}
            download
            title={t('activists.exportCsvHelp')}
          >
            {t('activists.exportCsv')}
          </Button>
          <Button variant="default" onClick={() => setImporting(true)}>
            {t('activists.importButton')}
          </Button>
        </Group>
      </Group>
      {page.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {page.isError && (
        <Alert color="danger" variant="light" role="alert">
          {filterErrors && Object.keys(filterErrors).length
            ? Object.values(filterErrors).flat().join(' ')
            : t('activists.loadFailed')}
        </Alert>
      )}
      {data && data.activists.length === 0 && (
        <Paper withBorder p="xl">
          <Title order={2} size="h4">
            {t(filtered ? 'activists.emptyFiltered' : 'activists.empty')}
          </Title>
        </Paper>
      )}
      {data && data.activists.length > 0 && (
        <Stack
          component="section"
          gap="md"
          ref={listRef}
          tabIndex={-1}
          aria-label={t('activists.title')}
          aria-busy={page.isFetching}
          style={{ outline: 'none', opacity: page.isPlaceholderData ? 0.6 : 1 }}
        >
          <ActivistTable
            activists={data.activists}
            sort={query.sort}
            order={query.order}
            onSort={(sort) => go({ sort })}
          />
          <Group component="nav" aria-label={t('activists.pages')} justify="center" gap="sm">
            <Button variant="default" disabled={!data.previous_cursor} onClick={() => turn({})}>
              {t('activists.first')}
            </Button>
            <Button
              variant="default"
              disabled={!data.previous_cursor}
              onClick={() => data.previous_cursor && turn({ before: data.previous_cursor })}
            >
              {t('activists.previous')}
            </Button>
            <Button
              variant="default"
              disabled={!data.next_cursor}
              onClick={() => data.next_cursor && turn({ after: data.next_cursor })}
            >
              {t('activists.next')}
            </Button>
            <Button variant="default" disabled={!data.next_cursor} onClick={() => turn({ last: true })}>
              {t('activists.last')}
            </Button>
          </Group>
        </Stack>
      )}
      <BulkTagDialog
        communityId={communityId}
        filter={filter}
        count={total ?? 0}
        opened={tagging}
        onClose={() => setTagging(false)}
      />
      <ImportDialog communityId={communityId} opened={importing} onClose={() => setImporting(false)} />
    </TitledPage>
  );
}
