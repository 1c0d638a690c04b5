import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { displayPageUrl, isMobilizationPublic } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { publicUrlOf } from '../../mobilizations/mobilizationsApi';
import type { MobilizationSettings } from '../../mobilizations/settings/settingsApi';
import { publishDraft } from '../../publishing/publishingApi';
import { Icon } from '../../shell/icons';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { hostsOf, routerOperation } from '../customDomainApi';
import { certificatesFor, zonesKey } from '../domainsApi';
import { useApiRefusal } from '../useApiRefusal';
import { useZones } from '../useZones';
import { type PageStanding, pageStanding } from './pageState';
import { SharePanel } from './SharePanel';
import { useLaunchMobilization } from './useLaunchMobilization';

const LAUNCHED_TEXT = {
  dns: 'launch.launchedDns',
  certificate: 'launch.launchedCertificate',
  live: 'launch.launchedLive',
} as const;

/** After launching: what is true of the page now (DNS, certificate, live), what to do next, and the share step. */
function Launched({ m, standing }: { m: MobilizationSettings; standing: PageStanding }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const url = publicUrlOf(m);
  const { zone } = standing;
  // The launch button is gone: the news takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="lg" align="flex-start">
      <Stack gap="xs" role="status">
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('launch.launchedTitle')}
        </Title>
        <Text>{t(LAUNCHED_TEXT[standing.state], { domain: displayPageUrl(url), zone: zone?.domain_name ?? '' })}</Text>
      </Stack>
      <Group gap="sm">
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer">
          {t('launch.openPage')}
        </Button>
        {standing.state === 'dns' && zone ? (
          <Anchor
            component={Link}
            to={`/community/domain/add?zone=${zone.id}&step=3&next=${encodeURIComponent(`/mobilizations/${m.id}/launch/end`)}`}
          >
            {t('launch.testConnection')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={`/mobilizations/${m.id}/settings/customDomain`}>
            {t('domains.sslTitle')}
          </Anchor>
        )}
      </Group>
      <SharePanel mobilization={m} url={url} dnsPending={standing.state === 'dns'} />
    </Stack>
  );
}

/** The link preview's image: the page's own, else the community's (said so), else none (said so too). */
function SharePreviewImage({ m }: { m: MobilizationSettings }) {
  const { t } = useTranslation();
  const communityImage = useSession().community?.image;
  const image = m.facebook_share_image || communityImage;
  return (
    <Stack gap="xs">
      {image && <Image src={image} alt={t('launch.endImageAlt')} radius="sm" mah={360} fit="cover" />}
      {!m.facebook_share_image && (
        <Text size="sm" c="dimmed">
          {t(communityImage ? 'launch.endCommunityImage' : 'launch.endNoImage')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * `/mobilizations/{id}/launch/end` (spec 01 §2): "time to launch", with the share image and the launch button, which
 * puts the page's bare and www hosts on the TLS allow-list (`router_add_operation append`; saving the domain already
 * did, so launching again is harmless) and publishes the page as it is (its first revision: from then on the
 * editor changes a draft), then says what is true of the page and offers the share step.
 */
export default function LaunchEndPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = useLaunchMobilization();
  const m = page.data;
  const domain = m?.custom_domain ?? '';
  // Asked for again each minute while the page's certificates are not 'OK', so the state moves on by itself.
  const zones = useZones(m?.community_id ?? 0, (z) => (domain ? certificatesFor(z, hostsOf(domain)) : []));
  const [refusal, onRefused] = useApiRefusal();
  const launch = useMutation({
    // Launching publishes the page as it is (revision 1): from then on the editor's changes wait in a draft.
    mutationFn: async () => {
      await routerOperation('append', hostsOf(domain));
      if (m) await publishDraft(m.id);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mobilization', m?.id] });
      return queryClient.invalidateQueries({ queryKey: zonesKey(m?.community_id ?? 0) });
    },
    onError: onRefused,
    meta: { showsErrors: 'refusals' },
  });
  if (page.isPending || (m && zones.isPending)) return <LoadingScreen label={t('app.loading')} inline />;
  if (!m) return <NotFoundInShell />;
  const ready = isMobilizationPublic(m);
  const standing = pageStanding(zones.data ?? [], domain);
  return (
    <TitledPage title={t('launch.endTitle')} description={m.name}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        {ready && launch.isSuccess ? (
          <Launched m={m} standing={standing} />
        ) : (
          <Stack gap="lg">
            <SharePreviewImage m={m} />
            {ready ? (
              <Text size="lg">
                {t(standing.state === 'dns' ? 'launch.endDns' : 'launch.endCertificate', {
                  domain: displayPageUrl(publicUrlOf(m)),
                  zone: standing.zone?.domain_name ?? '',
                })}
              </Text>
            ) : (
              <Alert color="yellow" variant="light">
                <Stack gap="xs" align="flex-start">
                  {t('launch.notReady')}
                  <Anchor component={Link} to={`/mobilizations/${m.id}/launch`}>
                    {t('launch.backToWizard')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            {refusal && (
              <Alert color="danger" variant="light" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                size="md"
                leftSection={<Icon name="rocket" size={18} />}
                disabled={!ready}
                loading={launch.isPending}
                onClick={() => launch.mutate()}
              >
                {t('launch.launch')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </TitledPage>
  );
}
