import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { showSuccess } from '../shell/toasts';

/** Ends every session of the user (a lost phone, a shared computer), after a confirmation. */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await logout({ everywhere: true });
    showSuccess(t('account.signOutEverywhereDone'));
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={2} size="h4">
        {t('account.sessionsTitle')}
      </Title>
      <Text size="sm">{t('account.sessionsHelp')}</Text>
      <Button variant="outline" color="danger" onClick={() => setAsking(true)}>
        {t('account.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('account.signOutEverywhere')}
        message={t('account.signOutEverywhereConfirm')}
        confirmLabel={t('account.signOutEverywhere')}
        danger
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
