import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { recipientSchema, TRANSFER_DAYS, type TransferInterval } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { type RecipientSettings, recipientQueryKey, saveRecipient } from './recipientApi';

const formValues = ({ recipient: r }: RecipientSettings) => ({
  transfer_interval: r?.transfer_interval ?? ('monthly' as TransferInterval),
  transfer_day: r ? String(r.transfer_day) : '',
  bank_account: {
    type: r?.bank_account.type ?? ('conta_corrente' as const),
    bank_code: r?.bank_account.bank_code ?? '',
    agencia: r?.bank_account.agencia ?? '',
    agencia_dv: r?.bank_account.agencia_dv ?? '',
    conta: r?.bank_account.conta ?? '',
    conta_dv: r?.bank_account.conta_dv ?? '',
    legal_name: r?.bank_account.legal_name ?? '',
    document_number: r?.bank_account.document_number ?? '',
  },
});

/** The recipient's form: the transfer schedule, then the bank account. Saving creates or updates it at the provider. */
export function RecipientForm({ communityId, settings }: { communityId: number; settings: RecipientSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: recipientSchema,
    defaultValues: formValues(settings),
    submit: async (values) => {
      try {
        const saved = await saveRecipient(communityId, values);
        queryClient.setQueryData(recipientQueryKey(communityId), saved);
        form.reset(formValues(saved));
        showSuccess(t('recipient.saved'));
      } catch (error) {
        // The provider down (502) is this screen's to explain: nothing was saved, and trying later may work.
        if (error instanceof ApiError && error.status === 502)
          throw new ApiError('response', 502, {}, [t('recipient.providerDown')]);
        throw error;
      }
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const interval = form.watch('transfer_interval');
  const range = TRANSFER_DAYS[interval] ?? TRANSFER_DAYS.monthly;
  const days = Array.from({ length: range.max - range.min + 1 }, (_, i) => String(range.min + i));
  // Monday to Friday when weekly: a day picked for monthly transfers may not exist any more.
  useEffect(() => {
    const day = Number(form.getValues('transfer_day'));
    if (day && (day < range.min || day > range.max)) form.setValue('transfer_day', '');
  }, [form, range]);
  const digits = { inputMode: 'numeric' as const, autoComplete: 'off', spellCheck: false };
  const providerId = settings.recipient?.pagarme_recipient_id;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {settings.sandbox && (
          <Alert color="blue" variant="light">
            {t('recipient.sandbox')}
          </Alert>
        )}
        <Title order={2} size="h4">
          {t('recipient.transferSection')}
        </Title>
        <NativeSelect
          label={t('recipient.transferInterval')}
          required
          data={[
            { value: 'weekly', label: t('recipient.weekly') },
            { value: 'monthly', label: t('recipient.monthly') },
          ]}
          {...field('transfer_interval')}
        />
        <NativeSelect
          label={t('recipient.transferDay')}
          description={t(
            interval === 'weekly' ? 'recipient.transferDayWeeklyHint' : 'recipient.transferDayMonthlyHint',
          )}
          required
          data={[
            { value: '', label: t('recipient.chooseDay') },
            ...days.map((day) => ({
              value: day,
              label: interval === 'weekly' ? t(`recipient.weekday${day as '1' | '2' | '3' | '4' | '5'}`) : day,
            })),
          ]}
          {...field('transfer_day')}
        />
        <Title order={2} size="h4">
          {t('recipient.bankSection')}
        </Title>
        <NativeSelect
          label={t('recipient.accountType')}
          required
          data={[
            { value: 'conta_corrente', label: t('recipient.checking') },
            { value: 'conta_poupanca', label: t('recipient.savings') },
          ]}
          {...field('bank_account.type')}
        />
        <TextInput
          label={t('recipient.bankCode')}
          description={t('recipient.bankCodeHint')}
          required
          maxLength={3}
          {...digits}
          {...field('bank_account.bank_code')}
        />
        <Group align="flex-start" grow>
          <TextInput
            label={t('recipient.agency')}
            description={t('recipient.agencyHint')}
            required
            {...digits}
            {...field('bank_account.agencia')}
          />
          <TextInput
            label={t('recipient.agencyDigit')}
            required
            maxLength={1}
            {...digits}
            {...field('bank_account.agencia_dv')}
          />
        </Group>
        <Group align="flex-start" grow>
          <TextInput
            label={t('recipient.account')}
            description={t('recipient.accountHint')}
            required
            {...digits}
            {...field('bank_account.conta')}
          />
          <TextInput
            label={t('recipient.accountDigit')}
            required
            maxLength={2}
            autoComplete="off"
            {...field('bank_account.conta_dv')}
          />
        </Group>
        <TextInput label={t('recipient.legalName')} required autoComplete="off" {...field('bank_account.legal_name')} />
        <TextInput
          label={t('recipient.documentNumber')}
          description={t('recipient.documentNumberHint')}
          required
          {...digits}
          {...field('bank_account.document_number')}
        />
        <FormAlert message={serverError} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {providerId ? t('recipient.providerId', { id: providerId }) : null}
          </Text>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('recipient.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
