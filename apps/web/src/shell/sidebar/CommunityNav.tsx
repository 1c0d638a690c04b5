import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SidebarLink } from './SidebarLink';

/** Outside a mobilization: Mobilizações, Comunidade, Métricas (spec 01 §2; Domínios waits for its feature). */
export function CommunityNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const metrics = within('/community/metrics');
  return (
    <div>
      <SidebarLink
        to="/mobilizations"
        label={t('sidebar.mobilizations')}
        icon="megaphone"
        active={within('/mobilizations')}
      />
      <SidebarLink
        to="/community/info"
        label={t('sidebar.community')}
        icon="users"
        active={within('/community') && !metrics}
      />
      <SidebarLink to="/community/metrics" label={t('sidebar.metrics')} icon="chart" active={metrics} />
      {/* Domínios (/community/domain, icon "globe") goes back here with custom domains and the domain wizard. */}
    </div>
  );
}
