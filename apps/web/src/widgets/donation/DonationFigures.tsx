import { type DonationFigures as Figures, formatMoney } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { FigureGrid, MetricsLoadFailed } from '../../metrics/MetricFigures';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';

export const donationFiguresKey = (mobilizationId: number, widgetId: number) =>
  ['mobilizations', mobilizationId, 'widgets', widgetId, 'donation_figures'] as const;

/** `GET /api/mobilizations/{id}/widgets/{widget}/donation_figures`. */
export const fetchDonationFigures = async (mobilizationId: number, widgetId: number) =>
  (await api<{ figures: Figures }>(`/api/mobilizations/${mobilizationId}/widgets/${widgetId}/donation_figures`))
    .figures;

/**
 * A donation widget's figures for its organisers (issue 14): what it raised, and its paid, refused, refunded (or
 * charged back) and active recurring donations. Placed on a tab of the widget's settings.
 */
export function DonationFigures({ mobilizationId, widgetId }: { mobilizationId: number; widgetId: number }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: donationFiguresKey(mobilizationId, widgetId),
    queryFn: () => fetchDonationFigures(mobilizationId, widgetId),
  });
  if (query.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (query.isError) return <MetricsLoadFailed onRetry={() => void query.refetch()} />;
  const f = query.data;
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <FigureGrid
      label={t('donationReports.figuresLabel')}
      figures={[
        { label: t('donationReports.pledged'), value: formatMoney(f.pledged) },
        { label: t('donationReports.paid'), value: n(f.paid) },
        { label: t('donationReports.pending'), value: n(f.pending) },
        { label: t('donationReports.recurringActive'), value: n(f.recurring_active) },
        { label: t('donationReports.refused'), value: n(f.refused) },
        { label: t('donationReports.refunded'), value: n(f.refunded) },
      ]}
    />
  );
}
