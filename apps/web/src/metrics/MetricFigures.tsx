import { Alert, Button, Card, EmptyState, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney, METRICS_WINDOW_DAYS, type MetricsFigures } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../communities/useCommunityDates';
import { Icon } from '../shell/icons';

interface FigureProps {
  label: string;
  value: string;
  detail?: string;
}

/** One figure card: its name, its value, and what it counts or its recent part. */
export function Figure({ label, value, detail }: FigureProps) {
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

/** Figure cards in a responsive grid, named for screen readers. */
export function FigureGrid({ label, figures }: { label: string; figures: FigureProps[] }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {figures.map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}

interface MetricFiguresProps {
  metrics: MetricsFigures;
  /** Names the list of figures for screen readers (whose figures they are). */
  label: string;
  /** Who counts as an activist in this scope (the page, or any page of the community). */
  activistsHelp: string;
}

/**
 * The figure cards both Métricas screens show, a page's and a community's: each total with its recent count in the
 * spec's window (90 days for actions, 30 for donations), then the time of the latest action.
 */
export function MetricFigures({ metrics: m, label, activistsHelp }: MetricFiguresProps) {
  const { t, i18n } = useTranslation();
  const { date } = useCommunityDates();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const { actions, donations } = METRICS_WINDOW_DAYS;
  const recent = (count: number, days: number) => t('mobilizationMetrics.recentCount', { count: n(count), days });
  const figures = [
    {
      label: t('mobilizationMetrics.activists'),
      value: n(m.activists),
      detail: `${activistsHelp}. ${recent(m.activists_last_90_days, actions)}`,
    },
    {
      label: t('mobilizationMetrics.formEntries'),
      value: n(m.form_entries),
      detail: recent(m.form_entries_last_90_days, actions),
    },
    {
      label: t('mobilizationMetrics.pressures'),
      value: n(m.pressures),
      detail: recent(m.pressures_last_90_days, actions),
    },
    {
      label: t('mobilizationMetrics.phonePressures'),
      value: n(m.phone_pressures),
      detail: `${t('mobilizationMetrics.phonePressuresHelp')}. ${recent(m.phone_pressures_last_90_days, actions)}`,
    },
    {
      label: t('mobilizationMetrics.phoneCalls'),
      value: n(m.phone_calls),
      detail: `${t('mobilizationMetrics.phoneCallsHelp')}. ${recent(m.phone_calls_last_90_days, actions)}`,
    },
    {
      label: t('mobilizationMetrics.donations'),
      value: n(m.donations),
      detail: recent(m.donations_last_30_days, donations),
    },
    {
      label: t('mobilizationMetrics.raised'),
      value: formatMoney(m.total_fund_raising),
      detail: t('mobilizationMetrics.recentAmount', {
        amount: formatMoney(m.fund_raising_last_30_days),
        days: donations,
      }),
    },
    { label: t('mobilizationMetrics.pendingDonations'), value: n(m.pending_donations) },
    { label: t('mobilizationMetrics.subscriptions'), value: n(m.active_subscriptions) },
    { label: t('mobilizationMetrics.refusedDonations'), value: n(m.refused_donations) },
    { label: t('mobilizationMetrics.refundedDonations'), value: n(m.refunded_donations) },
  ];
  return (
    <Stack gap="sm">
      <FigureGrid label={label} figures={figures} />
      {m.last_action_at && (
        <Text size="sm" c="dimmed">
          {t('mobilizationMetrics.lastAction', { date: date(m.last_action_at) })}
        </Text>
      )}
    </Stack>
  );
}

/** Nobody acted yet: says so, and what will make figures appear. */
export function MetricsEmpty({ title, help }: { title: string; help: string }) {
  return (
    <Paper withBorder p="xl">
      <EmptyState variant="light" color="brand" icon={<Icon name="chart" size={28} />}>
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        <EmptyState.Description>{help}</EmptyState.Description>
      </EmptyState>
    </Paper>
  );
}

/** The figures could not be loaded: says so and offers to try again. */
export function MetricsLoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="danger" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{t('mobilizationMetrics.loadFailed')}</Text>
        <Button variant="default" onClick={onRetry}>
          {t('mobilizationMetrics.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
