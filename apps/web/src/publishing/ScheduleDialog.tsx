import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { instantIn, localInputValue, timeZoneLabel } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldErrors } from '../api/client';
import { useCommunityDates } from '../communities/useCommunityDates';
import { useLocale } from '../i18n/useLocale';
import { type DraftState, draftKey, saveSchedule } from './publishingApi';

type Key = 'publish_at' | 'unpublish_at';
const KEYS: Key[] = ['publish_at', 'unpublish_at'];
const LABEL = { publish_at: 'publishing.publishAt', unpublish_at: 'publishing.unpublishAt' } as const;
const HELP = { publish_at: 'publishing.publishAtHelp', unpublish_at: 'publishing.unpublishAtHelp' } as const;

/**
 * 'Agendar publicação': when to publish the draft ('Publicar em') and when to take the page down ('Despublicar em'),
 * typed as the community's clocks show them (its zone, whatever the browser's), sent as instants. A blank field
 * cancels its schedule. The server's refusals show under their field.
 */
export function ScheduleDialog({
  state,
  opened,
  onClose,
  onSaved,
}: {
  state: DraftState;
  opened: boolean;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { timeZone } = useCommunityDates();
  const queryClient = useQueryClient();
  const initial = () =>
    Object.fromEntries(KEYS.map((k) => [k, state[k] ? localInputValue(state[k] as string, timeZone) : ''])) as Record<
      Key,
      string
    >;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: Record<Key, string | null>) => saveSchedule(state.mobilization_id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(draftKey(state.mobilization_id), saved);
      onSaved(t(saved.publish_at || saved.unpublish_at ? 'publishing.scheduleSaved' : 'publishing.scheduleCancelled'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.kind === 'response')
        setErrors(Object.keys(error.fields).length ? error.fields : { base: error.messages });
    },
    meta: { showsErrors: 'refusals' },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const body = {} as Record<Key, string | null>;
    for (const key of KEYS) {
      if (!values[key]) {
        body[key] = null;
        continue;
      }
      const at = instantIn(values[key], timeZone);
      if (at) body[key] = at.toISOString();
      else found[key] = [t('publishing.dateInvalid')];
    }
    setErrors(found);
    if (!Object.keys(found).length) save.mutate(body);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('publishing.scheduleTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {KEYS.map((key) => (
            <TextInput
              key={key}
              type="datetime-local"
              label={t(LABEL[key])}
              description={t(HELP[key])}
              value={values[key]}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setValues((v) => ({ ...v, [key]: value }));
              }}
              error={errors[key]?.join(' ')}
              data-autofocus={key === 'publish_at' || undefined}
              rightSectionWidth={values[key] ? 70 : undefined}
              rightSection={
                values[key] ? (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => setValues((v) => ({ ...v, [key]: '' }))}
                    aria-label={`${t('publishing.scheduleClear')}: ${t(LABEL[key])}`}
                  >
                    {t('publishing.scheduleClear')}
                  </Button>
                ) : null
              }
            />
          ))}
          <Text size="sm" c="dimmed">
            {t('publishing.zoneHelp', { zone: timeZoneLabel(timeZone, locale) })}
          </Text>
          {errors.base && (
            <Alert color="danger" variant="light" role="alert">
              {errors.base.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('publishing.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('publishing.scheduleSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
