import { formatMoney, formatMoneyInteger } from '@mutirao/core/format';
import { type Locale, translate } from '@mutirao/core/i18n';
import { renderMessage } from '@mutirao/core/messages';
import {
  type CardInput,
  groupCardNumber,
  SANDBOX_TEST_CARDS,
  sandboxCardToken,
  validateCard,
} from '@mutirao/core/widgets/donationCheckout';
import { DONATION, type DonationPaymentMethod, periodLabelKey } from '@mutirao/core/widgets/donationRules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Honeypot, RetryNotice } from '../action/ActionParts';
import { type Focusable, inputValue } from '../browser';
import type { DonationModel } from './donationModel';
import { pagarmeCardHash } from './pagarme';
import { focusLater, StepErrors, StepHeading, TextField } from './StepParts';
import type { CardTokenizer, DonationFlow } from './useDonationFlow';

type CardField = keyof CardInput;
const CARD_FIELDS: { name: CardField; label: string; autoComplete: string; short?: boolean }[] = [
  { name: 'number', label: 'cardNumber', autoComplete: 'cc-number' },
  { name: 'expiration', label: 'cardExpiration', autoComplete: 'cc-exp', short: true },
  { name: 'cvv', label: 'cardCvv', autoComplete: 'cc-csc', short: true },
  { name: 'name', label: 'cardName', autoComplete: 'cc-name' },
];

/** '1228' → '12/28' as the visitor types. */
const expirationOf = (raw: string) => {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * Payment: the method (boleto only for one-off donations when the organiser offers it, with its R$ 3,00 shown before
 * paying), then the card. With the sandbox the card is typed here and becomes a token in the browser, under an honest
 * 'sandbox' label with the test cards; with Pagar.me its own window asks for the card. The card lives in this
 * component's state only: never sent, never stored.
 */
export function PaymentStep({ model, flow, locale }: { model: DonationModel; flow: DonationFlow; locale: Locale }) {
  const [method, setMethod] = useState<DonationPaymentMethod>('credit_card');
  const [card, setCard] = useState<CardInput>({ number: '', name: '', expiration: '', cvv: '' });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const summary = useRef<HTMLDivElement & Focusable>(null);
  const website = useRef<HTMLInputElement>(null);
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `kinds.donation.${key}`, params);
  const id = `mz-donation-${model.widgetId}`;
  const checkout = flow.info?.checkout;
  const sandboxCard = method === 'credit_card' && checkout?.driver !== 'pagarme';
  const boleto = method === 'boleto' && flow.boletoAllowed;
  const invalid = sandboxCard ? validateCard(card) : {};
  const shown: [string, string][] = [];
  for (const field of CARD_FIELDS) {
    const message = invalid[field.name];
    if (message && (showAll || touched[field.name]))
      shown.push([
        `${id}-card-${field.name}`,
        t('errorItem', { field: t(field.label), message: renderMessage(locale, message) }),
      ]);
  }
  useEffect(() => {
    flow.focusSummary.current = () => focusLater(summary);
  }, [flow.focusSummary]);

  const tokenize: CardTokenizer = async (attempt) => {
    if (checkout?.driver === 'pagarme')
      return pagarmeCardHash({
        encryptionKey: checkout.encryptionKey,
        scriptUrl: checkout.checkoutScriptUrl,
        amountCents: flow.amount,
        color: model.color,
        buttonText: model.buttonText,
      });
    return sandboxCardToken(card, attempt);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.keys(invalid).length) {
      setShowAll(true);
      focusLater(summary);
      return;
    }
    void flow.donate(boleto ? 'boleto' : 'credit_card', inputValue(website.current), tokenize);
  };
  const period = translate(locale, periodLabelKey(model.period));
  const price = formatMoneyInteger(flow.amount);
  const total = boleto ? formatMoney(flow.amount + DONATION.boletoFeeCents) : price;
  const test = (outcome: string) =>
    groupCardNumber(SANDBOX_TEST_CARDS.find((c) => c.outcome === outcome)?.number ?? '');

  return (
    <form className="mz-donation__step" noValidate onSubmit={onSubmit} aria-busy={flow.sending || undefined}>
      <StepHeading headingRef={flow.heading}>{t('paymentTitle')}</StepHeading>
      <p className="mz-donation__summary">
        {flow.recurring
          ? t('paymentSummaryRecurring', { amount: price, period })
          : t('paymentSummary', { amount: price })}
      </p>
      {flow.boletoAllowed && (
        <fieldset className="mz-donation__choices">
          <legend className="mz-form__label">{t('methodLegend')}</legend>
          {(['credit_card', 'boleto'] as const).map((m) => (
            <label key={m} className="mz-donation__choice">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              <span>{t(m === 'boleto' ? 'methodBoleto' : 'methodCard')}</span>
            </label>
          ))}
        </fieldset>
      )}
      {boleto && <p className="mz-donation__notice">{t('boletoFee', { total })}</p>}
      {sandboxCard && (
        <div className="mz-donation__sandbox">
          <p className="mz-donation__sandbox-label">{t('sandboxLabel')}</p>
          <p className="mz-donation__sandbox-hint">
            {t('sandboxHint', {
              approve: test('approve'),
              refuse: test('refuse'),
              error: test('error'),
              timeout: test('timeout'),
            })}
          </p>
        </div>
      )}
      {sandboxCard && (
        <div className="mz-form__fields mz-donation__grid">
          {CARD_FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`${id}-card-${field.name}`}
              name={`card-${field.name}`}
              label={t(field.label)}
              value={card[field.name]}
              locale={locale}
              error={shown.find(([key]) => key === `${id}-card-${field.name}`)?.[1]}
              short={field.short}
              autoComplete={field.autoComplete}
              inputMode={field.name === 'name' ? undefined : 'numeric'}
              maxLength={field.name === 'cvv' ? 4 : field.name === 'expiration' ? 5 : undefined}
              onChange={(value) =>
                setCard((c) => ({
                  ...c,
                  [field.name]:
                    field.name === 'number'
                      ? groupCardNumber(value)
                      : field.name === 'expiration'
                        ? expirationOf(value)
                        : value,
                }))
              }
              onBlur={() => setTouched((v) => (v[field.name] ? v : { ...v, [field.name]: true }))}
            />
          ))}
        </div>
      )}
      {method === 'credit_card' && checkout?.driver === 'pagarme' && (
        <p className="mz-donation__notice">{t('pagarmeNote')}</p>
      )}
      <Honeypot locale={locale} inputRef={website} />
      <StepErrors locale={locale} summaryRef={summary} fields={shown} messages={flow.server?.messages ?? []} />
      <RetryNotice locale={locale} state={flow.retry} onRetry={flow.retryNow} />
      <div className="mz-donation__actions">
        <button type="button" className="mz-donation__back" onClick={() => flow.go('customer')} disabled={flow.sending}>
          {t('back')}
        </button>
        <button type="submit" className="mz-form__submit" disabled={flow.sending}>
          {flow.sending
            ? translate(locale, 'actionWidget.sending')
            : boleto
              ? t('payBoleto', { amount: total })
              : t('pay', { amount: price })}
        </button>
      </div>
    </form>
  );
}
