import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { CommunityAvatar } from '../../communities/CommunityAvatar';
import { Icon } from '../icons';

/** Top of the sidebar: who the work is for, with settings and the switch (spec 01 §2). */
export function SidebarCommunity() {
  const { t } = useTranslation();
  const { community } = useSession();
  if (!community) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('communities.noneSelected')}
        </Text>
        <Button
          component={Link}
          to="/communities"
          variant="light"
          size="xs"
          leftSection={<Icon name="switch" size={16} />}
        >
          {t('communities.chooseAction')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <CommunityAvatar name={community.name} image={community.image} />
        <div style={{ minWidth: 0 }}>
          <Text fw={800} truncate="end">
            {community.name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {community.city}
          </Text>
        </div>
      </Group>
      <Stack gap={6}>
        <Button
          component={Link}
          to="/community/info"
          variant="default"
          size="compact-sm"
          justify="flex-start"
          leftSection={<Icon name="settings" size={16} />}
        >
          {t('communities.settings')}
        </Button>
        <Button
          component={Link}
          to="/communities"
          variant="default"
          size="compact-sm"
          justify="flex-start"
          leftSection={<Icon name="switch" size={16} />}
        >
          {t('communities.switch')}
        </Button>
      </Stack>
    </Stack>
  );
}
