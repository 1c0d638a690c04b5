import { Anchor, Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { displayPageUrl, isMobilizationPublic } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fetchMobilizationSummary, mobilizationSummaryKey, publicUrlOf } from '../../mobilizations/mobilizationsApi';
import { Icon } from '../icons';
import { SidebarLink } from './SidebarLink';

/**
 * Inside a mobilization (spec 01 §2): 'Publicar' while the page is not public, else its 'public' status with a link to
 * the live page at its custom domain; then edit, add content, the publishing history, view, settings.
 */
export function MobilizationNav({ id }: { id: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: mobilization } = useQuery({
    queryKey: mobilizationSummaryKey(id),
    queryFn: () => fetchMobilizationSummary(id),
  });
  const base = `/mobilizations/${id}`;
  const live = mobilization ? isMobilizationPublic(mobilization) : false;
  const within = (path: string) => pathname === `${base}${path}` || pathname.startsWith(`${base}${path}/`);
  return (
    <div>
      <SidebarLink to="/mobilizations" label={t('sidebar.mobilizations')} icon="arrowLeft" />
      {mobilization && (
        <Stack gap={2} px="sm" py="xs">
          <Group gap="xs" wrap="nowrap">
            <Text fw={800} truncate="end" style={{ flex: 1 }}>
              {mobilization.name}
            </Text>
            {live && (
              <Badge color="success" variant="light">
                {t('sidebar.public')}
              </Badge>
            )}
          </Group>
          {live && mobilization.custom_domain && (
            <Anchor href={publicUrlOf(mobilization)} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
              {displayPageUrl(publicUrlOf(mobilization))}
            </Anchor>
          )}
        </Stack>
      )}
      {mobilization && !live && (
        <SidebarLink to={`${base}/launch`} label={t('sidebar.publish')} icon="rocket" active={within('/launch')} />
      )}
      <SidebarLink to={`${base}/edit`} label={t('sidebar.edit')} icon="edit" active={within('/edit')} />
      <SidebarLink
        to={`${base}/blocks/create`}
        label={t('sidebar.addContent')}
        icon="plus"
        active={within('/blocks/create')}
      />
      <SidebarLink to={`${base}/history`} label={t('publishing.history')} icon="history" active={within('/history')} />
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
