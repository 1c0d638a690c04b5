import { Alert, Button, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';

/** Lines of the actions by origin per page of the table. */
export const ORIGINS_PER_PAGE = 10;

/** `GET /api/{mobilizations|communities}/{id}/metrics/origins`: actions that count by where they were taken. */
export interface OriginsAnswer {
  origins: { origin: string | null; actions: number }[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * "Ações por origem" (issue 35): the actions that count of a page or a community by where they were taken, the page
 * itself first, then each site that embeds its widgets, a page of lines at a time.
 */
export function ActionsByOrigin({ scope, id }: { scope: 'mobilizations' | 'communities'; id: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const lines = useQuery({
    queryKey: [scope, id, 'metrics', 'origins', page],
    queryFn: () => api<OriginsAnswer>(`/api/${scope}/${id}/metrics/origins?page=${page}&per_page=${ORIGINS_PER_PAGE}`),
    placeholderData: keepPreviousData,
  });
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} aria-busy={lines.isFetching}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t('embedOrigins.metricsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('embedOrigins.metricsHelp')}
        </Text>
      </div>
      {lines.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {lines.isError && (
        <Alert color="danger" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('embedOrigins.metricsLoadFailed')}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void lines.refetch()}>
              {t('mobilizationMetrics.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {lines.data?.total === 0 && <Text>{t('embedOrigins.metricsEmpty')}</Text>}
      {lines.data && lines.data.origins.length > 0 && (
        <>
          <Table striped verticalSpacing="xs" aria-labelledby={headingId} maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('embedOrigins.metricsOrigin')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('embedOrigins.metricsActions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.data.origins.map((line) => (
                <Table.Tr key={line.origin ?? ''}>
                  <Table.Td ff={line.origin ? 'monospace' : undefined}>
                    {line.origin ?? t('embedOrigins.ourPage')}
                  </Table.Td>
                  <Table.Td ta="right">{n(line.actions)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {lines.data.total > ORIGINS_PER_PAGE && (
            <Pagination
              total={Math.ceil(lines.data.total / ORIGINS_PER_PAGE)}
              value={page}
              onChange={setPage}
              aria-label={t('embedOrigins.metricsTitle')}
            />
          )}
        </>
      )}
    </Stack>
  );
}
