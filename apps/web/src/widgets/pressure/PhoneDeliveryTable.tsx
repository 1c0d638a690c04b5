import { Alert, Table } from '@mantine/core';
import type { PhoneTargetCalls as TargetCalls } from '@mutirao/core';
import { useTranslation } from 'react-i18next';

const COLUMNS = [
  ['completed', 'callsCompleted'],
  ['busy', 'callsBusy'],
  ['no_answer', 'callsNoAnswer'],
  ['failed', 'callsFailed'],
  ['active', 'callsActive'],
] as const;

/** Entregas of a phone pressure: per target, calls answered, busy, unanswered, failed and still going, and the time talked. */
export function PhoneDeliveryTable({ rows }: { rows: TargetCalls[] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  if (rows.every((r) => COLUMNS.every(([key]) => r[key] === 0)))
    return (
      <Alert color="gray" variant="light" role="status">
        {t('kinds.pressure.deliveryCallsEmpty')}
      </Alert>
    );
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('kinds.pressure.deliveryTarget')}</Table.Th>
          {COLUMNS.map(([key, label]) => (
            <Table.Th key={key} scope="col">
              {t(`kinds.pressure.${label}`)}
            </Table.Th>
          ))}
          <Table.Th scope="col">{t('kinds.pressure.callsDuration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.address} data-testid={`delivery-${row.address}`}>
            <Table.Th scope="row" style={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
              {row.target}
            </Table.Th>
            {COLUMNS.map(([key]) => (
              <Table.Td key={key} c={key !== 'completed' && key !== 'active' && row[key] ? 'danger.8' : undefined}>
                {n(row[key])}
              </Table.Td>
            ))}
            <Table.Td>{minutes(row.duration)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
