import { policies } from '@mutirao/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { TabNavigation } from '../../shell/layouts/TabNavigation';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { COMMUNITY_SETTINGS_TABS } from './settingsTabs';

/** The frame every community settings tab shares: the title and the tab navigation. */
export function CommunitySettingsPage({ description, children }: { description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, community } = useSession();
  const seesBankData = policies.canManageBankData(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    community?.role ? { communityId: community.id, role: community.role } : undefined,
  );
  const tabs = COMMUNITY_SETTINGS_TABS.filter((tab) => seesBankData || !tab.bankData).map((tab) => ({
    label: t(tab.label),
    to: tab.to,
    active: pathname === tab.to,
  }));
  return (
    <TitledPage
      title={t('communitySettings.title')}
      description={description}
      below={<TabNavigation label={t('communitySettings.tabsLabel')} items={tabs} />}
    >
      {children}
    </TitledPage>
  );
}
