import type { MobilizationUpdateInput } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { type MobilizationSettings, mobilizationSettingsKey, saveMobilization } from './settingsApi';

/**
 * A settings tab's form: the core schema of its fields, the saved mobilization's values as the starting point, and
 * a submit that sends only those fields, refreshes every view of the mobilization and starts the form again from
 * what the server stored.
 */
export function useSettingsForm<T extends FieldValues, TOut>(
  mobilization: MobilizationSettings,
  schema: z.ZodType<TOut, T>,
  valuesOf: (m: MobilizationSettings) => T,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useSchemaForm({
    schema,
    defaultValues: valuesOf(mobilization),
    submit: async (values, form) => {
      const saved = await saveMobilization(mobilization.id, values as MobilizationUpdateInput);
      queryClient.setQueryData(mobilizationSettingsKey(mobilization.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mobilization', mobilization.id, 'summary'] }),
        queryClient.invalidateQueries({ queryKey: ['mobilizations'] }),
      ]);
      form.reset(valuesOf(saved));
      showSuccess(t('mobilizationSettings.savedToast'));
    },
  });
}
