import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { Icon } from '../icons';

/** Bottom of the sidebar: the signed-in user's photo and e-mail, the account and sign-out (spec 01 §2). */
export function SidebarFooter() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const onAccount = useLocation().pathname === '/account/edit';
  return (
    <Stack gap="xs">
      {user && (
        <Group gap="xs" wrap="nowrap">
          <Avatar
            src={user.avatar || null}
            alt={t('account.avatarOf', { name: user.first_name || user.email })}
            size={32}
            radius="xl"
          />
          <Text size="sm" fw={700} truncate="end" title={user.email} miw={0}>
            {user.email}
          </Text>
        </Group>
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
