import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { Icon } from '../shell/icons';

/** For the signed-in pages outside the sidebar frame (choosing or creating a community). */
export function SignOutButton() {
  const { t } = useTranslation();
  const { logout } = useSession();
  return (
    <Button variant="default" size="xs" leftSection={<Icon name="logout" size={16} />} onClick={() => void logout()}>
      {t('auth.signOut')}
    </Button>
  );
}
