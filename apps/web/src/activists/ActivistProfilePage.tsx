import { Alert, Anchor, Badge, Button, CloseButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { displayPhone } from '@mutirao/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../auth/SessionProvider';
import { useCommunityDates } from '../communities/useCommunityDates';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { ActivistTimeline } from './ActivistTimeline';
import { type ActivistProfile, activistsKey, addTag, fetchActivist, removeTag } from './activistsApi';
import { DataRights } from './DataRights';

/** `/activists/:id`: one person's contact, tags (added and removed here) and every action across the pages. */
export default function ActivistProfilePage() {
  const { t } = useTranslation();
  const { community } = useSession();
  const dates = useCommunityDates();
  const communityId = community?.id ?? 0;
  const activistId = Number(useParams().id);
  const queryClient = useQueryClient();
  const key = [...activistsKey(communityId), 'profile', activistId];
  const profile = useQuery({
    queryKey: key,
    queryFn: () => fetchActivist(communityId, activistId),
    enabled: communityId > 0 && activistId > 0,
    // A missing person (404) is the screen's own 'not found'.
    meta: { showsErrors: 'refusals' },
  });
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string>();
  const changed = (person: Partial<ActivistProfile>) => {
    queryClient.setQueryData<ActivistProfile>(key, (old) => old && { ...old, tags: person.tags ?? old.tags });
    void queryClient.invalidateQueries({
      queryKey: activistsKey(communityId),
      predicate: (q) => q.queryKey[3] !== 'profile',
    });
  };
  const add = useMutation({
    mutationFn: () => addTag(communityId, activistId, tag.trim()),
    onSuccess: (person) => {
      setTag('');
      changed(person);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.kind === 'response') setTagError(e.fields.tag?.join(' '));
    },
    meta: { showsErrors: ['tag'] },
  });
  const remove = useMutation({
    mutationFn: (name: string) => removeTag(communityId, activistId, name),
    onSuccess: changed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTagError(undefined);
    add.mutate();
  };

  const back = (
    <Anchor component={Link} to="/activists">
      ← {t('activists.profileBack')}
    </Anchor>
  );
  if (profile.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (!profile.data)
    return (
      <TitledPage title={t('activists.title')}>
        <Alert color="danger" variant="light" role="alert">
          {profile.error instanceof ApiError && profile.error.status === 404
            ? t('activists.profileNotFound')
            : t('activists.loadFailed')}{' '}
          {back}
        </Alert>
      </TitledPage>
    );
  const person = profile.data;
  return (
    <TitledPage
      title={person.name || person.email}
      description={t('activists.since', { date: dates.date(person.created_at) })}
      actions={back}
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="lg" style={{ flex: '1 1 280px' }}>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-contact">
            <Title order={2} size="h4" id="profile-contact" mb="sm">
              {t('activists.profileContact')}
            </Title>
            <Stack gap={4}>
              <Text style={{ wordBreak: 'break-all' }}>{person.email}</Text>
              {person.phone && <Text>{displayPhone(person.phone)}</Text>}
              {person.city && <Text>{person.city}</Text>}
            </Stack>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-tags">
            <Title order={2} size="h4" id="profile-tags" mb="sm">
              {t('activists.profileTags')}
            </Title>
            {person.tags.length ? (
              <Group gap="xs" mb="md">
                {person.tags.map((name) => (
                  <Badge
                    key={name}
                    variant="light"
                    color="gray"
                    c="dark.7"
                    tt="none"
                    size="lg"
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={t('activists.removeTag', { tag: name })}
                        onClick={() => remove.mutate(name)}
                      />
                    }
                  >
                    {name}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text c="dimmed" size="sm" mb="md">
                {t('activists.noTags')}
              </Text>
            )}
            <Group component="form" onSubmit={submit} align="flex-start" gap="sm">
              <TextInput
                label={t('activists.newTag')}
                value={tag}
                onChange={(e) => setTag(e.currentTarget.value)}
                error={tagError}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} loading={add.isPending}>
                {t('activists.addTag')}
              </Button>
            </Group>
          </Paper>
          <DataRights communityId={communityId} person={person} />
        </Stack>
        <ActivistTimeline timeline={person.timeline} />
      </Group>
    </TitledPage>
  );
}
