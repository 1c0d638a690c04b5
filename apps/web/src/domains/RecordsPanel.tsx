import { ActionIcon, Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { Icon } from '../shell/icons';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { showSuccess } from '../shell/toasts';
import { type DnsRecord, deleteRecord, fetchRecords, type HostedZone, recordsKey } from './domainsApi';
import { RecordForm } from './RecordForm';
import { useApiRefusal } from './useApiRefusal';

interface RecordsPanelProps {
  communityId: number;
  zone: HostedZone;
  canManage: boolean;
}

/** The records of one zone: a table (values one per line), and for admins the add form and delete with confirmation. */
export function RecordsPanel({ communityId, zone, canManage }: RecordsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [doomed, setDoomed] = useState<DnsRecord>();
  const records = useQuery({
    queryKey: recordsKey(communityId, zone.id),
    queryFn: () => fetchRecords(communityId, zone.id),
  });
  const [refusal, onRefused] = useApiRefusal();
  const remove = useMutation({
    mutationFn: (record: DnsRecord) => deleteRecord(communityId, zone.id, record.id),
    onSuccess: async () => {
      setDoomed(undefined);
      await queryClient.invalidateQueries({ queryKey: recordsKey(communityId, zone.id) });
      showSuccess(t('domains.recordDeleted'));
      // The row and its button are gone: the records' heading takes the focus instead of the page's top.
      heading.current?.focus();
    },
    onError: (e) => {
      setDoomed(undefined);
      onRefused(e);
    },
    meta: { showsErrors: 'refusals' },
  });
  const caption = t('domains.recordsOf', { domain: zone.domain_name });
  return (
    <Stack gap="md">
      <Title order={3} size="h5" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {caption}
      </Title>
      {records.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {records.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('domains.recordsFailed')}
        </Alert>
      )}
      {refusal && (
        <Alert color="danger" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      {records.data?.length === 0 && <Text c="dimmed">{t('domains.recordsEmpty')}</Text>}
      {records.data && records.data.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={caption} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('domains.recordName')}</Table.Th>
                <Table.Th>{t('domains.recordType')}</Table.Th>
                <Table.Th>{t('domains.recordValue')}</Table.Th>
                <Table.Th>{t('domains.recordTtl')}</Table.Th>
                {canManage && <Table.Th>{t('domains.recordActions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td ff="monospace">{r.name}</Table.Td>
                  <Table.Td>{r.record_type}</Table.Td>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'pre-line', wordBreak: 'break-all' }}>
                    {r.value}
                  </Table.Td>
                  <Table.Td>{r.ttl}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="danger.8"
                        aria-label={t('domains.deleteRecord', { type: r.record_type, name: r.name })}
                        onClick={() => setDoomed(r)}
                      >
                        <Icon name="trash" size={18} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && <RecordForm communityId={communityId} zone={zone} />}
      <ConfirmDialog
        opened={!!doomed}
        title={t('domains.deleteRecordTitle')}
        message={doomed ? t('domains.deleteRecordConfirm', { type: doomed.record_type, name: doomed.name }) : ''}
        confirmLabel={t('domains.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed)}
        onCancel={() => setDoomed(undefined)}
      />
    </Stack>
  );
}
