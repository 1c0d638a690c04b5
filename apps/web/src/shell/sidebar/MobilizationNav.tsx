import { Badge, Group, NavLink, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  fetchMobilizationSummary,
  isPublic,
  mobilizationSummaryKey,
  publicUrlOf,
} from '../../mobilizations/mobilizationsApi';
import { Icon } from '../icons';
import { SidebarLink } from './SidebarLink';

/** Inside a mobilization: its status, edit, add content, view, settings (spec 01 §2; publishing comes later). */
export function MobilizationNav({ id }: { id: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: mobilization } = useQuery({
    queryKey: mobilizationSummaryKey(id),
    queryFn: () => fetchMobilizationSummary(id),
  });
  const base = `/mobilizations/${id}`;
  const within = (path: string) => pathname === `${base}${path}` || pathname.startsWith(`${base}${path}/`);
  return (
    <div>
      <SidebarLink to="/mobilizations" label={t('sidebar.mobilizations')} icon="arrowLeft" />
      {mobilization && (
        <Group gap="xs" px="sm" py="xs" wrap="nowrap">
          <Text fw={800} truncate="end" style={{ flex: 1 }}>
            {mobilization.name}
          </Text>
          {isPublic(mobilization) && (
            <Badge color="success" variant="light">
              {t('sidebar.public')}
            </Badge>
          )}
        </Group>
      )}
      {/* "Publicar" (`${base}/launch`, icon "rocket") goes back here, for pages not yet public, with the launch wizard. */}
      <SidebarLink to={`${base}/edit`} label={t('sidebar.edit')} icon="edit" active={within('/edit')} />
      <SidebarLink
        to={`${base}/blocks/create`}
        label={t('sidebar.addContent')}
        icon="plus"
        active={within('/blocks/create')}
      />
      {mobilization && (
        <NavLink
          component="a"
          href={publicUrlOf(mobilization)}
          target="_blank"
          rel="noopener noreferrer"
          label={t('sidebar.viewInNewTab')}
          leftSection={<Icon name="external" />}
          fw={700}
        />
      )}
      <SidebarLink
        to={`${base}/settings/basics`}
        label={t('sidebar.settings')}
        icon="settings"
        active={within('/settings')}
      />
    </div>
  );
}
