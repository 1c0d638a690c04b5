import { Stack, Text, TextInput } from '@mantine/core';
import { type MobilizationAnalyticsInput, mobilizationAnalyticsSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import type { MobilizationSettings } from './settingsApi';
import { useSettingsForm } from './useSettingsForm';

const valuesOf = (m: MobilizationSettings): MobilizationAnalyticsInput => ({
  google_analytics_code: m.google_analytics_code ?? '',
});

/** `/mobilizations/{id}/settings/analytics` (spec 01 §5): an optional UA- or G- id, else 'Informe uma ID válida'. */
export default function AnalyticsSettingsPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const { form, onSubmit, field, serverError } = useSettingsForm(mobilization, mobilizationAnalyticsSchema, valuesOf);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <Text c="dimmed">{t('mobilizationSettings.analyticsIntro')}</Text>
        <TextInput
          label={t('mobilizationSettings.analyticsCode')}
          description={t('mobilizationSettings.analyticsHelp')}
          autoCapitalize="characters"
          spellCheck={false}
          {...field('google_analytics_code')}
        />
        <SettingsSubmit formState={form.formState} error={serverError} />
      </Stack>
    </form>
  );
}
