import { Alert, Stack, Switch, Text } from '@mantine/core';
import { type MobilizationAntispamInput, mobilizationAntispamSchema } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../../communities/useCommunityDates';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import { fetchMobilizationMetrics, type MobilizationSettings, mobilizationMetricsKey } from './settingsApi';
import { useSettingsForm } from './useSettingsForm';

const valuesOf = (m: MobilizationSettings): MobilizationAntispamInput => ({
  antispam_challenge: m.antispam_challenge,
});

/**
 * `/mobilizations/{id}/settings/antispam` (issue 35): the page's anti-spam challenge, what it does for visitors, when
 * it turns itself on, and whether it is on by itself now.
 */
export default function AntispamSettingsPage() {
  const { t } = useTranslation();
  const { dateTime } = useCommunityDates();
  const mobilization = useSettingsMobilization();
  const { form, onSubmit, serverError, errorOf } = useSettingsForm(mobilization, mobilizationAntispamSchema, valuesOf);
  // The same answer as the Métricas tab: whether it switched itself on, and what makes it do so.
  const figures = useQuery({
    queryKey: mobilizationMetricsKey(mobilization.id),
    queryFn: () => fetchMobilizationMetrics(mobilization.id),
  });
  const antispam = figures.data?.antispam;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <Text c="dimmed">{t('antispam.intro')}</Text>
        <Switch
          label={t('antispam.switchLabel')}
          description={t('antispam.switchHelp')}
          error={errorOf('antispam_challenge')}
          {...form.register('antispam_challenge')}
        />
        {antispam && antispam.burst.actions > 0 && (
          <Text size="sm" c="gray.7">
            {t('antispam.autoHelp', {
              minutes: antispam.burst.auto_minutes,
              count: antispam.burst.actions,
              window: antispam.burst.window_minutes,
            })}
          </Text>
        )}
        {antispam?.auto_until && (
          <Alert color="yellow" variant="light" role="status">
            {t('antispam.autoOn', { time: dateTime(antispam.auto_until) })}
          </Alert>
        )}
        <SettingsSubmit formState={form.formState} error={serverError} />
      </Stack>
    </form>
  );
}
