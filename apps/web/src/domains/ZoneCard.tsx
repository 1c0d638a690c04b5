import { Alert, Button, Collapse, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { Icon } from '../shell/icons';
import { showSuccess } from '../shell/toasts';
import { ConnectionCheck } from './ConnectionCheck';
import { deleteZone, type HostedZone, zonesKey } from './domainsApi';
import { RecordsPanel } from './RecordsPanel';
import { SslTable } from './SslStatus';
import { useApiRefusal } from './useApiRefusal';
import { NameServerList, ZoneStatusBadge } from './ZoneStatus';

interface ZoneCardProps {
  communityId: number;
  zone: HostedZone;
  canManage: boolean;
  /** Where the focus goes once this zone is deleted (its card is gone). */
  onDeleted: () => void;
}

/** One domain of the community: status, name servers, certificates, records, the check and (for admins) removal. */
export function ZoneCard({ communityId, zone, canManage, onDeleted }: ZoneCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { title: useId(), ns: useId(), records: useId() };
  const [showRecords, setShowRecords] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, onRefused] = useApiRefusal();
  const remove = useMutation({
    mutationFn: () => deleteZone(communityId, zone.id),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: zonesKey(communityId) });
      showSuccess(t('domains.zoneDeleted'));
      onDeleted();
    },
    onError: (e) => {
      setConfirming(false);
      onRefused(e);
    },
    meta: { showsErrors: 'refusals' },
  });
  const certificates = zone.certificates.filter((c) => c.is_active);
  const waiting = !zone.ns_ok;
  return (
    <Paper component="article" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={ids.title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Title order={2} size="h4" id={ids.title} style={{ wordBreak: 'break-all' }}>
              {zone.domain_name}
            </Title>
            <ZoneStatusBadge zone={zone} />
          </Stack>
          {canManage && (
            <Button
              variant="subtle"
              color="danger"
              c="danger.8"
              leftSection={<Icon name="trash" size={16} />}
              aria-label={t('domains.deleteZoneLabel', { domain: zone.domain_name })}
              onClick={() => setConfirming(true)}
            >
              {t('domains.deleteZone')}
            </Button>
          )}
        </Group>
        {refusal && (
          <Alert color="danger" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        {waiting && (
          <Stack gap="sm">
            {zone.is_external_domain ? (
              <Text size="sm">{t('domains.externalIntro', { domain: zone.domain_name })}</Text>
            ) : (
              <>
                <Text size="sm">{t('domains.nameServersHelp')}</Text>
                <NameServerList zone={zone} labelId={ids.ns} />
              </>
            )}
            <Group gap="sm" align="flex-start">
              <ConnectionCheck communityId={communityId} zoneId={zone.id} />
              {canManage && (
                <Button component={Link} to={`/community/domain/add?zone=${zone.id}&step=2`} variant="subtle">
                  {t('domains.continueSetup')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            {t('domains.certificates')}
          </Text>
          {certificates.length ? (
            <SslTable certificates={certificates} caption={t('domains.certificates')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('domains.noCertificates')}
            </Text>
          )}
        </Stack>
        <Divider />
        <Button
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={showRecords}
          aria-controls={ids.records}
          onClick={() => setShowRecords((v) => !v)}
        >
          {t(showRecords ? 'domains.hideRecords' : 'domains.showRecords')}
        </Button>
        <Collapse expanded={showRecords} id={ids.records}>
          {showRecords && <RecordsPanel communityId={communityId} zone={zone} canManage={canManage} />}
        </Collapse>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('domains.deleteZone')}
        message={t('domains.deleteZoneConfirm', { domain: zone.domain_name })}
        confirmLabel={t('domains.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
