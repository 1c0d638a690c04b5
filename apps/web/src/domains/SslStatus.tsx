import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../communities/useCommunityDates';
import type { Certificate, SslStatus as Status } from './domainsApi';

const LOOK: Record<Status, { color: string; key: 'domains.sslChecking' | 'domains.sslOk' | 'domains.sslFailed' }> = {
  checking: { color: 'gray', key: 'domains.sslChecking' },
  ok: { color: 'success', key: 'domains.sslOk' },
  failed: { color: 'danger', key: 'domains.sslFailed' },
};

/** One host's SSL state ('Verificando', 'OK', 'Falhou', spec 01 §4) and when it was last checked. */
export function SslStatusBadge({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  const look = LOOK[certificate.ssl_status ?? 'checking'];
  const checkedAt = certificate.ssl_checked_at
    ? t('domains.sslCheckedAt', {
        date: dateTime(certificate.ssl_checked_at),
      })
    : t('domains.sslNotChecked');
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={look.color} c={certificate.ssl_status === 'failed' ? 'danger.8' : undefined} variant="light">
        {t(look.key)}
      </Badge>
      <Text size="sm" c="dimmed">
        {checkedAt}
      </Text>
    </Group>
  );
}

/** The hosts of a page or a zone with their SSL state, as a small table. */
export function SslTable({ certificates, caption }: { certificates: Certificate[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="xs" aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('domains.sslHost')}</Table.Th>
          <Table.Th>{t('domains.sslStatus')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {certificates.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {c.domain}
              </Text>
            </Table.Td>
            <Table.Td>
              <SslStatusBadge certificate={c} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
