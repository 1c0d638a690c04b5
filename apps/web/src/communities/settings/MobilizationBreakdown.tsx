import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type MetricsFigures } from '@mutirao/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MetricsLoadFailed } from '../../metrics/MetricFigures';
import { ListPagination } from '../../mobilizations/ListPagination';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { BREAKDOWN_PER_PAGE, fetchMobilizationBreakdown, mobilizationBreakdownKey } from './communityApi';

function pageParam(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * Each of the community's mobilizations with its own figures since it was created, most recently updated first, ten
 * a page (`?page=N`); a name opens that mobilization's Métricas tab.
 */
export function MobilizationBreakdown({ communityId }: { communityId: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const rows = useQuery({
    queryKey: mobilizationBreakdownKey(communityId, page),
    queryFn: () => fetchMobilizationBreakdown(communityId, page),
    // The page being left stays on screen until the next one arrives, so the table does not jump.
    placeholderData: keepPreviousData,
  });
  const n = (value: number) => value.toLocaleString(i18n.language);
  const columns: { label: string; value(m: MetricsFigures): string }[] = [
    { label: t('mobilizationMetrics.activists'), value: (m) => n(m.activists) },
    { label: t('communityMetrics.formEntries'), value: (m) => n(m.form_entries) },
    { label: t('mobilizationMetrics.pressures'), value: (m) => n(m.pressures) },
    { label: t('mobilizationMetrics.phonePressures'), value: (m) => n(m.phone_pressures) },
    { label: t('communityMetrics.donations'), value: (m) => n(m.donations) },
    { label: t('mobilizationMetrics.raised'), value: (m) => formatMoney(m.total_fund_raising) },
  ];
  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  const lastPage = Math.max(1, Math.ceil((rows.data?.total ?? 0) / BREAKDOWN_PER_PAGE));

  // A stale bookmark past the end would show an empty table: show the last page instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo only writes the address.
  useEffect(() => {
    if (rows.data && !rows.isPlaceholderData && page > lastPage) goTo(lastPage);
  }, [rows.data, rows.isPlaceholderData, page, lastPage]);

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} aria-busy={rows.isFetching}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t('communityMetrics.byMobilization')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('communityMetrics.byMobilizationHelp')}
        </Text>
      </div>
      {rows.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {rows.isError && <MetricsLoadFailed onRetry={() => void rows.refetch()} />}
      {rows.data?.total === 0 && <Text>{t('communityMetrics.noMobilizations')}</Text>}
      {rows.data && rows.data.mobilizations.length > 0 && (
        <>
          {/* A phone scrolls the table sideways; the region takes focus so a keyboard can scroll it too. */}
          <Table.ScrollContainer minWidth={800} type="native" tabIndex={0} role="region" aria-labelledby={headingId}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('communityMetrics.mobilization')}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.label} scope="col" ta="right">
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.mobilizations.map(({ id, name, status, metrics: m }) => (
                  <Table.Tr key={id}>
                    <Table.Th scope="row" fw={400}>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/mobilizations/${id}/settings/metrics`} fw={700}>
                          {name}
                        </Anchor>
                        {status === 'archived' && (
                          <Badge color="gray" variant="light">
                            {t('communityMetrics.archived')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Th>
                    {columns.map((column) => (
                      <Table.Td key={column.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {column.value(m)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} perPage={BREAKDOWN_PER_PAGE} total={rows.data.total} onChange={goTo} />
        </>
      )}
    </Stack>
  );
}
