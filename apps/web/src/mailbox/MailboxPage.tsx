import { Badge, Box, Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { isMessageKey } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCommunityDates } from '../communities/useCommunityDates';
import { Icon } from '../shell/icons';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import NotFoundPage from '../shell/NotFoundPage';
import { LinkifiedText } from './LinkifiedText';
import { fetchMailbox, MAILBOX_QUERY_KEY } from './mailboxApi';

const POLL_MS = 3000;

/** `/dev/mailbox`: what the sandbox mail driver kept instead of sending. E-mail goes out from a job, so it polls. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  const mailbox = useQuery({
    queryKey: MAILBOX_QUERY_KEY,
    queryFn: fetchMailbox,
    staleTime: 0,
    retry: false,
    meta: { showsErrors: 'refusals' },
    refetchInterval: (query) => (query.state.error ? false : POLL_MS),
  });

  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundPage />;

  // The server's kind of mail ('pressure-target') is a code: the badge names it in the reader's language.
  const kindLabel = (kind: string) => {
    const key = `mailbox.kinds.${kind}`;
    return isMessageKey(key) ? t(key) : t('mailbox.kindOther');
  };
  const messages = [...(mailbox.data?.messages ?? [])].sort((a, b) => (b.sent_at ?? '').localeCompare(a.sent_at ?? ''));

  return (
    <CenteredPage title={t('mailbox.title')} subtitle={t('mailbox.help')} size="lg">
      {mailbox.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {mailbox.isSuccess && messages.length === 0 && (
        <EmptyState variant="light" color="brand" icon={<Icon name="mail" size={28} />}>
          <EmptyState.Title order={2}>{t('mailbox.empty')}</EmptyState.Title>
        </EmptyState>
      )}
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <Card component="li" key={message.id} withBorder padding="lg">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={2} size="h4">
                  {message.subject}
                </Title>
                <Badge variant="light" color="gray">
                  {kindLabel(message.kind)}
                </Badge>
              </Group>
              <Box
                component="dl"
                m={0}
                fz="sm"
                style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12, rowGap: 2 }}
              >
                <Text component="dt" size="sm" fw={700}>
                  {t('mailbox.to')}
                </Text>
                {/* A long address breaks rather than running off a phone's screen. */}
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {message.to}
                </Text>
                <Text component="dt" size="sm" fw={700}>
                  {t('mailbox.sentAt')}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {message.sent_at ? dateTime(message.sent_at) : ''}
                </Text>
              </Box>
              <LinkifiedText text={message.text} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </CenteredPage>
  );
}
