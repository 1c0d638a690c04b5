import { Stack, Textarea, TextInput } from '@mantine/core';
import { parseTargets, pressureEmailSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { settingText as text, useSettingsForm } from '../action/useSettingsForm';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { TargetsField } from './TargetsField';

const valuesOf = (settings: Record<string, unknown>) => ({
  targets: parseTargets(settings.targets).map((t) => `${t.name} <${t.address}>`),
  pressure_subject: text(settings.pressure_subject),
  pressure_body: text(settings.pressure_body),
});

/**
 * E-mail para alvo (spec 02 §5 "Pressure e-mail settings"): the e-mail targets, and the subject and body the visitor
 * sends them, both required. 'Email para alvo configurado com sucesso!' on save. The phone pressure has its own
 * Alvos tab (`pressure-phone/`).
 */
export default function PressureEmailPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  const { form, onSubmit, field, errorOf, footer, prompt } = useSettingsForm({
    schema: pressureEmailSchema,
    settings,
    valuesOf,
    save,
    successMessage: t('kinds.pressure.saved'),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={720}>
        <TargetsField
          channel="email"
          lines={form.watch('targets') as string[]}
          onChange={(lines) => form.setValue('targets', lines, { shouldDirty: true, shouldValidate: true })}
          hadTargets={parseTargets(settings.targets).length > 0}
          error={errorOf('targets')}
          placeholder={t('kinds.pressure.targetPlaceholder')}
          help={t('kinds.pressure.targetsHelp')}
        />
        <TextInput label={t('kinds.pressure.subjectLabel')} required {...field('pressure_subject')} />
        <Textarea label={t('kinds.pressure.bodyLabel')} required autosize minRows={6} {...field('pressure_body')} />
        {footer}
      </Stack>
      {prompt}
    </form>
  );
}
