import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { chargeDateFormSchema } from '@mutirao/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/FormAlert';
import { maskDate } from '../forms/masks';
import { useSchemaForm } from '../forms/useSchemaForm';
import { showSuccess } from '../shell/toasts';
import { changeChargeDate, type ManagedDonation } from './manageApi';
import { brazilianDate } from './manageFormat';

interface Props {
  token: string;
  processAt: string | null;
  onSaved(answer: ManagedDonation): void;
}

/** A new next charge date (spec 01 §5 "Renewal date required, DD/MM/YYYY"), today or later. */
export function ChangeDateSection({ token, processAt, onSaved }: Props) {
  const { t } = useTranslation();
  const { form, onSubmit, errorOf, serverError } = useSchemaForm({
    schema: chargeDateFormSchema,
    defaultValues: { process_at: brazilianDate(processAt) ?? '' },
    submit: async (values, current) => {
      const answer = await changeChargeDate(token, values.process_at);
      onSaved(answer);
      current.reset({ process_at: brazilianDate(answer.subscription.process_at) ?? values.process_at });
      showSuccess(t('kinds.donation.manageDateSaved'));
    },
  });
  const { isDirty, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="manage-date-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="manage-date-title">
          {t('kinds.donation.manageChangeDate')}
        </Title>
        <Controller
          control={form.control}
          name="process_at"
          render={({ field }) => (
            <TextInput
              label={t('kinds.donation.manageDateLabel')}
              placeholder={t('kinds.donation.datePlaceholder')}
              inputMode="numeric"
              autoComplete="off"
              required
              maw={240}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(maskDate(event.currentTarget.value))}
              onBlur={field.onBlur}
              error={errorOf('process_at')}
            />
          )}
        />
        <FormAlert message={serverError} />
        <Group>
          <Button type="submit" variant="default" loading={isSubmitting} disabled={!isDirty}>
            {t('kinds.donation.manageSaveDate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
