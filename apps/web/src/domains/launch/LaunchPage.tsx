import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { shareFieldsComplete } from '@mutirao/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { CustomDomainForm } from '../CustomDomainForm';
import { NoZoneYet } from '../CustomDomainPage';
import { useZones } from '../useZones';
import { WizardSteps } from '../WizardSteps';
import { LaunchShareStep } from './LaunchShareStep';
import { useLaunchMobilization } from './useLaunchMobilization';

/**
 * `/mobilizations/{id}/launch` (spec 01 §2, §4 launch flow): domain → share → done. The progress is complete for the
 * first step once the page has a domain, and for the second once all four share fields are set; then
 * `/launch/end` launches it.
 */
export default function LaunchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useLaunchMobilization();
  const [chosen, setChosen] = useState<number>();
  const zones = useZones(page.data?.community_id ?? 0, () => []);
  if (page.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (page.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('errors.pageFailed')}
      </Alert>
    );
  const m = page.data;
  if (!m) return <NotFoundInShell />;
  const done = [Boolean(m.custom_domain), shareFieldsComplete(m)];
  const step = chosen ?? (done[0] ? 1 : 0);
  const progress = done.filter(Boolean).length * 50;
  return (
    <TitledPage title={t('launch.title')} description={m.name}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        <Stack gap="lg">
          <Progress value={progress} aria-label={t('launch.progress')} />
          <WizardSteps
            label={t('launch.stepsLabel')}
            steps={[t('launch.stepDomain'), t('launch.stepShare'), t('launch.stepDone')]}
            current={step}
            complete={[...done, false]}
          />
          {step === 0 && (
            <Stack gap="md">
              <Text c="dimmed">{t('launch.domainIntro')}</Text>
              {zones.isPending && <LoadingScreen label={t('app.loading')} inline />}
              {zones.data?.length === 0 && <NoZoneYet next={`/mobilizations/${m.id}/launch`} />}
              {zones.data && zones.data.length > 0 && (
                <CustomDomainForm
                  mobilization={m}
                  zones={zones.data}
                  submitLabel={t('app.continue')}
                  onSaved={() => setChosen(1)}
                />
              )}
            </Stack>
          )}
          {step === 1 && (
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => setChosen(0)}>
                {t('launch.changeDomain')}
              </Button>
            </Group>
          )}
          {step === 1 && (
            <LaunchShareStep mobilization={m} onSaved={() => navigate(`/mobilizations/${m.id}/launch/end`)} />
          )}
        </Stack>
      </Paper>
    </TitledPage>
  );
}
