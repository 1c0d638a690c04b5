import { Button, Group, NativeSelect, Popover, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { showSuccess } from '../shell/toasts';
import { type ActivistFilterValues, createSegment, deleteSegment, fetchSegments, type Segment } from './activistsApi';

interface SegmentBarProps {
  communityId: number;
  segmentId?: number;
  filter: ActivistFilterValues;
  onChoose(segment: Segment | undefined): void;
}

/** Saved segments: choose one to list its people, save the current filters as one, or delete the chosen one. */
export function SegmentBar({ communityId, segmentId, filter, onChoose }: SegmentBarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['communities', communityId, 'activist_segments'];
  const segments = useQuery({ queryKey: key, queryFn: () => fetchSegments(communityId), enabled: communityId > 0 });
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const chosen = segments.data?.find((s) => s.id === segmentId);

  const save = useMutation({
    mutationFn: () => createSegment(communityId, name.trim(), filter),
    onSuccess: async (segment) => {
      await queryClient.invalidateQueries({ queryKey: key });
      setSaving(false);
      setName('');
      showSuccess(t('activists.segmentSaved', { name: segment.name }));
      onChoose(segment);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.kind === 'response') setNameError(error.fields.name?.join(' '));
    },
    meta: { showsErrors: ['name'] },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSegment(communityId, id),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: key });
      showSuccess(t('activists.segmentDeleted'));
      onChoose(undefined);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    save.mutate();
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('activists.segment')}
        value={segmentId ? String(segmentId) : ''}
        onChange={(e) => onChoose(segments.data?.find((s) => String(s.id) === e.currentTarget.value))}
        data={[
          { value: '', label: t('activists.segmentNone') },
          ...(segments.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        miw={220}
      />
      {chosen ? (
        <Button variant="subtle" color="danger" c="danger.8" onClick={() => setConfirming(true)}>
          {t('activists.deleteSegment')}
        </Button>
      ) : (
        <Popover opened={saving} onChange={setSaving} trapFocus position="bottom-start" withArrow shadow="md">
          <Popover.Target>
            <Button variant="default" onClick={() => setSaving((o) => !o)}>
              {t('activists.saveSegment')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack component="form" gap="sm" onSubmit={submit} miw={260}>
              <TextInput
                label={t('activists.segmentName')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={nameError}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {t('app.save')}
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('activists.deleteSegmentTitle', { name: chosen?.name ?? '' })}
        message={t('activists.deleteSegmentBody')}
        confirmLabel={t('activists.deleteSegment')}
        danger
        busy={remove.isPending}
        onConfirm={() => chosen && remove.mutate(chosen.id)}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}
