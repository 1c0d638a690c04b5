import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { Icon } from '../icons';

/** Bottom of the sidebar: the signed-in e-mail, the account and sign-out (spec 01 §2). */
export function SidebarFooter() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const onAccount = useLocation().pathname === '/account/edit';
  return (
    <Stack gap="xs">
      {user && (
        <Text size="sm" fw={700} truncate="end" title={user.email}>
          {user.email}
        </Text>
      )}
      <Group gap={6} grow>
        <Button
          component={Link}
          to="/account/edit"
          variant={onAccount ? 'light' : 'default'}
          aria-current={onAccount ? 'page' : undefined}
          size="compact-sm"
          leftSection={<Icon name="user" size={16} />}
        >
          {t('sidebar.account')}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<Icon name="logout" size={16} />}
          onClick={() => void logout()}
        >
          {t('sidebar.signOut')}
        </Button>
      </Group>
      <LanguageSwitch compact />
    </Stack>
  );
}
