import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostedZone } from '../domainsApi';
import { NameServerList } from '../ZoneStatus';

interface NameServersStepProps {
  zone: HostedZone;
  onPostpone: () => void;
  onDone: () => void;
}

/** Step 2: the name servers to set at the registrar. It may take up to 48 hours, so it can wait ('Fazer depois'). */
export function NameServersStep({ zone, onPostpone, onDone }: NameServersStepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap="lg">
      {zone.is_external_domain ? (
        <Text>{t('domains.externalIntro', { domain: zone.domain_name })}</Text>
      ) : (
        <>
          <Text fw={700}>{t('domains.nameServersIntro', { domain: zone.domain_name })}</Text>
          <Text>{t('domains.nameServersSteps')}</Text>
          <NameServerList zone={zone} labelId={labelId} />
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onPostpone}>
          {t('domains.postpone')}
        </Button>
        <Button onClick={onDone}>{t('domains.nameServersChanged')}</Button>
      </Group>
    </Stack>
  );
}
