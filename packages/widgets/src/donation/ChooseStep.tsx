import { formatMoneyInteger } from '@mutirao/core/format';
import { type Locale, translate } from '@mutirao/core/i18n';
import { amountInCents, periodLabelKey } from '@mutirao/core/widgets/donationRules';
import type { FormEvent, Ref } from 'react';
import type { DonationModel } from './donationModel';
import type { DonationFlow } from './useDonationFlow';

/**
 * The first screen: the type (one-off or every month, semester or year) when the organiser lets the visitor choose,
 * one of the visible values with the default preselected, and the button. Both choices are radio groups, so arrows
 * move within them and Tab moves on.
 */
export function ChooseStep({ model, flow, locale }: { model: DonationModel; flow: DonationFlow; locale: Locale }) {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `kinds.donation.${key}`, params);
  const id = `mz-donation-${model.widgetId}`;
  const period = translate(locale, periodLabelKey(model.period));
  const unavailable = flow.info?.available === false;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!flow.value || unavailable) return;
    flow.go('customer');
  };
  return (
    <form className="mz-donation__step" noValidate onSubmit={onSubmit}>
      {model.paymentType === 'users_choice' && (
        <fieldset className="mz-donation__choices">
          <legend className="mz-form__label">{t('typeLegend')}</legend>
          {[false, true].map((recurring) => (
            <label key={String(recurring)} className="mz-donation__choice">
              <input
                type="radio"
                name={`${id}-type`}
                value={recurring ? 'recurring' : 'unique'}
                checked={flow.recurring === recurring}
                onChange={() => flow.setRecurring(recurring)}
              />
              <span>{recurring ? t('typeRecurring', { period }) : t('typeUnique')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset
        className="mz-donation__choices"
        tabIndex={model.title ? undefined : -1}
        ref={model.title ? undefined : (flow.heading as Ref<HTMLFieldSetElement>)}
      >
        <legend className="mz-form__label">{t('valueLegend')}</legend>
        {model.values.map((v) => (
          <label key={v.slot} className="mz-donation__choice">
            <input
              type="radio"
              name={`${id}-value`}
              value={String(v.slot)}
              checked={flow.slot === v.slot}
              onChange={() => flow.setSlot(v.slot)}
            />
            <span>
              {flow.recurring
                ? t('valuePerPeriod', { value: formatMoneyInteger(amountInCents(v.value)), period })
                : formatMoneyInteger(amountInCents(v.value))}
            </span>
          </label>
        ))}
      </fieldset>
      {unavailable && (
        <p className="mz-donation__notice" role="status">
          {t('unavailable')}
        </p>
      )}
      <button type="submit" className="mz-form__submit" aria-disabled={!flow.value || unavailable || undefined}>
        {model.buttonText ?? t('defaultButton')}
      </button>
    </form>
  );
}
