import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';

interface SettingsSubmitProps {
  dirty: boolean;
  submitting: boolean;
  /** A field still shows an error; fixing it re-validates and turns the submit back on. */
  invalid: boolean;
  error?: string;
}

/** Spec 01 §4: the submit is off while invalid, while saving and while nothing changed; what no field owns shows above it. */
export function SettingsSubmit({ dirty, submitting, invalid, error }: SettingsSubmitProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={error} />
      <Group justify="flex-end">
        <Button type="submit" loading={submitting} disabled={!dirty || invalid}>
          {t('mobilizationSettings.submit')}
        </Button>
      </Group>
    </>
  );
}

/** Errors on fields; `root` holds what no field owns, which a change to a field cannot clear. */
export function hasFieldErrors(errors: Record<string, unknown>): boolean {
  return Object.keys(errors).some((name) => name !== 'root');
}
