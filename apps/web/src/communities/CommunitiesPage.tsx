import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ROLES } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import type { Community } from '../auth/sessionQuery';
import { Icon } from '../shell/icons';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { CommunityAvatar } from './CommunityAvatar';
import { SignOutButton } from './SignOutButton';

/** Spec 01 §2: a greeting and the user's communities, each with a choose action, and a create action. */
export default function CommunitiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, communities, community: selected, selectCommunity } = useSession();

  const choose = (community: Community) => {
    selectCommunity(community);
    navigate('/mobilizations');
  };

  return (
    <CenteredPage
      title={t('communities.greeting', { name: user?.first_name || user?.email || '' })}
      subtitle={communities.length ? t('communities.chooseTitle') : t('communities.empty')}
      topActions={<SignOutButton />}
      size="md"
    >
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {communities.map((community) => (
          <Card component="li" key={community.id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
                <CommunityAvatar name={community.name} image={community.image} />
                <div style={{ minWidth: 0 }}>
                  {/* The whole name, over two lines if need be: on a phone one line showed 'Coletivo Bem…'. */}
                  <Title order={2} size="h4" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {community.name}
                  </Title>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {community.city}
                    </Text>
                    {community.role !== null && (
                      <Badge variant="light" color="gray" size="sm">
                        {community.role === ROLES.admin ? t('communities.roleAdmin') : t('communities.roleMobilizer')}
                      </Badge>
                    )}
                  </Group>
                </div>
              </Group>
              <Button
                onClick={() => choose(community)}
                variant={selected?.id === community.id ? 'filled' : 'light'}
                aria-label={t('communities.choose', { name: community.name })}
              >
                {t('communities.chooseShort')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      <Button component={Link} to="/communities/new" variant="outline" leftSection={<Icon name="plus" size={18} />}>
        {t('communities.create')}
      </Button>
    </CenteredPage>
  );
}
