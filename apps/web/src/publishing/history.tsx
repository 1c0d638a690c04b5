import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCommunityDates } from '../communities/useCommunityDates';
import type { Revision } from './publishingApi';

/** The server's answer for a page or revision that is missing or another community's: the screen's 'not found'. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Who published a revision and when, in the community's time zone: 'Publicada por Ana em 28/11/2026 10:30', by the
 * schedule, or by no one the page still knows (a deleted account).
 */
export function usePublishedLine() {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  return (revision: Pick<Revision, 'published_at' | 'published_by' | 'scheduled'>) => {
    const date = dateTime(revision.published_at);
    if (revision.scheduled) return t('publishing.publishedBySchedule', { date });
    if (revision.published_by) return t('publishing.publishedBy', { name: revision.published_by.name, date });
    return t('publishing.publishedAt', { date });
  };
}

/** 'Não foi possível carregar o histórico.' with 'Tentar de novo', for either history screen. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="danger" variant="light" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('publishing.loadFailed')}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('publishing.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
