import { Alert, Anchor, Box, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../api/navigation';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { useCommunityAdmin } from '../useCommunityAdmin';
import { useZones } from '../useZones';
import { WizardSteps } from '../WizardSteps';
import { AddDomainStep } from './AddDomainStep';
import { NameServersStep } from './NameServersStep';
import { TestConnectionStep } from './TestConnectionStep';

const LIST = '/community/domain';

/**
 * `/community/domain/add` (spec 01 §2, §4 domain wizard): 1 add the domain, 2 change the name servers at the
 * registrar (which can wait), 3 test the connection, complete when ns_ok. `?zone={id}&step=2|3` re-enters the wizard
 * for a zone already added; `?next=` is where postponing or finishing leads.
 */
export default function AddDomainPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { communityId, canManage } = useCommunityAdmin();
  const zones = useZones(communityId, () => []);
  const zoneId = Number(params.get('zone'));
  const step = zoneId ? Math.min(Math.max(Number(params.get('step')) || 2, 2), 3) : 1;
  // Only an address inside this app may be followed (`?next=/mobilizations/1/settings/customDomain`).
  const next = params.get('next') ? safeNext(params.get('next')) : LIST;
  const goTo = (id: number, s: number) => {
    const q = new URLSearchParams(params);
    q.set('zone', String(id));
    q.set('step', String(s));
    setParams(q);
  };

  if (!canManage) return <Navigate to={LIST} replace />;
  const zone = zones.data?.find((z) => z.id === zoneId);
  const leave = () => navigate(next);
  const body = () => {
    if (step === 1) return <AddDomainStep communityId={communityId} onAdded={(z) => goTo(z.id, 2)} />;
    if (zones.isPending) return <LoadingScreen label={t('app.loading')} inline />;
    if (!zone)
      return (
        <Alert color="danger" variant="light" role="alert">
          {zones.isError ? t('domains.loadFailed') : t('domains.zoneNotFound')}{' '}
          <Anchor component={Link} to={LIST}>
            {t('domains.backToList')}
          </Anchor>
        </Alert>
      );
    if (step === 2) return <NameServersStep zone={zone} onPostpone={leave} onDone={() => goTo(zone.id, 3)} />;
    return <TestConnectionStep communityId={communityId} zone={zone} onPostpone={leave} onFinish={leave} />;
  };
  const steps = [
    t('domains.stepAdd'),
    t(zone?.is_external_domain ? 'domains.stepExternalRecord' : 'domains.stepNameServers'),
    t('domains.stepTest'),
  ];
  return (
    <TitledPage title={t('domains.wizardTitle')} description={zone?.domain_name}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        <Box mb="xl">
          <WizardSteps
            label={t('domains.wizardSteps')}
            steps={steps}
            current={step - 1}
            complete={[step > 1, step > 2, Boolean(zone?.ns_ok)]}
          />
        </Box>
        {body()}
      </Paper>
    </TitledPage>
  );
}
