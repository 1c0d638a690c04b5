import { ActionIcon, Menu, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { draftKey, saveSchedule } from '../publishing/publishingApi';
import { Icon } from '../shell/icons';
import { showSuccess } from '../shell/toasts';
import { type MobilizationListItem, publicUrlOf, setMobilizationStatus } from './mobilizationsApi';

interface RowMenuProps {
  mobilization: MobilizationListItem;
  /** Called once the row has moved to the other tab, so focus can go somewhere that still exists. */
  onMoved(): void;
}

/**
 * A row's more-menu (spec 01 §2): open the page in a new tab (when active), create a template, cancel the page's
 * schedule (when it has one), archive or activate.
 */
export function MobilizationRowMenu({ mobilization: m, onMoved }: RowMenuProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archived = m.status === 'archived';
  const toggle = useMutation({
    mutationFn: () => setMobilizationStatus(m.id, archived ? 'active' : 'archived'),
    onSuccess: async () => {
      // Both tabs change (the row leaves one and joins the other), and so does the sidebar's summary.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mobilizations'] }),
        queryClient.invalidateQueries({ queryKey: ['mobilization', m.id] }),
      ]);
      showSuccess(t(archived ? 'mobilizationList.activatedToast' : 'mobilizationList.archivedToast', { name: m.name }));
      onMoved();
    },
  });

  const unschedule = useMutation({
    mutationFn: () => saveSchedule(m.id, { publish_at: null, unpublish_at: null }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mobilizations'] }),
        queryClient.invalidateQueries({ queryKey: draftKey(m.id) }),
      ]);
      showSuccess(t('publishing.scheduleCancelled'));
    },
  });

  return (
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          loading={toggle.isPending || unschedule.isPending}
          aria-label={t('mobilizationList.moreActions', { name: m.name })}
        >
          <Icon name="dots" size={22} strokeWidth={2.4} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Only active pages are served; an archived one would open the not-found page. */}
        {!archived && (
          <Menu.Item
            component="a"
            href={publicUrlOf(m)}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<Icon name="external" size={16} />}
          >
            {t('mobilizationList.openPage')} <VisuallyHidden>{t('mobilizationList.newTab')}</VisuallyHidden>
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={`/mobilizations/${m.id}/templates/create`}
          leftSection={<Icon name="copy" size={16} />}
        >
          {t('mobilizationList.createTemplate')}
        </Menu.Item>
        {(m.publish_at || m.unpublish_at) && (
          <Menu.Item onClick={() => unschedule.mutate()} leftSection={<Icon name="close" size={16} />}>
            {t('publishing.scheduleCancel')}
          </Menu.Item>
        )}
        <Menu.Item
          onClick={() => toggle.mutate()}
          leftSection={<Icon name={archived ? 'restore' : 'archive'} size={16} />}
        >
          {archived ? t('mobilizationList.activate') : t('mobilizationList.archive')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
