import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CommunitySettingsPage } from '../communities/settings/CommunitySettingsPage';
import { Icon } from '../shell/icons';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { useCommunityAdmin } from './useCommunityAdmin';
import { useZones } from './useZones';
import { ZoneCard } from './ZoneCard';

/**
 * `/community/domain`, Domínios (spec 01 §2): the community's hosted zones with their state, name servers,
 * certificates and records. Members read; admins add, change and remove.
 */
export default function DomainsPage() {
  const { t } = useTranslation();
  const { communityId, canManage } = useCommunityAdmin();
  const zones = useZones(communityId);
  const top = useRef<HTMLDivElement>(null);
  const addButton = canManage && (
    <Button component={Link} to="/community/domain/add" leftSection={<Icon name="plus" size={16} />}>
      {t('domains.add')}
    </Button>
  );
  return (
    <CommunitySettingsPage description={t('domains.intro')}>
      <Stack gap="md" maw={900} ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        {!canManage && (
          <Alert color="gray" variant="light">
            {t('domains.readOnly')}
          </Alert>
        )}
        {zones.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {zones.isError && (
          <Alert color="danger" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {t('domains.loadFailed')}
              <Button size="xs" variant="default" onClick={() => void zones.refetch()}>
                {t('domains.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {zones.data?.length === 0 && (
          <Paper withBorder p="xl">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                {t('domains.empty')}
              </Title>
              <Text c="dimmed">{t('domains.emptyHelp')}</Text>
              {addButton}
            </Stack>
          </Paper>
        )}
        {zones.data && zones.data.length > 0 && (
          <>
            <Group justify="flex-end">{addButton}</Group>
            <Stack
              component="ul"
              gap="md"
              aria-label={t('domains.listLabel')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {zones.data.map((zone) => (
                <li key={zone.id}>
                  <ZoneCard
                    communityId={communityId}
                    zone={zone}
                    canManage={canManage}
                    onDeleted={() => top.current?.focus()}
                  />
                </li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </CommunitySettingsPage>
  );
}
