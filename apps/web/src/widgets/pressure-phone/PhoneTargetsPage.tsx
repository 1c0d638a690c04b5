import { Stack, Text } from '@mantine/core';
import { parseTargets, pressurePhoneSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useSettingsForm } from '../action/useSettingsForm';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { TargetsField } from '../pressure/TargetsField';

const valuesOf = (settings: Record<string, unknown>) => ({
  targets: parseTargets(settings.targets)
    .filter((t) => t.channel === 'phone')
    .map((t) => `${t.name} <${t.address}>`),
});

/**
 * Alvos of a phone pressure: the people to call, 'Nome <telefone>' each with the country and area codes, checked with
 * the spec's messages (spec 02 §5 "Pressure e-mail settings", "Targets (entry)"). 'Alvos configurados com sucesso!'
 * on save.
 */
export default function PhoneTargetsPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  const { form, onSubmit, errorOf, footer, prompt } = useSettingsForm({
    schema: pressurePhoneSchema,
    settings,
    valuesOf,
    save,
    successMessage: t('kinds.pressure.targetsSaved'),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={720}>
        <Text>{t('kinds.pressure.phoneTargetsIntro')}</Text>
        <TargetsField
          channel="phone"
          lines={form.watch('targets') as string[]}
          onChange={(lines) => form.setValue('targets', lines, { shouldDirty: true, shouldValidate: true })}
          hadTargets={parseTargets(settings.targets).length > 0}
          error={errorOf('targets')}
          placeholder={t('kinds.pressure.phoneTargetPlaceholder')}
          help={t('kinds.pressure.phoneTargetsHelp')}
        />
        {footer}
      </Stack>
      {prompt}
    </form>
  );
}
