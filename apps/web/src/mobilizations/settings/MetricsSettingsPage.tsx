import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionsByOrigin } from '../../metrics/ActionsByOrigin';
import { FigureGrid, MetricFigures, MetricsEmpty, MetricsLoadFailed } from '../../metrics/MetricFigures';
import { nothingYet } from '../../metrics/metricsApi';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { useSettingsMobilization } from './SettingsLayout';
import { fetchMobilizationMetrics, mobilizationMetricsKey } from './settingsApi';

/**
 * `/mobilizations/{id}/settings/metrics`: what the mobilization has collected so far, from the database (activists,
 * form entries, pressures, calls, donations and the amount raised), each with the spec's recent window.
 */
export default function MetricsSettingsPage() {
  const { t, i18n } = useTranslation();
  const mobilization = useSettingsMobilization();
  const metrics = useQuery({
    queryKey: mobilizationMetricsKey(mobilization.id),
    queryFn: () => fetchMobilizationMetrics(mobilization.id),
  });

  if (metrics.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (metrics.isError) return <MetricsLoadFailed onRetry={() => void metrics.refetch()} />;
  const { antispam } = metrics.data;
  // Refusals are worth showing even before anyone acted: a bot may be all that came.
  const refusals = (antispam.on || antispam.refused > 0) && (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('antispam.refusedTitle')}
      </Title>
      <FigureGrid
        label={t('antispam.refusedTitle')}
        figures={[
          {
            label: t('antispam.refusedTotal'),
            value: antispam.refused.toLocaleString(i18n.language),
            detail: `${t('antispam.refusedHelp')}. ${t('antispam.refusedRecent', { count: antispam.refused_recent, days: antispam.recent_days })}`,
          },
        ]}
      />
    </Stack>
  );
  if (nothingYet(metrics.data.metrics))
    return (
      <Stack gap="md">
        <MetricsEmpty title={t('mobilizationMetrics.empty')} help={t('mobilizationMetrics.emptyHelp')} />
        {refusals}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('mobilizationMetrics.intro')}</Text>
      <MetricFigures
        metrics={metrics.data.metrics}
        label={t('mobilizationMetrics.figuresLabel')}
        activistsHelp={t('mobilizationMetrics.activistsHelp')}
      />
      {refusals}
      <ActionsByOrigin scope="mobilizations" id={mobilization.id} />
    </Stack>
  );
}
