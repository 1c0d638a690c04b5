import { useTranslation } from 'react-i18next';
import { TabNavigation } from '../shell/layouts/TabNavigation';

/** The list's tabs (spec 01 §2): Ativas, Arquivadas (`?status=archived`) and Templates. */
export function MobilizationTabs({ active }: { active: 'active' | 'archived' | 'templates' }) {
  const { t } = useTranslation();
  return (
    <TabNavigation
      label={t('mobilizations.tabsLabel')}
      items={[
        { label: t('mobilizations.active'), to: '/mobilizations', active: active === 'active' },
        { label: t('mobilizations.archived'), to: '/mobilizations?status=archived', active: active === 'archived' },
        { label: t('mobilizations.templates'), to: '/mobilizations/templates/list', active: active === 'templates' },
      ]}
    />
  );
}
