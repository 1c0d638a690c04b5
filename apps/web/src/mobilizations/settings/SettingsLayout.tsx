import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TabNavigation } from '../../shell/layouts/TabNavigation';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { fetchMobilizationSettings, type MobilizationSettings, mobilizationSettingsKey } from './settingsApi';

const TABS = [
  ['basics', 'mobilizationSettings.basicsTab'],
  ['sharing', 'mobilizationSettings.sharingTab'],
  ['analytics', 'mobilizationSettings.analyticsTab'],
  ['antispam', 'antispam.tab'],
  ['design', 'mobilizationSettings.designTab'],
  ['metrics', 'mobilizationSettings.metricsTab'],
  ['customDomain', 'domains.customDomainTab'],
] as const;

/** The mobilization each settings tab works on, loaded once by the layout. */
export function useSettingsMobilization() {
  return useOutletContext<MobilizationSettings>();
}

/**
 * `/mobilizations/{id}/settings/*` (spec 01 §2), reached from the sidebar's "settings": one tab navigation over
 * Básicas, Compartilhamento, Analytics, Anti-spam, Fontes e cores, Métricas and Domínio. A mobilization of another community is
 * not found, like a missing one.
 */
export default function SettingsLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { pathname } = useLocation();
  const settings = useQuery({
    queryKey: mobilizationSettingsKey(id),
    queryFn: () => fetchMobilizationSettings(id),
    enabled: Number.isInteger(id) && id > 0,
  });

  if (settings.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (settings.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('errors.pageFailed')}
      </Alert>
    );
  if (!settings.data) return <NotFoundInShell />;

  const base = `/mobilizations/${id}/settings`;
  const tabs = TABS.map(([path, label]) => ({
    label: t(label),
    to: `${base}/${path}`,
    active: pathname === `${base}/${path}`,
  }));
  return (
    <TitledPage
      title={t('mobilizationSettings.title')}
      description={settings.data.name}
      below={<TabNavigation label={t('mobilizationSettings.tabsLabel')} items={tabs} />}
    >
      {/* Each tab is its own chunk: while one loads, the title and tabs stay put. */}
      <Suspense fallback={<LoadingScreen label={t('app.loading')} inline />}>
        <Outlet context={settings.data} />
      </Suspense>
    </TitledPage>
  );
}
