import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettingsMobilization } from '../mobilizations/settings/SettingsLayout';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { CustomDomainForm } from './CustomDomainForm';
import { hostsOf } from './customDomainApi';
import { certificatesFor } from './domainsApi';
import { SslTable } from './SslStatus';
import { useZones } from './useZones';

/** No zone yet: nothing to choose from, so the way to add one, coming back here afterwards. */
export function NoZoneYet({ next }: { next: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('domains.customDomainNoZone')}>
      <Stack gap="xs">
        <Text size="sm">{t('domains.customDomainNoZoneHelp')}</Text>
        <Anchor component={Link} to={`/community/domain/add?next=${encodeURIComponent(next)}`} fw={700}>
          {t('domains.customDomainAddZone')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * `/mobilizations/{id}/settings/customDomain` (spec 01 §2): the page's own address among the community's domains,
 * and the SSL state of its two hosts, asked for again each minute until both are 'OK'.
 */
export default function CustomDomainPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const hosts = mobilization.custom_domain ? hostsOf(mobilization.custom_domain) : [];
  const zones = useZones(mobilization.community_id, (z) => certificatesFor(z, hosts));
  if (zones.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (zones.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('domains.loadFailed')}
      </Alert>
    );
  const certificates = certificatesFor(zones.data, hosts);
  return (
    <Stack gap="lg" maw={720}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('domains.customDomainTitle')}
          </Title>
          <Text c="dimmed">{t('domains.customDomainIntro')}</Text>
          {zones.data.length === 0 ? (
            <NoZoneYet next={`/mobilizations/${mobilization.id}/settings/customDomain`} />
          ) : (
            <CustomDomainForm key={mobilization.custom_domain} mobilization={mobilization} zones={zones.data} />
          )}
        </Stack>
      </Paper>
      {certificates.length > 0 && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="ssl-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="ssl-title">
              {t('domains.sslTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('domains.sslIntro')}
            </Text>
            <SslTable certificates={certificates} caption={t('domains.sslTitle')} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
