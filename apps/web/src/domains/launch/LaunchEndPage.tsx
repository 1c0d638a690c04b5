import { Alert, Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { isMobilizationPublic, withoutWww } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { publicUrlOf } from '../../mobilizations/mobilizationsApi';
import type { MobilizationSettings } from '../../mobilizations/settings/settingsApi';
import { Icon } from '../../shell/icons';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { hostsOf, routerOperation } from '../customDomainApi';
import { useApiRefusal } from '../useApiRefusal';
import { useLaunchMobilization } from './useLaunchMobilization';

/** After launching: the page is live; its certificate follows within minutes (the SSL state is on the Domínio tab). */
function Launched({ m }: { m: MobilizationSettings }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const domain = withoutWww(m.custom_domain ?? '');
  // The launch button is gone: the news takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" align="flex-start" role="status">
      <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('launch.launchedTitle')}
      </Title>
      <Text>{t('launch.launchedText', { domain })}</Text>
      <Group gap="sm">
        <Button component="a" href={publicUrlOf(m)} target="_blank" rel="noopener noreferrer">
          {t('launch.openPage')}
        </Button>
        <Anchor component={Link} to={`/mobilizations/${m.id}/settings/customDomain`}>
          {t('domains.sslTitle')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * `/mobilizations/{id}/launch/end` (spec 01 §2): "time to launch", with the share image and the launch button.
 * Launching puts the page's bare and www hosts on the TLS allow-list (`router_add_operation append`).
 */
export default function LaunchEndPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = useLaunchMobilization();
  const [refusal, onRefused] = useApiRefusal();
  const launch = useMutation({
    mutationFn: (m: MobilizationSettings) => routerOperation('append', hostsOf(m.custom_domain ?? '')),
    onSuccess: (_, m) => {
      void queryClient.invalidateQueries({ queryKey: ['mobilization', m.id] });
      void queryClient.invalidateQueries({ queryKey: ['communities', m.community_id, 'dns_hosted_zones'] });
    },
    onError: onRefused,
  });
  if (page.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  const m = page.data;
  if (!m) return <NotFoundInShell />;
  const ready = isMobilizationPublic(m);
  return (
    <TitledPage title={t('launch.endTitle')} description={m.name}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        {launch.isSuccess ? (
          <Launched m={m} />
        ) : (
          <Stack gap="lg">
            {m.facebook_share_image ? (
              <Image src={m.facebook_share_image} alt={t('launch.endImageAlt')} radius="sm" mah={360} fit="cover" />
            ) : (
              <Box h={200} bg="gray.1" />
            )}
            {ready ? (
              <Text size="lg">{t('launch.endText', { domain: withoutWww(m.custom_domain ?? '') })}</Text>
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
                onClick={() => launch.mutate(m)}
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
