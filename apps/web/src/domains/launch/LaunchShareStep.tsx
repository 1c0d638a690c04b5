import { Button, Group, Stack, Text } from '@mantine/core';
import { mobilizationLaunchSharingSchema, shareFieldsComplete } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { publicUrlOf } from '../../mobilizations/mobilizationsApi';
import { SharingFields, sharingValuesOf } from '../../mobilizations/settings/SharingFields';
import {
  type MobilizationSettings,
  mobilizationSettingsKey,
  saveMobilization,
} from '../../mobilizations/settings/settingsApi';

/**
 * The launch wizard's share step (spec 01 §4, §5): the share fields, the three texts required ('Obrigatório') and
 * suggested from the page when blank, the image optional. The button says 'Continuar' until the texts are all
 * filled, then 'Lançar mobilização', and 'Salvando...' while saving.
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
  const page = { name: mobilization.name, goal: mobilization.goal, url: publicUrlOf(mobilization) };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('launch.shareIntro')}</Text>
        <SharingFields form={form} field={field} errorOf={errorOf} required page={page} />
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
