import { type Locale, translate } from '../i18n';
import { emptyDocument } from '../richtext/model';
import { serializeContent } from '../richtext/parse';
import { DONATION } from './donationRules';
import { type FormField, newFormField, serializeFormFields } from './formRules';

/**
 * What each kind holds when the organiser has just picked it for an empty column, in the page's language: a widget
 * that already works and reads well, every text the organiser's to change. Each passes its kind's own settings
 * rules, so the tabs save as they open. A kind left out starts with no settings.
 */

type Text = (key: string) => string;

const textIn =
  (locale: Locale): Text =>
  (key) =>
    translate(locale, `widgetDefaults.${key}`);

/** The finish screen visitors see (the share buttons), with a message for WhatsApp. */
const sharing = (whatsappText: string) => ({ finish_message_type: 'share', whatsapp_text: whatsappText });

const field = (label: string, kind: FormField['kind'], required: boolean): FormField => ({
  ...newFormField(),
  kind,
  label,
  required: required ? 'true' : 'false',
});

/** An empty text: its editor opens at once with the focus in it and its own hint ('Escreva aqui…'). */
export const contentDefaults = () => ({ content: serializeContent(emptyDocument()) });

/** A sign-up: first name and e-mail required, last name optional. */
export function formDefaults(locale: Locale) {
  const t = textIn(locale);
  return {
    call_to_action: t('formTitle'),
    button_text: t('formButton'),
    count_text: t('formCount'),
    fields: serializeFormFields([
      field(t('formFirstName'), 'text', true),
      field(t('formLastName'), 'text', false),
      field(t('formEmail'), 'email', true),
    ]),
    ...sharing(t('formShare')),
  };
}

/** A sample letter and no targets: the settings ask for them (`NoTargetsNotice` in the admin app). */
export function pressureDefaults(locale: Locale) {
  const t = textIn(locale);
  return {
    call_to_action: t('pressureTitle'),
    button_text: t('pressureButton'),
    count_text: t('pressureCount'),
    pressure_subject: t('pressureSubject'),
    pressure_body: t('pressureBody'),
    show_city: 'city-false',
    disable_edit_field: 'n',
    ...sharing(t('pressureShare')),
  };
}

export function phonePressureDefaults(locale: Locale) {
  const t = textIn(locale);
  return {
    call_to_action: t('phoneTitle'),
    button_text: t('phoneButton'),
    count_text: t('phoneCount'),
    show_city: 'city-false',
    ...sharing(t('phoneShare')),
  };
}

/** Five amounts in reais, the spec's default slot and period, one-off gifts by card. */
export const DEFAULT_DONATION_VALUES = [20, 50, 100, 200, 500] as const;

export function donationDefaults(locale: Locale) {
  const t = textIn(locale);
  return {
    call_to_action: t('donationTitle'),
    // The title's older name, kept equal as the Ajustes tab keeps it (spec 02 §3 "call_to_action or title_text").
    title_text: t('donationTitle'),
    button_text: t('donationButton'),
    payment_type: DONATION.defaultPaymentType,
    recurring_period: DONATION.defaultRecurringPeriod,
    ...Object.fromEntries(DEFAULT_DONATION_VALUES.map((value, i) => [`donation_value${i + 1}`, String(value)])),
    default_donation_value: DONATION.defaultValueSlot,
    payment_methods: 'false',
    ...sharing(t('donationShare')),
  };
}
