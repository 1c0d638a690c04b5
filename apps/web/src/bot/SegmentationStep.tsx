import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivistFilters } from '../activists/ActivistFilters';
import { fetchSegments } from '../activists/activistsApi';
import { EMPTY_FILTER } from '../activists/listParams';
import { SegmentBar } from '../activists/SegmentBar';
import { ApiError } from '../api/client';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { type Audience, fetchAudience, type Segmentation } from './botApi';
import { RecipientPreview } from './RecipientPreview';

interface SegmentationStepProps {
  communityId: number;
  headingRef: Ref<HTMLHeadingElement>;
  value: Segmentation;
  onChange(value: Segmentation): void;
  onNext(audience: Audience): void;
}

/**
 * Step 0 of the mass-message wizard: the people list's filters and saved segments choose who receives the message;
 * a preview lists the Messenger subscribers it reaches ('Exibindo X de Y') and says how many matching people are
 * left out for having no opt-in. Next is disabled while nobody is reached.
 */
export function SegmentationStep({ communityId, headingRef, value, onChange, onNext }: SegmentationStepProps) {
  const { t, i18n } = useTranslation();
  const segments = useQuery({
    queryKey: ['communities', communityId, 'activist_segments'],
    queryFn: () => fetchSegments(communityId),
    enabled: communityId > 0 && Boolean(value.segmentId),
  });
  const segment = segments.data?.find((s) => s.id === value.segmentId);
  const applied = segment ? { ...EMPTY_FILTER, ...segment.filter, q: value.filter.q } : value.filter;
  const audience = useQuery({
    queryKey: ['communities', communityId, 'bot', 'audience', value],
    queryFn: () => fetchAudience(communityId, value),
    enabled: communityId > 0,
    placeholderData: keepPreviousData,
    meta: { showsErrors: 'all' },
  });
  const errors = audience.error instanceof ApiError && audience.error.kind === 'response' ? audience.error.fields : {};
  const data = audience.data;
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Stack gap="md">
      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {t('massMessages.stepSegmentation')}
      </Title>
      <ActivistFilters
        communityId={communityId}
        applied={applied}
        errors={errors}
        onApply={(filter) => onChange({ filter })}
      />
      <SegmentBar
        communityId={communityId}
        segmentId={value.segmentId}
        filter={applied}
        onChoose={(chosen) =>
          onChange(
            chosen ? { segmentId: chosen.id, filter: { ...EMPTY_FILTER, q: value.filter.q } } : { filter: applied },
          )
        }
      />
      <Paper withBorder p="md" component="section" aria-labelledby="bot-preview-title">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline" wrap="wrap">
            <Title order={3} size="h4" id="bot-preview-title">
              {t('massMessages.previewTitle')}
            </Title>
            {data && (
              <Text role="status" fw={700}>
                {t('massMessages.showing', {
                  shown: number(data.recipients.length),
                  total: number(data.total),
                })}
              </Text>
            )}
          </Group>
          {data && data.skipped > 0 && (
            <Text c="dimmed" size="sm">
              {t('massMessages.skipped', { count: data.skipped })}
            </Text>
          )}
          {audience.isPending && <LoadingScreen label={t('app.loading')} inline />}
          {audience.isError && (
            <Alert color="danger" variant="light" role="alert">
              {Object.keys(errors).length ? Object.values(errors).flat().join(' ') : t('massMessages.previewFailed')}
            </Alert>
          )}
          {data && data.facebook_bot_configuration_id === null && (
            <Alert color="yellow" variant="light">
              {t('massMessages.botNotFound')}
            </Alert>
          )}
          {data && data.recipients.length === 0 && data.facebook_bot_configuration_id !== null && (
            <Text>{t('massMessages.noRecipients')}</Text>
          )}
          {data && data.recipients.length > 0 && (
            <RecipientPreview audience={data} busy={audience.isFetching} dimmed={audience.isPlaceholderData} />
          )}
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button disabled={!data || data.total === 0 || audience.isPlaceholderData} onClick={() => data && onNext(data)}>
          {t('massMessages.next')}
        </Button>
      </Group>
    </Stack>
  );
}
