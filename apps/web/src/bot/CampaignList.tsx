import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCommunityDates } from '../communities/useCommunityDates';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { type Campaign, type CampaignStatus, campaignsKey, fetchCampaigns, fetchSandboxMessages } from './botApi';

const STATUS = {
  queued: { label: 'massMessages.statusQueued', color: 'gray', text: undefined },
  sending: { label: 'massMessages.statusSending', color: 'brand', text: 'brand.9' },
  sent: { label: 'massMessages.statusSent', color: 'success', text: undefined },
  failed: { label: 'massMessages.statusFailed', color: 'danger', text: 'danger.8' },
} as const satisfies Record<CampaignStatus, unknown>;

/** While a campaign goes out its counts move: the list asks again every few seconds until none is queued or sending. */
const REFRESH_MS = 3000;

/** The community's mass messages, newest first, with their counts; on the sandbox, the messages it recorded. */
export function CampaignList({ communityId }: { communityId: number }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<Campaign>();
  const campaigns = useInfiniteQuery({
    queryKey: campaignsKey(communityId),
    queryFn: ({ pageParam }) => fetchCampaigns(communityId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: communityId > 0,
    meta: { showsErrors: 'all' },
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.campaigns.some((c) => c.status === 'queued' || c.status === 'sending'))
        ? REFRESH_MS
        : false,
  });
  const rows = campaigns.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const number = (n: number) => n.toLocaleString(i18n.language);
  const { dateTime: date } = useCommunityDates();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bot-campaigns-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="bot-campaigns-title">
          {t('massMessages.campaigns')}
        </Title>
        {campaigns.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {campaigns.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('massMessages.campaignsFailed')}
          </Alert>
        )}
        {campaigns.isSuccess && rows.length === 0 && <Text c="dimmed">{t('massMessages.campaignsEmpty')}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-labelledby="bot-campaigns-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('massMessages.colName')}</Table.Th>
                  <Table.Th>{t('massMessages.colDate')}</Table.Th>
                  <Table.Th>{t('massMessages.colStatus')}</Table.Th>
                  <Table.Th ta="right">{t('massMessages.colSent')}</Table.Th>
                  <Table.Th ta="right">{t('massMessages.colFailed')}</Table.Th>
                  <Table.Th ta="right">{t('massMessages.colSkipped')}</Table.Th>
                  <Table.Th ta="right">{t('massMessages.colPending')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        aria-label={t('massMessages.showMessages', { name: c.name })}
                        onClick={() => setShown(c)}
                      >
                        {c.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>{date(c.created_at)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS[c.status].color} c={STATUS[c.status].text}>
                        {t(STATUS[c.status].label)}
                      </Badge>
                      {/* A campaign fails only when Messenger refuses the page's token (`Chatbot.failCampaign`). */}
                      {c.status === 'failed' && (
                        <Text size="xs" c="danger.8" mt={4}>
                          {t('massMessages.badToken')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{number(c.counts.sent)}</Table.Td>
                    <Table.Td ta="right">{number(c.counts.failed)}</Table.Td>
                    <Table.Td ta="right">{number(c.counts.skipped)}</Table.Td>
                    <Table.Td ta="right">{number(c.counts.pending + c.counts.sending)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {campaigns.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={campaigns.isFetchingNextPage} onClick={() => campaigns.fetchNextPage()}>
              {t('massMessages.more')}
            </Button>
          </Group>
        )}
      </Stack>
      <SandboxMessages communityId={communityId} campaign={shown} onClose={() => setShown(undefined)} />
    </Paper>
  );
}

/** What the sandbox driver recorded for a campaign; on the Messenger driver there is nothing to show. */
function SandboxMessages({
  communityId,
  campaign,
  onClose,
}: {
  communityId: number;
  campaign?: Campaign;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  const messages = useQuery({
    queryKey: ['communities', communityId, 'bot', 'sandbox_messages', campaign?.id],
    queryFn: () => fetchSandboxMessages(communityId, campaign?.id ?? 0),
    enabled: Boolean(campaign),
    retry: false,
    meta: { showsErrors: 'all' },
  });
  const unavailable = messages.error instanceof ApiError && messages.error.status === 404;
  return (
    <Modal
      opened={Boolean(campaign)}
      onClose={onClose}
      title={t('massMessages.sandboxTitle', { name: campaign?.name ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('massMessages.sandboxHelp')}
        </Text>
        {messages.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {messages.isError && (
          <Alert color={unavailable ? 'yellow' : 'danger'} variant="light" role="alert">
            {t(unavailable ? 'massMessages.sandboxUnavailable' : 'massMessages.campaignsFailed')}
          </Alert>
        )}
        {messages.data && messages.data.messages.length === 0 && <Text>{t('massMessages.sandboxEmpty')}</Text>}
        {messages.data && messages.data.messages.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('massMessages.sandboxRecipient')}</Table.Th>
                <Table.Th>{t('massMessages.sandboxText')}</Table.Th>
                <Table.Th>{t('massMessages.sandboxWhen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.data.messages.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.recipient}</Table.Td>
                  <Table.Td>
                    {m.text}
                    {m.quick_reply_button_text ? ` [${m.quick_reply_button_text} → ${m.quick_reply_redirect}]` : ''}
                  </Table.Td>
                  <Table.Td>{dateTime(m.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
