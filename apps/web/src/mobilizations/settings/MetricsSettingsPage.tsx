import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionsByOrigin } from '../../metrics/ActionsByOrigin';
import { MetricFigures, MetricsEmpty, MetricsLoadFailed } from '../../metrics/MetricFigures';
import { nothingYet } from '../../metrics/metricsApi';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { useSettingsMobilization } from './SettingsLayout';
import { fetchMobilizationMetrics, mobilizationMetricsKey } from './settingsApi';

/**
 * `/mobilizations/{id}/settings/metrics`: what the mobilization has collected so far, from the database (activists,
 * form entries, pressures, calls, donations and the amount raised), each with the spec's recent window.
 */
export default function MetricsSettingsPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const metrics = useQuery({
    queryKey: mobilizationMetricsKey(mobilization.id),
    queryFn: () => fetchMobilizationMetrics(mobilization.id),
  });

  if (metrics.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (metrics.isError) return <MetricsLoadFailed onRetry={() => void metrics.refetch()} />;
  if (nothingYet(metrics.data))
    return <MetricsEmpty title={t('mobilizationMetrics.empty')} help={t('mobilizationMetrics.emptyHelp')} />;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('mobilizationMetrics.intro')}</Text>
      <MetricFigures
        metrics={metrics.data}
        label={t('mobilizationMetrics.figuresLabel')}
        activistsHelp={t('mobilizationMetrics.activistsHelp')}
      />
      <ActionsByOrigin scope="mobilizations" id={mobilization.id} />
    </Stack>
  );
}
