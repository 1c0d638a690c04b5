import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HostedZone } from './domainsApi';

/** 'Aguardando a troca de DNS' until the name servers point at us, then 'DNS ativo' (spec 01 §4 domain wizard). */
export function ZoneStatusBadge({ zone }: { zone: HostedZone }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {/* Yellow's own text shade is too pale on its light background (WCAG AA): dark text instead. */}
      <Badge color={zone.ns_ok ? 'success' : 'yellow'} c={zone.ns_ok ? undefined : 'dark.8'} variant="light">
        {t(zone.ns_ok ? 'domains.statusActive' : 'domains.statusWaiting')}
      </Badge>
      {zone.is_external_domain && (
        <Badge color="gray" variant="light">
          {t('domains.external')}
        </Badge>
      )}
    </Group>
  );
}

/** The name servers to set at the registrar, ready to copy. */
export function NameServerList({ zone, labelId }: { zone: HostedZone; labelId: string }) {
  const { t } = useTranslation();
  if (!zone.delegation_set_servers.length) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700} id={labelId}>
        {t('domains.nameServers')}
      </Text>
      <List aria-labelledby={labelId} size="sm" spacing={2} listStyleType="none">
        {zone.delegation_set_servers.map((ns) => (
          <List.Item key={ns}>
            <Text span ff="monospace" size="sm">
              {ns}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
