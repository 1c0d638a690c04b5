import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { PhoneTargetCalls as TargetCalls } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { PhoneDeliveryTable } from './PhoneDeliveryTable';

interface TargetDelivery {
  target: string;
  address: string;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
}

/**
 * Entregas: for each target, the e-mails delivered, waiting, failing (being retried) and bounced, so organisers see at
 * a glance whether their pressure reached anyone; for a phone pressure, the calls per target instead. Refreshed on
 * demand and every 15 seconds while open.
 */
export default function PressureDeliveryPage() {
  const { t, i18n } = useTranslation();
  const { widget, mobilization } = useWidgetSettingsContext();
  const query = useQuery({
    queryKey: ['mobilization', mobilization.id, 'widget', widget.id, 'deliveries'],
    queryFn: () =>
      api<TargetDelivery[] | TargetCalls[]>(`/api/mobilizations/${mobilization.id}/widgets/${widget.id}/deliveries`),
    refetchInterval: 15_000,
  });
  const n = (value: number) => value.toLocaleString(i18n.language);
  if (query.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (query.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{t('kinds.pressure.deliveryLoadFailed')}</Text>
          <Button variant="default" onClick={() => void query.refetch()}>
            {t('widgetSettings.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const phone = widget.kind === 'pressure-phone';
  const rows = query.data as TargetDelivery[];
  const nothingSent = rows.every((r) => r.queued + r.sent + r.failed + r.bounced === 0);
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Text>{t(phone ? 'kinds.pressure.deliveryCallsIntro' : 'kinds.pressure.deliveryIntro')}</Text>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('kinds.pressure.deliveryRefresh')}
        </Button>
      </Group>
      {phone ? (
        <PhoneDeliveryTable rows={query.data as TargetCalls[]} />
      ) : nothingSent ? (
        <Alert color="gray" variant="light" role="status">
          {t('kinds.pressure.deliveryEmpty')}
        </Alert>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('kinds.pressure.deliveryTarget')}</Table.Th>
              <Table.Th scope="col">{t('kinds.pressure.deliverySent')}</Table.Th>
              <Table.Th scope="col">{t('kinds.pressure.deliveryQueued')}</Table.Th>
              <Table.Th scope="col">{t('kinds.pressure.deliveryFailed')}</Table.Th>
              <Table.Th scope="col">{t('kinds.pressure.deliveryBounced')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.address} data-testid={`delivery-${row.address}`}>
                <Table.Th scope="row" style={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
                  {row.target}
                </Table.Th>
                <Table.Td>{n(row.sent)}</Table.Td>
                <Table.Td>{n(row.queued)}</Table.Td>
                <Table.Td>{n(row.failed)}</Table.Td>
                <Table.Td c={row.bounced ? 'danger.8' : undefined}>{n(row.bounced)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
