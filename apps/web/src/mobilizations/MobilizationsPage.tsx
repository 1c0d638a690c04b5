import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { Icon } from '../shell/icons';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TabNavigation } from '../shell/layouts/TabNavigation';
import { TitledPage } from '../shell/layouts/TitledPage';
import { MobilizationList } from './MobilizationList';
import { MobilizationsEmpty } from './MobilizationsEmpty';
import { fetchMobilizations, type MobilizationStatus, mobilizationsQueryKey } from './mobilizationsApi';

/** `/mobilizations`: the community's pages, Ativas or Arquivadas (`?status=archived`), and a way to Templates. */
export default function MobilizationsPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  const [params] = useSearchParams();
  const status: MobilizationStatus = params.get('status') === 'archived' ? 'archived' : 'active';
  const communityId = community?.id ?? 0;
  const list = useQuery({
    queryKey: mobilizationsQueryKey(communityId, status),
    queryFn: () => fetchMobilizations(communityId, status),
    enabled: communityId > 0,
  });

  const tabs = [
    { label: t('mobilizations.active'), to: '/mobilizations', active: status === 'active' },
    { label: t('mobilizations.archived'), to: '/mobilizations?status=archived', active: status === 'archived' },
    { label: t('mobilizations.templates'), to: '/mobilizations/templates/list', active: false },
  ];

  return (
    <TitledPage
      title={t('mobilizations.title')}
      actions={
        <Button component={Link} to="/mobilizations/new" leftSection={<Icon name="plus" size={18} />}>
          {t('mobilizations.new')}
        </Button>
      }
      below={<TabNavigation label={t('mobilizations.tabsLabel')} items={tabs} />}
    >
      {list.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {list.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('errors.pageFailed')}
        </Alert>
      )}
      {list.data?.length === 0 && <MobilizationsEmpty status={status} />}
      {list.data && list.data.length > 0 && <MobilizationList mobilizations={list.data} />}
    </TitledPage>
  );
}
