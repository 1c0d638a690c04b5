import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { type AutofireSettings, autofireSchema, isAutofireConfigured } from '@mutirao/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeRichValue, RichTextField } from './RichTextField';
import { settingText as text, useSettingsForm } from './useSettingsForm';

const valuesOf = (settings: Record<string, unknown>) => ({
  sender_name: text(settings.sender_name),
  sender_email: text(settings.sender_email),
  email_subject: text(settings.email_subject),
  email_text: normalizeRichValue(settings.email_text),
});

interface AutofireFormProps {
  settings: Record<string, unknown>;
  save(patch: AutofireSettings): Promise<unknown>;
}

/**
 * Mensagem agradecimento, shared by the action widgets (spec 02 §3 "Autofire e-mail settings", §5): the thank-you
 * e-mail's sender, subject and rich text. It goes out only once it has a sender, a subject and a text, which the
 * screen says.
 */
export function AutofireForm({ settings, save }: AutofireFormProps) {
  const { t } = useTranslation();
  // A cleared field comes out undefined, so it leaves the stored settings.
  const { form, onSubmit, field, errorOf, footer, prompt } = useSettingsForm({
    schema: autofireSchema,
    settings,
    valuesOf,
    save,
    successMessage: t('widgetSettings.autofireSaved'),
  });
  const active = isAutofireConfigured(settings);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <Text>{t('widgetSettings.autofireIntro')}</Text>
        <Alert color={active ? 'success' : 'gray'} variant="light">
          {active ? t('widgetSettings.autofireActive') : t('widgetSettings.autofireInactive')}
        </Alert>
        <TextInput label={t('widgetSettings.senderName')} autoComplete="off" {...field('sender_name')} />
        <TextInput label={t('widgetSettings.senderEmail')} type="email" autoComplete="off" {...field('sender_email')} />
        <TextInput label={t('widgetSettings.emailSubject')} autoComplete="off" {...field('email_subject')} />
        <Controller
          control={form.control}
          name="email_text"
          render={({ field: rich }) => (
            <RichTextField
              label={t('widgetSettings.emailText')}
              value={typeof rich.value === 'string' ? rich.value : ''}
              onChange={rich.onChange}
              error={errorOf('email_text')}
            />
          )}
        />
        {footer}
      </Stack>
      {prompt}
    </form>
  );
}
