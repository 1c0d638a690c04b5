import { Alert, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../useCommunityDates';
import type { MailchimpCall, MailchimpSettings } from './mailchimpApi';

/** What a recorded call carried, in a line: the e-mail, the tags or the segment's name or members. */
function summary(call: MailchimpCall): string {
  const body = call.body ?? {};
  if (Array.isArray(body.tags)) return (body.tags as { name: string }[]).map((t) => t.name).join(', ');
  if (Array.isArray(body.members_to_add)) return (body.members_to_add as string[]).join(', ');
  if (typeof body.email_address === 'string') {
    const fields = Object.values((body.merge_fields ?? {}) as Record<string, string>);
    return [body.email_address, ...fields].join(' · ');
  }
  if (typeof body.name === 'string') return body.name;
  return '';
}

/** The sync's state on the Mailchimp tab: paused and why, the queue, the last run, the resync and the sandbox's calls. */
export function MailchimpStatus({
  settings,
  canManage,
  onResync,
  resyncing,
}: {
  settings: MailchimpSettings;
  canManage: boolean;
  onResync: () => void;
  resyncing: boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  const m = settings.mailchimp;
  const resync = m.resync;
  const state = !m.configured
    ? t('mailchimp.statusOff')
    : m.paused
      ? t(m.paused_reason === 'list_not_found' ? 'mailchimp.pausedListNotFound' : 'mailchimp.pausedInvalidKey')
      : t('mailchimp.statusActive');
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={2} size="h4">
        {t('mailchimp.status')}
      </Title>
      <Alert color={m.paused ? 'danger' : m.configured ? 'teal' : 'gray'} variant="light" role="status">
        {state}
      </Alert>
      <Group gap="xl">
        <Text size="sm">
          {t('mailchimp.queue')}: <strong>{m.queue_size}</strong>
        </Text>
        <Text size="sm">
          {t('mailchimp.lastSync')}:{' '}
          <strong>{m.last_synced_at ? dateTime(m.last_synced_at) : t('mailchimp.never')}</strong>
        </Text>
      </Group>
      {m.last_error && (
        <Text size="sm" c="dimmed">
          {t('mailchimp.lastError')}: {m.last_error}
        </Text>
      )}
      {resync.status === 'running' && (
        <Stack gap={4}>
          <Text size="sm">{t('mailchimp.resyncRunning', { done: resync.done, total: resync.total })}</Text>
          <Progress value={resync.total ? (100 * resync.done) / resync.total : 0} aria-hidden />
        </Stack>
      )}
      {resync.status === 'done' && <Text size="sm">{t('mailchimp.resyncDone', { count: resync.total })}</Text>}
      {canManage && m.configured && (
        <Group>
          <Button variant="default" onClick={onResync} loading={resyncing} disabled={resync.status === 'running'}>
            {t('mailchimp.resync')}
          </Button>
        </Group>
      )}
      {settings.sandbox && (
        <>
          <Title order={2} size="h4">
            {t('mailchimp.calls')}
          </Title>
          {settings.calls.length === 0 ? (
            <Text size="sm">{t('mailchimp.callsEmpty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('mailchimp.callTime')}</Table.Th>
                    <Table.Th>{t('mailchimp.callMethod')}</Table.Th>
                    <Table.Th>{t('mailchimp.callPath')}</Table.Th>
                    <Table.Th>{t('mailchimp.callSummary')}</Table.Th>
                    <Table.Th>{t('mailchimp.callStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {settings.calls.map((call) => (
                    <Table.Tr key={call.id}>
                      <Table.Td>{dateTime(call.created_at)}</Table.Td>
                      <Table.Td>{call.method}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{call.path}</Table.Td>
                      <Table.Td>{summary(call)}</Table.Td>
                      <Table.Td>{call.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
