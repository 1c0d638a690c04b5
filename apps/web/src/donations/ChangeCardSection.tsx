import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type CardForm, cardFormSchema, groupCardNumber } from '@mutirao/core';
import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/FormAlert';
import { maskCvv, maskExpiration } from '../forms/masks';
import { useSchemaForm } from '../forms/useSchemaForm';
import { showSuccess } from '../shell/toasts';
import { type BrowserCheckout, pagarmeCardHash, sandboxToken } from './cardToken';
import { changeCard, type ManagedDonation } from './manageApi';

interface Props {
  token: string;
  checkout: BrowserCheckout;
  amount: number;
  onSaved(answer: ManagedDonation): void;
}

const EMPTY: CardForm = { number: '', name: '', expiration: '', cvv: '' };
/** How each typed value is kept: the number grouped in fours, the expiry as MM/YY, the cvv as digits. */
const MASKS = { number: groupCardNumber, name: (v: string) => v, expiration: maskExpiration, cvv: maskCvv };
const AUTOCOMPLETE = { number: 'cc-number', name: 'cc-name', expiration: 'cc-exp', cvv: 'cc-csc' } as const;
const LABELS = {
  number: 'kinds.donation.manageCardNumber',
  name: 'kinds.donation.manageCardName',
  expiration: 'kinds.donation.manageCardExpiration',
  cvv: 'kinds.donation.manageCardCvv',
} as const;

/**
 * A new card (spec 01 §5 "Credit card": all required, number grouped in 4, MM/YY, cvv up to 4 digits, name letters
 * and spaces). In the sandbox it is typed here and tokenised in this page; with Pagar.me it is typed in the provider's
 * checkout window. Either way only the token reaches the server.
 */
export function ChangeCardSection(props: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="manage-card-title">
        {t('kinds.donation.manageChangeCard')}
      </Title>
      {props.checkout.driver === 'pagarme' ? (
        <PagarmeCard {...props} checkout={props.checkout} />
      ) : (
        <SandboxCard {...props} />
      )}
    </Stack>
  );
}

function SandboxCard({ token, onSaved }: Props) {
  const { t } = useTranslation();
  const { form, onSubmit, errorOf, serverError } = useSchemaForm({
    schema: cardFormSchema,
    defaultValues: EMPTY,
    submit: async (card, current) => {
      onSaved(await changeCard(token, sandboxToken(card)));
      current.reset(EMPTY);
      showSuccess(t('kinds.donation.manageCardSaved'));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="manage-card-title">
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {t('kinds.donation.manageSandboxNotice')}
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {(['number', 'name', 'expiration', 'cvv'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <TextInput
                  label={t(LABELS[name])}
                  required
                  autoComplete={AUTOCOMPLETE[name]}
                  inputMode={name === 'name' ? 'text' : 'numeric'}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={(event) => field.onChange(MASKS[name](event.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={errorOf(name)}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <FormAlert message={serverError} />
        <Group>
          <Button type="submit" variant="default" loading={form.formState.isSubmitting}>
            {t('kinds.donation.manageSaveCard')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PagarmeCard({
  token,
  checkout,
  amount,
  onSaved,
}: Props & { checkout: Extract<BrowserCheckout, { driver: 'pagarme' }> }) {
  const { t } = useTranslation();
  const replace = useMutation({
    mutationFn: async () => {
      const hash = await pagarmeCardHash(checkout, amount);
      return hash ? changeCard(token, hash) : undefined;
    },
    onSuccess: (answer) => {
      if (!answer) return;
      onSaved(answer);
      showSuccess(t('kinds.donation.manageCardSaved'));
    },
    // The alert below says it for every failure.
    meta: { showsErrors: 'all' },
  });
  return (
    <Stack gap="sm" align="flex-start">
      {replace.isError && <FormAlert message={t('kinds.donation.manageCardFailed')} />}
      <Button variant="default" loading={replace.isPending} onClick={() => replace.mutate()}>
        {t('kinds.donation.manageChangeCard')}
      </Button>
    </Stack>
  );
}
