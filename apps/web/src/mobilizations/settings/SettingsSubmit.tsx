import { Button, Group } from '@mantine/core';
import type { FieldValues, FormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';

interface SettingsSubmitProps<T extends FieldValues> {
  formState: FormState<T>;
  /** What no field owns (the server's answer), shown above the button. */
  error?: string;
}

/**
 * Spec 01 §4: the submit is off while invalid, while saving and while nothing changed. A field that still shows an
 * error turns it off; fixing the field re-validates and turns it back on.
 */
export function SettingsSubmit<T extends FieldValues>({ formState, error }: SettingsSubmitProps<T>) {
  const { t } = useTranslation();
  const { isDirty, isSubmitting, errors } = formState;
  return (
    <>
      <FormAlert message={error} />
      <Group justify="flex-end">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty || hasFieldErrors(errors)}>
          {t('mobilizationSettings.submit')}
        </Button>
      </Group>
    </>
  );
}

/** Errors on fields; `root` holds what no field owns, which a change to a field cannot clear. */
function hasFieldErrors(errors: Record<string, unknown>): boolean {
  return Object.keys(errors).some((name) => name !== 'root');
}
