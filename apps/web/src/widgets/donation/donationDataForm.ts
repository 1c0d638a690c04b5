import {
  DONATION,
  DONATION_DATA_KEYS,
  type DonationDataSettings,
  donationDataTabSchema,
  donationValues,
} from '@mutirao/core';
import type { z } from 'zod';

/** The Dados para doação tab's values: every key as the text its input holds. */
export type DonationDataForm = Record<(typeof DONATION_DATA_KEYS)[number], string>;

/** A stored setting as text: numbers (recurring_period 30) become their digits. */
const textOf = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';

/** Cents as the reais the organiser types, with a Brazilian decimal comma: 150050 → '1500,50', 100000 → '1000'. */
export function reaisOfCents(cents: number): string {
  const rest = cents % 100;
  return `${Math.floor(cents / 100)}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The form's values from the stored settings, with the spec's defaults (spec 02 §9). A page made from a template may
 * hold its goal only in the `goal` column (cents): it is shown in reais, so saving the tab keeps it.
 */
export function donationDataValues(settings: Record<string, unknown>, goalCents?: number | null): DonationDataForm {
  const values = Object.fromEntries(DONATION_DATA_KEYS.map((key) => [key, textOf(settings[key])])) as DonationDataForm;
  return {
    ...values,
    payment_type: values.payment_type || DONATION.defaultPaymentType,
    recurring_period: values.recurring_period || String(DONATION.defaultRecurringPeriod),
    default_donation_value: values.default_donation_value || String(DONATION.defaultValueSlot),
    // Stored with a dot (spec 02 §5), typed and shown with the comma the help text asks for.
    goal: values.goal.replace('.', ',') || (goalCents ? reaisOfCents(goalCents) : ''),
    payment_methods: values.payment_methods === 'true' ? 'true' : 'false',
  };
}

/**
 * What the tab saves: every key of the tab, a cleared one as '' rather than left out, so the server drops it from the
 * stored settings (and a cleared goal clears the goal column) instead of keeping the old value.
 */
export function donationDataPatch(saved: DonationDataSettings): Record<string, unknown> {
  return Object.fromEntries(DONATION_DATA_KEYS.map((key) => [key, saved[key] ?? '']));
}

/**
 * The tab's schema: core's, judged against the stored settings (a deadline that has passed may stay as it is). Its
 * input accepts numbers too (API scripts send them); the form only ever holds text, which the cast says.
 */
export const donationDataFormSchema = (stored: Record<string, unknown>) =>
  donationDataTabSchema(stored) as unknown as z.ZodType<DonationDataSettings, DonationDataForm>;

/** The slots a visitor would see with these values, for the default's choices. */
export const visibleSlots = (values: DonationDataForm) => new Set(donationValues(values).map((v) => v.slot));
