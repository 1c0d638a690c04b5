import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { policies } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { useSession } from '../auth/SessionProvider';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { showSuccess } from '../shell/toasts';
import { type ActivistProfile, activistsKey } from './activistsApi';

/**
 * A person's data rights (LGPD) on the profile: everything held about them as JSON or CSV, and the erasure, which asks
 * first. Only the community's admins see it; the server refuses anyone else as well.
 */
export function DataRights({ communityId, person }: { communityId: number; person: ActivistProfile }) {
  const { t } = useTranslation();
  const { user, community } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => api(`/api/communities/${communityId}/activists/${person.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: activistsKey(communityId) });
      showSuccess(t('activists.erased'));
      navigate('/activists');
    },
  });
  const role = community?.role ?? undefined;
  const allowed = policies.canHandlePersonalData(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    role ? { communityId, role } : undefined,
  );
  if (!allowed) return null;
  const file = (format: 'json' | 'csv') =>
    `/api/communities/${communityId}/activists/${person.id}/personal_data.${format}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-rights">
      <Title order={2} size="h4" id="profile-rights" mb={4}>
        {t('activists.dataRights')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('activists.dataRightsHelp')}
      </Text>
      <Group gap="sm">
        <Button component="a" href={file('json')} download variant="default">
          {t('activists.downloadJson')}
        </Button>
        <Button component="a" href={file('csv')} download variant="default">
          {t('activists.downloadCsv')}
        </Button>
        <Button color="danger.8" variant="outline" onClick={() => setConfirming(true)}>
          {t('activists.erase')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('activists.eraseTitle', { name: person.name || person.email })}
        message={t('activists.eraseBody')}
        confirmLabel={t('activists.erase')}
        danger
        busy={erase.isPending}
        onConfirm={() => erase.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
