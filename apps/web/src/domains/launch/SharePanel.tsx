import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { openShare, type ShareInput, type ShareNetwork, shareWebUrl } from '@mutirao/widgets';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobilizationSettings } from '../../mobilizations/settings/settingsApi';
import { CopyLink } from './CopyLink';

/** WhatsApp first: it is where most Brazilian campaigns spread. */
const NETWORKS: ShareNetwork[] = ['whatsapp', 'facebook', 'twitter'];

/** What each network is given: the address, the tweet, and the title and description for WhatsApp. */
export function shareInputOf(m: MobilizationSettings, url: string): ShareInput {
  const whatsappText = [m.facebook_share_title, m.facebook_share_description].filter(Boolean).join(' — ');
  return { url, twitterText: m.twitter_share_text ?? undefined, whatsappText: whatsappText || undefined };
}

/**
 * The launch's last step (spec 01 §4 'domain, share, done'): the page's address to copy, and a button per network
 * prefilled from the page's share fields. Each is a link to the network's web sharer (so it works without script and
 * in a new tab); a click opens it as an 800×600 popup, or the app on a phone (spec 02 §7).
 */
export function SharePanel({
  mobilization,
  url,
  dnsPending,
}: {
  mobilization: MobilizationSettings;
  url: string;
  dnsPending: boolean;
}) {
  const { t } = useTranslation();
  const share = shareInputOf(mobilization, url);
  const onClick = (network: ShareNetwork) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (openShare(network, share)) event.preventDefault();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="launch-share-title" w="100%">
      <Title order={3} size="h4" id="launch-share-title">
        {t('launch.shareTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(dnsPending ? 'launch.shareHelpDns' : 'launch.shareHelp')}
      </Text>
      <CopyLink url={url} />
      <Group gap="sm">
        {NETWORKS.map((network) => (
          <Button
            key={network}
            component="a"
            href={shareWebUrl(network, share)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            onClick={onClick(network)}
          >
            {t(`shareScreen.${network}`)}
            <VisuallyHidden> {t('shareScreen.opensPopup')}</VisuallyHidden>
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
