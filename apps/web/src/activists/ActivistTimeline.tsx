import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { formatMoney, timelineKey } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunityDates } from '../communities/useCommunityDates';
import type { TimelineItem } from './activistsApi';

/**
 * A person's actions across the community's pages, newest first, each worded for what it is (core's `timelineKey`):
 * 'Doou R$ 50,00' for a paid donation, 'Tentativa de doação recusada — R$ 50,00' for a refused one, a call that did
 * not reach its target with the reason; with its page, its time in the community's zone and the consent shown.
 */
export function ActivistTimeline({ timeline }: { timeline: TimelineItem[] }) {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-timeline" style={{ flex: '2 1 360px' }}>
      <Title order={2} size="h4" id="profile-timeline" mb="sm">
        {t('activists.timeline')}
      </Title>
      {timeline.length === 0 ? (
        <Text c="dimmed">{t('activists.timelineEmpty')}</Text>
      ) : (
        <List spacing="sm" listStyleType="none">
          {timeline.map((item) => (
            <List.Item key={`${item.kind}-${item.id}`}>
              <Text fw={600}>
                {t(timelineKey(item.kind, item.state), { amount: formatMoney(item.amount ?? 0) })}{' '}
                {item.mobilization ? (
                  <>
                    {t('activists.timelinePage')}{' '}
                    <Anchor component={Link} to={`/mobilizations/${item.mobilization.id}/edit`}>
                      {item.mobilization.name}
                    </Anchor>
                  </>
                ) : (
                  t('activists.timelineRemovedPage')
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {dateTime(item.created_at)}
              </Text>
              {item.consent ? (
                <Text size="sm" mt={4}>
                  <Text span fw={600}>
                    {t('activists.consentShown')}:
                  </Text>{' '}
                  “{item.consent.text}”{' '}
                  <Anchor href={item.consent.page_url} target="_blank" rel="noreferrer">
                    {item.consent.page_url}
                  </Anchor>
                </Text>
              ) : (
                <Text size="sm" c="dimmed" mt={4}>
                  {t('activists.consentNone')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
