import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { AppLayout } from './AppLayout';
import { CenteredPage } from './layouts/CenteredPage';
import { TitledPage } from './layouts/TitledPage';

function NotFoundMessage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Text>{t('pages.notFoundText')}</Text>
      <Button component={Link} to="/">
        {t('pages.notFoundBack')}
      </Button>
    </Stack>
  );
}

/** The not-found page inside the sidebar frame, for unknown addresses in the main area. */
export function NotFoundInShell() {
  const { t } = useTranslation();
  return (
    <TitledPage title={t('pages.notFoundTitle')}>
      <NotFoundMessage />
    </TitledPage>
  );
}

/** Any unknown address: inside the sidebar frame when signed in, a standalone page otherwise. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user) {
    return (
      <AppLayout>
        <NotFoundInShell />
      </AppLayout>
    );
  }
  return (
    <CenteredPage title={t('pages.notFoundTitle')}>
      <NotFoundMessage />
    </CenteredPage>
  );
}
