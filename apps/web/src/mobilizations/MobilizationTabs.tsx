import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../shell/icons';
import { TabNavigation } from '../shell/layouts/TabNavigation';
import { TitledPage } from '../shell/layouts/TitledPage';

type ListTab = 'active' | 'archived' | 'templates';

/** The list's tabs (spec 01 §2): Ativas, Arquivadas (`?status=archived`) and Templates. */
export function MobilizationTabs({ active }: { active: ListTab }) {
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

/** The frame the three tabs share: the title, the way to a new mobilization and the tabs. */
export function MobilizationsFrame({ active, children }: { active: ListTab; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TitledPage
      title={t('mobilizations.title')}
      actions={
        <Button component={Link} to="/mobilizations/new" leftSection={<Icon name="plus" size={18} />}>
          {t('mobilizations.new')}
        </Button>
      }
      below={<MobilizationTabs active={active} />}
    >
      {children}
    </TitledPage>
  );
}
