import { Alert, Card, EmptyState, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { useSettingsMobilization } from './SettingsLayout';
import { fetchMobilizationMetrics, type MobilizationMetrics, mobilizationMetricsKey } from './settingsApi';

/** Spec 01 §9 metrics windows. */
const ACTION_DAYS = 90;
const DONATION_DAYS = 30;

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap={2}>
        <Text size="sm" fw={700} c="gray.8">
          {label}
        </Text>
        <Text fz={32} fw={800} lh={1.1}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="gray.7">
            {detail}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

const nothingYet = (m: MobilizationMetrics) =>
  m.activists + m.form_entries + m.pressures + m.phone_calls + m.donations + m.active_subscriptions === 0;

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
  const n = (value: number) => value.toLocaleString(i18n.language);
  const recent = (count: number, days: number) => t('mobilizationMetrics.recentCount', { count: n(count), days });

  if (metrics.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (metrics.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('errors.pageFailed')}
      </Alert>
    );
  const m = metrics.data;
  if (nothingYet(m))
    return (
      <Paper withBorder p="xl">
        <EmptyState variant="light" color="brand" icon={<Icon name="chart" size={28} />}>
          <EmptyState.Title order={2}>{t('mobilizationMetrics.empty')}</EmptyState.Title>
          <EmptyState.Description>{t('mobilizationMetrics.emptyHelp')}</EmptyState.Description>
        </EmptyState>
      </Paper>
    );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('mobilizationMetrics.intro')}</Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('mobilizationMetrics.figuresLabel')}
      >
        <Figure
          label={t('mobilizationMetrics.activists')}
          value={n(m.activists)}
          detail={`${t('mobilizationMetrics.activistsHelp')}. ${recent(m.activists_last_90_days, ACTION_DAYS)}`}
        />
        <Figure
          label={t('mobilizationMetrics.formEntries')}
          value={n(m.form_entries)}
          detail={recent(m.form_entries_last_90_days, ACTION_DAYS)}
        />
        <Figure
          label={t('mobilizationMetrics.pressures')}
          value={n(m.pressures)}
          detail={recent(m.pressures_last_90_days, ACTION_DAYS)}
        />
        <Figure
          label={t('mobilizationMetrics.phoneCalls')}
          value={n(m.phone_calls)}
          detail={recent(m.phone_calls_last_90_days, ACTION_DAYS)}
        />
        <Figure
          label={t('mobilizationMetrics.donations')}
          value={n(m.donations)}
          detail={recent(m.donations_last_30_days, DONATION_DAYS)}
        />
        <Figure
          label={t('mobilizationMetrics.raised')}
          value={formatMoney(m.total_fund_raising)}
          detail={t('mobilizationMetrics.recentAmount', {
            amount: formatMoney(m.fund_raising_last_30_days),
            days: DONATION_DAYS,
          })}
        />
        <Figure label={t('mobilizationMetrics.subscriptions')} value={n(m.active_subscriptions)} />
      </SimpleGrid>
      {m.last_action_at && (
        <Text size="sm" c="dimmed">
          {t('mobilizationMetrics.lastAction', { date: formatDate(m.last_action_at) })}
        </Text>
      )}
    </Stack>
  );
}
