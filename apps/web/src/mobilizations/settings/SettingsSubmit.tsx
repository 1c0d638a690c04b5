import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';

/** Spec 01 §4: the submit is off while nothing changed and while saving; what no field owns shows above it. */
export function SettingsSubmit({ dirty, submitting, error }: { dirty: boolean; submitting: boolean; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={error} />
      <Group justify="flex-end">
        <Button type="submit" loading={submitting} disabled={!dirty}>
          {t('mobilizationSettings.submit')}
        </Button>
      </Group>
    </>
  );
}
