import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { EMBED_ORIGINS_MAX, normaliseEmbedOrigin, renderMessage, resolveLocale } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalMessage } from '../../api/client';
import { showSuccess } from '../../shell/toasts';
import { type CommunityDetails, communityQueryKey, updateEmbedOrigins } from './communityApi';

/**
 * The community's "Sites que podem incorporar widgets" (issue 35): the origins allowed to embed its action widgets,
 * listed, added and removed one at a time (each change saves the whole list). Community admins edit it
 * (`policies.canManageEmbedOrigins`); other members see it read-only.
 */
export function EmbedOriginsSection({ community, readOnly }: { community: CommunityDetails; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const origins = community.embed_origins ?? [];
  const save = useMutation({
    mutationFn: (next: string[]) => updateEmbedOrigins(community.id, next),
    onSuccess: (answer) => {
      queryClient.setQueryData<CommunityDetails>(communityQueryKey(community.id), (old) =>
        old ? { ...old, embed_origins: answer.embed_origins } : old,
      );
      setError(undefined);
      showSuccess(t('embedOrigins.saved'));
    },
    onError: (failure) => setError(refusalMessage(failure)),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const origin = normaliseEmbedOrigin(draft);
    if (!origin) return setError(renderMessage(locale, `embedOrigins.invalid?value=${encodeURIComponent(draft)}`));
    if (origins.includes(origin)) return setError(t('embedOrigins.alreadyListed', { origin }));
    if (origins.length >= EMBED_ORIGINS_MAX) return setError(t('embedOrigins.tooMany', { max: EMBED_ORIGINS_MAX }));
    save.mutate([...origins, origin], { onSuccess: () => setDraft('') });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${inputId}-title`}>
      <Title order={3} size="h4" id={`${inputId}-title`}>
        {t('embedOrigins.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('embedOrigins.help')}
      </Text>
      {readOnly && (
        <Alert color="gray" variant="light">
          {t('embedOrigins.readOnly')}
        </Alert>
      )}
      {origins.length === 0 ? (
        <Text size="sm">{t('embedOrigins.empty')}</Text>
      ) : (
        <>
          <Text size="sm" id={`${inputId}-list`}>
            {t('embedOrigins.listLabel')} ({t('embedOrigins.count', { count: origins.length, max: EMBED_ORIGINS_MAX })})
          </Text>
          <List aria-labelledby={`${inputId}-list`} listStyleType="none" spacing={4}>
            {origins.map((origin) => (
              <List.Item key={origin}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace">
                    {origin}
                  </Text>
                  {!readOnly && (
                    <Button
                      variant="subtle"
                      color="danger"
                      size="compact-sm"
                      aria-label={t('embedOrigins.remove', { origin })}
                      disabled={save.isPending}
                      onClick={() => save.mutate(origins.filter((o) => o !== origin))}
                    >
                      {t('embedOrigins.removeShort')}
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
      {!readOnly && (
        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              id={inputId}
              label={t('embedOrigins.label')}
              description={t('embedOrigins.inputHelp')}
              placeholder={t('embedOrigins.placeholder')}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              inputMode="url"
              autoComplete="off"
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={{ base: 0, sm: 46 }} loading={save.isPending} disabled={!draft.trim()}>
              {t('embedOrigins.add')}
            </Button>
          </Group>
        </form>
      )}
      {save.isPending && (
        <Text size="sm" role="status">
          {t('embedOrigins.saving')}
        </Text>
      )}
    </Stack>
  );
}
