import { Button, Group } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { useUnsavedChanges } from './useUnsavedChanges';
import { usePreviewValues } from './WidgetPreview';

/** A stored setting as a form value: its text, or '' for anything else. */
export const settingText = (value: unknown) => (typeof value === 'string' ? value : '');

interface Options<T extends FieldValues, TOut> {
  schema: z.ZodType<TOut, T>;
  settings: Record<string, unknown>;
  /** The tab's form values, read from the stored settings. */
  valuesOf(settings: Record<string, unknown>): T;
  save(patch: TOut): Promise<unknown>;
  successMessage: string;
}

/**
 * One settings tab of an action widget: its values validated by the core schema the server uses too, saved into the
 * widget's settings, then reset to what was stored and confirmed with a toast. Leaving with unsaved changes asks.
 * `footer` is the server's message and the Save button; `prompt` is the leave dialog, to render once.
 */
export function useSettingsForm<T extends FieldValues, TOut>({
  schema,
  settings,
  valuesOf,
  save,
  successMessage,
}: Options<T, TOut>) {
  const { t } = useTranslation();
  const schemaForm = useSchemaForm<T, TOut>({
    schema,
    defaultValues: valuesOf(settings),
    submit: async (values, form) => {
      const saved = (await save(values)) as { settings?: Record<string, unknown> };
      form.reset(valuesOf(saved.settings ?? { ...settings, ...values }));
      showSuccess(successMessage);
    },
  });
  // The preview beside the tab shows the values as typed, read as a save would store them.
  usePreviewValues(schemaForm.form.watch(), (values) => {
    const read = schema.safeParse(values);
    return (read.success ? read.data : values) as Record<string, unknown>;
  });
  const { isSubmitting, isDirty } = schemaForm.form.formState;
  const prompt = useUnsavedChanges(isDirty && !isSubmitting);
  const footer = (
    <>
      <FormAlert message={schemaForm.serverError} />
      <Group>
        <Button type="submit" loading={isSubmitting}>
          {t('app.save')}
        </Button>
      </Group>
    </>
  );
  return { ...schemaForm, prompt, footer };
}
