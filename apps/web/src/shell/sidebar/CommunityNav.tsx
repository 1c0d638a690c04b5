import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SidebarLink } from './SidebarLink';

/** Outside a mobilization: Mobilizações, Comunidade, Ativistas, Chat-bot, Métricas, Domínios (spec 01 §2). */
export function CommunityNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const metrics = within('/community/metrics');
  const domains = within('/community/domain');
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
        active={within('/community') && !metrics && !domains}
      />
      <SidebarLink to="/activists" label={t('sidebar.activists')} icon="user" active={within('/activists')} />
      <SidebarLink to="/bot" label={t('sidebar.bot')} icon="message" active={within('/bot')} />
      <SidebarLink to="/community/metrics" label={t('sidebar.metrics')} icon="chart" active={metrics} />
      <SidebarLink to="/community/domain" label={t('sidebar.domains')} icon="globe" active={domains} />
    </div>
  );
}
