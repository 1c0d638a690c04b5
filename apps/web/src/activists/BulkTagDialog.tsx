import { Button, Group, Modal, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { showSuccess } from '../shell/toasts';
import { type ActivistFilterValues, activistsKey, fetchTagJobs, startTagJob, type TagJob } from './activistsApi';

interface BulkTagDialogProps {
  communityId: number;
  filter: ActivistFilterValues;
  count: number;
  opened: boolean;
  onClose(): void;
}

/** A tag added to or removed from everyone the filter matches: a job on the server, its progress shown here. */
export function BulkTagDialog({ communityId, filter, count, opened, onClose }: BulkTagDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [tag, setTag] = useState('');
  const [operation, setOperation] = useState<'add' | 'remove'>('add');
  const [error, setError] = useState<string>();
  const [job, setJob] = useState<TagJob>();
  const start = useMutation({
    mutationFn: () => startTagJob(communityId, filter, tag.trim(), operation),
    onSuccess: setJob,
    onError: (e) => {
      if (e instanceof ApiError && e.kind === 'response') setError(e.fields.tag?.join(' '));
    },
    meta: { showsErrors: ['tag'] },
  });
  const progress = useQuery({
    queryKey: ['communities', communityId, 'activist_tag_jobs'],
    queryFn: () => fetchTagJobs(communityId),
    enabled: Boolean(job) && job?.status !== 'done',
    refetchInterval: 1000,
  });
  const current = progress.data?.find((j) => j.id === job?.id) ?? job;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the job finishes.
  useEffect(() => {
    if (current?.status !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: activistsKey(communityId) });
    showSuccess(
      t(current.operation === 'add' ? 'activists.tagJobDone' : 'activists.tagJobRemoved', {
        tag: current.tag,
        count: current.done,
      }),
    );
    close();
  }, [current?.status]);
  const close = () => {
    setJob(undefined);
    setTag('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    start.mutate();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('activists.tagAllTitle', { count })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      centered
    >
      {current ? (
        <Stack gap="sm">
          <Progress
            value={current.total ? (100 * current.done) / current.total : 0}
            aria-label={t('activists.tagJobProgress', { done: current.done, count: current.total })}
          />
          <Text role="status" size="sm">
            {t('activists.tagJobProgress', {
              done: current.done.toLocaleString(i18n.language),
              count: current.total,
            })}
          </Text>
        </Stack>
      ) : (
        <Stack component="form" gap="md" onSubmit={submit}>
          <TextInput
            label={t('activists.newTag')}
            value={tag}
            onChange={(e) => setTag(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Radio.Group
            label={t('activists.tagAll')}
            value={operation}
            onChange={(v) => setOperation(v as 'add' | 'remove')}
          >
            <Group gap="md">
              <Radio value="add" label={t('activists.tagAllAdd')} />
              <Radio value="remove" label={t('activists.tagAllRemove')} />
            </Group>
          </Radio.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={start.isPending}>
              {t('activists.tagAllStart')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
