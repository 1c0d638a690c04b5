import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConnectionCheck } from '../ConnectionCheck';
import type { HostedZone } from '../domainsApi';

interface TestConnectionStepProps {
  communityId: number;
  zone: HostedZone;
  onPostpone: () => void;
  onFinish: () => void;
}

/**
 * Step 3: the name-server check (an external domain: its www record); the step is complete once the server finds
 * the domain pointing at us (ns_ok).
 */
export function TestConnectionStep({ communityId, zone, onPostpone, onFinish }: TestConnectionStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text>
        {t(zone.is_external_domain ? 'domains.externalTestIntro' : 'domains.testIntro', { domain: zone.domain_name })}
      </Text>
      <ConnectionCheck communityId={communityId} zoneId={zone.id} variant="filled" />
      <Group justify="flex-end" gap="sm">
        {zone.ns_ok ? (
          <Button onClick={onFinish}>{t('domains.finish')}</Button>
        ) : (
          <Button variant="default" onClick={onPostpone}>
            {t('domains.postpone')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
