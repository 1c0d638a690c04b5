import { Fieldset, Group, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DONATION } from '@mutirao/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maskDate } from '../../forms/masks';
import { useSettingsForm } from '../action/useSettingsForm';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { donationDataFormSchema, donationDataPatch, donationDataValues, visibleSlots } from './donationDataForm';
import { RecipientNotice } from './RecipientNotice';

const TYPE_LABELS = {
  unique: 'kinds.donation.paymentTypeUnique',
  recurring: 'kinds.donation.paymentTypeRecurring',
  users_choice: 'kinds.donation.paymentTypeUsersChoice',
} as const;
const PERIOD_LABELS = {
  30: 'kinds.donation.periodMonthly',
  180: 'kinds.donation.periodSemiannual',
  365: 'kinds.donation.periodYearly',
} as const;

/**
 * Dados para doação (spec 02 §3 "Donation settings", §5, §9): the type, the period of a recurring gift, up to five
 * amounts (a blank or 0 hides one), the one preselected, the goal in reais with its deadline, and boleto.
 * 'Formulário de doação configurado com sucesso!' on save.
 */
export default function DonationDataPage() {
  const { t } = useTranslation();
  const { settings, widget, save } = useWidgetSettingsContext();
  const { form, onSubmit, field, errorOf, footer, prompt } = useSettingsForm({
    schema: donationDataFormSchema(settings),
    settings,
    valuesOf: (stored) => donationDataValues(stored, widget.goal),
    save: (saved) => save(donationDataPatch(saved)),
    successMessage: t('kinds.donation.saved'),
  });
  const values = form.watch();
  const visible = visibleSlots(values);

  return (
    <>
      <RecipientNotice />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg" maw={720}>
          <Controller
            control={form.control}
            name="payment_type"
            render={({ field: type }) => (
              <Radio.Group
                label={t('kinds.donation.paymentTypeLabel')}
                value={type.value}
                onChange={type.onChange}
                error={errorOf('payment_type')}
              >
                <Group gap="lg" mt="xs">
                  {DONATION.paymentTypes.map((value) => (
                    <Radio key={value} value={value} label={t(TYPE_LABELS[value])} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          {values.payment_type !== 'unique' && (
            <Controller
              control={form.control}
              name="recurring_period"
              render={({ field: period }) => (
                <Radio.Group
                  label={t('kinds.donation.recurringPeriodLabel')}
                  value={period.value}
                  onChange={period.onChange}
                  error={errorOf('recurring_period')}
                >
                  <Group gap="lg" mt="xs">
                    {DONATION.recurringPeriods.map((value) => (
                      <Radio key={value} value={String(value)} label={t(PERIOD_LABELS[value])} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          <Fieldset legend={t('kinds.donation.valuesLegend')} variant="unstyled">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                {DONATION.valueSlots.map((slot) => (
                  <TextInput
                    key={slot}
                    label={t('kinds.donation.valueLabel', { slot })}
                    leftSection="R$"
                    inputMode="numeric"
                    autoComplete="off"
                    {...field(`donation_value${slot}`)}
                  />
                ))}
              </SimpleGrid>
              <Text c="dimmed" size="sm">
                {t('kinds.donation.valuesHelp')}
              </Text>
            </Stack>
          </Fieldset>
          <Controller
            control={form.control}
            name="default_donation_value"
            render={({ field: slot }) => (
              <Radio.Group
                label={t('kinds.donation.defaultValueLabel')}
                value={slot.value}
                onChange={slot.onChange}
                error={errorOf('default_donation_value')}
              >
                <Group gap="lg" mt="xs">
                  {DONATION.valueSlots.map((n) => (
                    <Radio
                      key={n}
                      value={String(n)}
                      disabled={visible.size > 0 && !visible.has(n) && slot.value !== String(n)}
                      label={
                        visible.has(n)
                          ? t('kinds.donation.defaultValueOptionFilled', {
                              slot: n,
                              value: values[`donation_value${n}`],
                            })
                          : t('kinds.donation.defaultValueOption', { slot: n })
                      }
                    />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('kinds.donation.goalSettingLabel')}
              description={t('kinds.donation.goalHelp')}
              leftSection="R$"
              inputMode="decimal"
              autoComplete="off"
              {...field('goal')}
            />
            <Controller
              control={form.control}
              name="goal_date_limit"
              render={({ field: date }) => (
                <TextInput
                  label={t('kinds.donation.goalDateLabel')}
                  description={t('kinds.donation.goalDateHelp')}
                  placeholder={t('kinds.donation.datePlaceholder')}
                  inputMode="numeric"
                  autoComplete="off"
                  name={date.name}
                  ref={date.ref}
                  value={date.value}
                  onChange={(event) => date.onChange(maskDate(event.currentTarget.value))}
                  onBlur={date.onBlur}
                  error={errorOf('goal_date_limit')}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="payment_methods"
            render={({ field: boleto }) => (
              <Switch
                label={t('kinds.donation.boletoLabel')}
                description={t('kinds.donation.boletoHelp')}
                checked={boleto.value === 'true'}
                onChange={(event) => boleto.onChange(event.currentTarget.checked ? 'true' : 'false')}
                onBlur={boleto.onBlur}
                error={errorOf('payment_methods')}
              />
            )}
          />
          {footer}
        </Stack>
        {prompt}
      </form>
    </>
  );
}
