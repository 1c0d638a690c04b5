import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { ActionsByOrigin } from '../../metrics/ActionsByOrigin';
import { MetricFigures, MetricsEmpty, MetricsLoadFailed } from '../../metrics/MetricFigures';
import { nothingYet } from '../../metrics/metricsApi';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { communityMetricsKey, fetchCommunityMetrics } from './communityApi';
import { MobilizationBreakdown } from './MobilizationBreakdown';

function Figures({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const metrics = useQuery({
    queryKey: communityMetricsKey(communityId),
    queryFn: () => fetchCommunityMetrics(communityId),
  });
  if (metrics.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (metrics.isError) return <MetricsLoadFailed onRetry={() => void metrics.refetch()} />;
  if (nothingYet(metrics.data))
    return <MetricsEmpty title={t('communityMetrics.empty')} help={t('communityMetrics.emptyHelp')} />;
  return (
    <Stack gap="xl">
      <MetricFigures
        metrics={metrics.data}
        label={t('communityMetrics.figuresLabel')}
        activistsHelp={t('communityMetrics.activistsHelp')}
      />
      <MobilizationBreakdown communityId={communityId} />
      <ActionsByOrigin scope="communities" id={communityId} />
    </Stack>
  );
}

/**
 * `/community/metrics`, the "Métricas" tab (spec 01 §2, §9): what every page of the community has collected, with
 * the spec's windows, then each mobilization's own figures (the donation reports are in the Relatórios tab). Any member may
 * read it.
 */
export default function CommunityMetricsPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  return (
    <CommunitySettingsPage description={t('communityMetrics.intro')}>
      {community && (
        <Stack gap="xl" key={community.id}>
          <Figures communityId={community.id} />
        </Stack>
      )}
    </CommunitySettingsPage>
  );
}
