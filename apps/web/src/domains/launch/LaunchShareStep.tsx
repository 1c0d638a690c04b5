import { Button, Group, Stack, Text } from '@mantine/core';
import { mobilizationLaunchSharingSchema, shareFieldsComplete } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { SharingFields, sharingValuesOf } from '../../mobilizations/settings/SharingFields';
import {
  type MobilizationSettings,
  mobilizationSettingsKey,
  saveMobilization,
} from '../../mobilizations/settings/settingsApi';

/**
 * The launch wizard's share step (spec 01 §4, §5): the four share fields, all required ('Obrigatório'). The button
 * says 'Continuar' until they are all filled, then 'Lançar mobilização', and 'Salvando...' while saving.
 */
export function LaunchShareStep({
  mobilization,
  onSaved,
}: {
  mobilization: MobilizationSettings;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: mobilizationLaunchSharingSchema,
    defaultValues: sharingValuesOf(mobilization),
    submit: async (values) => {
      const saved = await saveMobilization(mobilization.id, values);
      queryClient.setQueryData(mobilizationSettingsKey(mobilization.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['mobilization', mobilization.id, 'summary'] });
      onSaved();
    },
  });
  const { isSubmitting } = form.formState;
  const complete = shareFieldsComplete(form.watch());
  const label = isSubmitting ? t('app.saving') : complete ? t('launch.launch') : t('app.continue');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('launch.shareIntro')}</Text>
        <SharingFields form={form} field={field} errorOf={errorOf} required />
        <FormAlert message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" disabled={isSubmitting}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
