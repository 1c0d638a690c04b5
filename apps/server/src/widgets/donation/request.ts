import {
  amountInCents,
  boletoAllowed,
  DONATION,
  type DonationCustomer,
  donationValues,
  normalizeCustomer,
  validateCustomer,
} from '@mutirao/core';
import { AppError, type FieldErrors } from '../../http/errors';

/** The largest donation taken in one charge, in cents (R$ 100.000,00): past it a typo, not a gift. */
export const DONATION_MAX_CENTS = 10_000_000;
/** The client's attempt id: any printable token up to this length. */
const ATTEMPT_MAX = 100;

/** A visitor's donation as checked: amounts in cents, the customer normalised. */
export interface DonationRequest {
  widgetId: number;
  paymentMethod: 'credit_card' | 'boleto';
  amount: number;
  cardHash?: string;
  customer: DonationCustomer;
  /** Days between charges when recurring; undefined for a one-off donation. */
  period?: number;
  attempt: string;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The widget id the body names, or a 422 on `widget_id` (read before the widget is looked up). */
export function requestedWidgetId(body: Record<string, unknown>): number {
  const id = Number(body.widget_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('unprocessable', { widget_id: ['validation.required'] });
  return id;
}

/** Whole cents, positive, at most DONATION_MAX_CENTS; the key of the message otherwise. */
export function checkCents(raw: unknown): string | undefined {
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 && raw <= DONATION_MAX_CENTS
    ? undefined
    : 'kinds.donation.amountInvalid';
}

/** The cents a widget offers: each visible value with '00' appended (spec 02 §7), plus the boleto fee for a boleto. */
export function offeredCents(settings: Record<string, unknown>, boleto: boolean): number[] {
  return donationValues(settings).map((v) => amountInCents(v.value) + (boleto ? DONATION.boletoFeeCents : 0));
}

/** The widget's recurrence in days (its recurring_period, 30 when unset or not one of 30, 180, 365). */
export function widgetPeriod(settings: Record<string, unknown>): number {
  const period = Number(settings.recurring_period);
  return (DONATION.recurringPeriods as readonly number[]).includes(period) ? period : DONATION.defaultRecurringPeriod;
}

/**
 * Checks a donation against its widget (spec 02 §3–§5, §7; spec 01 §9):
 * - the amount is whole cents, positive and at most DONATION_MAX_CENTS, and one of the widget's visible values in
 *   cents, plus the R$ 3,00 boleto fee when paying by boleto (the fee is shown to the visitor before paying);
 * - `subscription` must fit payment_type: unique refuses it, recurring requires it, users_choice takes either;
 * - a recurring donation's period is the widget's recurring_period (the visitor does not choose it; a `period`
 *   sent must be that one);
 * - boleto only for a one-off donation and only when payment_methods is 'true'; a card needs its token;
 * - the customer passes core's `validateCustomer` (messages keyed `customer.address.zipcode`, …).
 * Every failing field is answered at once, 422.
 */
export function checkDonationRequest(rawBody: unknown, settings: Record<string, unknown>): DonationRequest {
  const body = record(rawBody);
  const errors: FieldErrors = {};
  const fail = (field: string, key: string) => {
    errors[field] = [key];
  };
  const subscription = body.subscription === true || body.subscription === 'true';
  const paymentType = String(settings.payment_type ?? DONATION.defaultPaymentType);
  if (subscription && paymentType === 'unique') fail('subscription', 'kinds.donation.subscriptionNotAllowed');
  if (!subscription && paymentType === 'recurring') fail('subscription', 'kinds.donation.subscriptionRequired');

  const method = body.payment_method;
  if (method !== 'credit_card' && method !== 'boleto') fail('payment_method', 'kinds.donation.paymentMethodInvalid');
  else if (method === 'boleto' && !boletoAllowed(settings, subscription))
    fail('payment_method', 'kinds.donation.boletoNotAllowed');
  const cardHash = typeof body.card_hash === 'string' ? body.card_hash.trim() : '';
  if (method === 'credit_card' && (!cardHash || cardHash.length > 4096))
    fail('card_hash', 'kinds.donation.cardHashRequired');

  const period = widgetPeriod(settings);
  if (subscription && body.period !== undefined && body.period !== null && Number(body.period) !== period)
    fail('period', 'kinds.donation.periodInvalid');
  if (!subscription && body.period !== undefined && body.period !== null)
    fail('period', 'kinds.donation.periodInvalid');

  const amountError = checkCents(body.amount);
  if (amountError) fail('amount', amountError);
  else if (!offeredCents(settings, method === 'boleto').includes(body.amount as number))
    fail('amount', 'kinds.donation.amountNotOffered');

  const attempt = typeof body.attempt === 'string' ? body.attempt.trim() : '';
  if (!attempt || attempt.length > ATTEMPT_MAX) fail('attempt', 'kinds.donation.attemptRequired');

  const customerErrors = validateCustomer(record(body.customer) as Partial<DonationCustomer>);
  for (const [field, key] of Object.entries(customerErrors)) fail(field, key);
  if (Object.keys(errors).length) throw new AppError('unprocessable', errors);

  return {
    widgetId: requestedWidgetId(body),
    paymentMethod: method as 'credit_card' | 'boleto',
    amount: body.amount as number,
    cardHash: method === 'credit_card' ? cardHash : undefined,
    customer: normalizeCustomer(body.customer as DonationCustomer),
    period: subscription ? period : undefined,
    attempt,
  };
}
