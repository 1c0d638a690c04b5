import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type AutofireSettings, autofireSchema, isAutofireConfigured } from '@mutirao/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { normalizeRichValue, RichTextField } from './RichTextField';
import { useUnsavedChanges } from './useUnsavedChanges';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: autofireSchema,
    defaultValues: valuesOf(settings),
    submit: async (values) => {
      // A cleared field comes out undefined, so it leaves the stored settings.
      const saved = (await save(values)) as { settings?: Record<string, unknown> };
      form.reset(valuesOf(saved.settings ?? values));
      showSuccess(t('widgetSettings.autofireSaved'));
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const prompt = useUnsavedChanges(isDirty && !isSubmitting);
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
        <FormAlert message={serverError} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
      {prompt}
    </form>
  );
}
