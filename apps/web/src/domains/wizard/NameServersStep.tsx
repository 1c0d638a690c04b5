import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostedZone } from '../domainsApi';
import { NameServerList } from '../ZoneStatus';

interface NameServersStepProps {
  zone: HostedZone;
  onPostpone: () => void;
  onDone: () => void;
}

/** Step 2: the name servers to set at the registrar. It may take up to 48 hours, so it can wait ('Fazer depois'). */
export function NameServersStep({ zone, onPostpone, onDone }: NameServersStepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap="lg">
      {zone.is_external_domain ? (
        <>
          <Text>{t('domains.externalIntro', { domain: zone.domain_name })}</Text>
          <ExternalRecord zone={zone} />
        </>
      ) : (
        <>
          <Text fw={700}>{t('domains.nameServersIntro', { domain: zone.domain_name })}</Text>
          <Text>{t('domains.nameServersSteps')}</Text>
          <NameServerList zone={zone} labelId={labelId} />
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onPostpone}>
          {t('domains.postpone')}
        </Button>
        <Button onClick={onDone}>
          {t(zone.is_external_domain ? 'domains.externalRecordCreated' : 'domains.nameServersChanged')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The record an external domain creates at its own provider: www as a CNAME to PUBLIC_HOST. */
function ExternalRecord({ zone }: { zone: HostedZone }) {
  const { t } = useTranslation();
  if (!zone.www_target) return null;
  return (
    <Stack gap={4}>
      <Table withTableBorder captionSide="top" fz="sm">
        <Table.Caption>{t('domains.externalRecordTitle')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('domains.recordName')}</Table.Th>
            <Table.Th>{t('domains.recordType')}</Table.Th>
            <Table.Th>{t('domains.recordValue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ff="monospace">
          <Table.Tr>
            <Table.Td>www.{zone.domain_name}</Table.Td>
            <Table.Td>CNAME</Table.Td>
            <Table.Td>{zone.www_target}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('domains.externalRecordBare')}
      </Text>
    </Stack>
  );
}
