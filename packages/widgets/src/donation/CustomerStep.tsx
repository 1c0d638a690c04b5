import { type Locale, translate } from '@mutirao/core/i18n';
import { renderMessage } from '@mutirao/core/messages';
import { BRAZILIAN_STATES, validateCustomer } from '@mutirao/core/widgets/donationCheckout';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConsentNote } from '../action/ActionParts';
import type { Focusable } from '../browser';
import { CUSTOMER_INPUTS, type CustomerPath, toCustomer } from './customer';
import { focusLater, StepErrors, StepHeading, TextField } from './StepParts';
import type { DonationFlow } from './useDonationFlow';

const fieldId = (base: string, path: string) => `${base}-${path.replace(/\./g, '-')}`;

/**
 * The donor's data (spec 02 §3 "Donation customer"): name, CPF or CNPJ, e-mail, phone, address. The checks are
 * core's, the same the server runs; messages show once a field is left, all of them (and the summary, focused) on
 * Continue. The server's own messages for a field come back here too.
 */
export function CustomerStep({ flow, locale, widgetId }: { flow: DonationFlow; locale: Locale; widgetId: number }) {
  const [touched, setTouched] = useState<Partial<Record<CustomerPath, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const summary = useRef<HTMLDivElement & Focusable>(null);
  const t = (key: string, params?: Record<string, string>) => translate(locale, `kinds.donation.${key}`, params);
  const base = `mz-donation-${widgetId}`;
  const invalid = validateCustomer(toCustomer(flow.customer));
  const shown: [string, string][] = [];
  for (const input of CUSTOMER_INPUTS) {
    const local = invalid[input.path];
    const message =
      local && (showAll || touched[input.path]) ? renderMessage(locale, local) : flow.server?.fields[input.path];
    if (message) shown.push([fieldId(base, input.path), t('errorItem', { field: t(input.label), message })]);
  }
  // Opened by the server's refusal of a field: its messages are what to read first.
  const serverRefused = Object.values(flow.server?.fields ?? {}).some(Boolean);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step opens.
  useEffect(() => {
    if (serverRefused) focusLater(summary);
  }, []);
  const errorOf = (path: string) => shown.find(([id]) => id === fieldId(base, path))?.[1];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.keys(invalid).length) {
      setShowAll(true);
      focusLater(summary);
      return;
    }
    flow.keepCustomer();
    flow.go('payment');
  };
  const change = (path: CustomerPath, value: string) => {
    flow.setCustomer((c) => ({ ...c, [path]: value }));
    if (flow.server?.fields[path]) flow.setServer((s) => s && { ...s, fields: { ...s.fields, [path]: '' } });
  };

  return (
    <form className="mz-donation__step" noValidate onSubmit={onSubmit}>
      <StepHeading headingRef={flow.heading}>{t('customerTitle')}</StepHeading>
      <div className="mz-form__fields mz-donation__grid">
        {CUSTOMER_INPUTS.map((input) => (
          <TextField
            key={input.path}
            id={fieldId(base, input.path)}
            name={input.path}
            label={t(input.label)}
            value={flow.customer[input.path]}
            locale={locale}
            error={errorOf(input.path)}
            optional={'optional' in input}
            short={'short' in input}
            type={'type' in input ? input.type : undefined}
            autoComplete={'autoComplete' in input ? input.autoComplete : undefined}
            inputMode={'inputMode' in input ? input.inputMode : undefined}
            options={'select' in input ? { empty: t('customerStatePick'), values: BRAZILIAN_STATES } : undefined}
            onChange={(value) => change(input.path, value)}
            onBlur={() => setTouched((v) => (v[input.path] ? v : { ...v, [input.path]: true }))}
          />
        ))}
      </div>
      <StepErrors locale={locale} summaryRef={summary} fields={shown} messages={flow.server?.messages ?? []} />
      <div className="mz-donation__actions">
        <button type="button" className="mz-donation__back" onClick={() => flow.go('choose')}>
          {t('back')}
        </button>
        <button type="submit" className="mz-form__submit">
          {t('continue')}
        </button>
      </div>
      <ConsentNote locale={locale} />
    </form>
  );
}
