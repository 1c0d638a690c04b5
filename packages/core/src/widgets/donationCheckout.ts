import { EMAIL_PATTERN } from './actionRules';
import { digitsOf, isValidDocument, parseBrazilianDate } from './donationRules';

/**
 * Checkout's plain rules, zod-free for the island and the donor's manage page: the donor's data (spec 02 §3
 * "Donation customer"), the card (spec 01 §5 "Credit card") and the sandbox's card tokens. Errors are keyed by the
 * field's path in the payload (`customer.address.zipcode`) and hold `kinds.donation.*` message keys.
 */

export interface DonationCustomer {
  name: string;
  document_number: string;
  email: string;
  phone: { ddd: string; number: string };
  address: {
    zipcode: string;
    street: string;
    street_number: string;
    complementary?: string;
    neighborhood: string;
    city: string;
    state: string;
  };
}

export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export const CUSTOMER_TEXT_MAX = 200;

export type CheckoutErrors = Record<string, string>;

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The donor's data: everything required but the complement; document a valid CPF or CNPJ; digits where digits go. */
export function validateCustomer(customer: Partial<DonationCustomer> | undefined): CheckoutErrors {
  const c = customer ?? {};
  const errors: CheckoutErrors = {};
  const required = 'kinds.donation.required';
  const tooLong = (v: unknown) => text(v).length > CUSTOMER_TEXT_MAX;
  if (blank(c.name)) errors['customer.name'] = required;
  else if (tooLong(c.name)) errors['customer.name'] = 'kinds.donation.tooLong';
  if (blank(c.document_number)) errors['customer.document_number'] = required;
  else if (!isValidDocument(text(c.document_number)))
    errors['customer.document_number'] = 'kinds.donation.documentInvalid';
  if (blank(c.email)) errors['customer.email'] = required;
  else if (!EMAIL_PATTERN.test(text(c.email))) errors['customer.email'] = 'kinds.donation.emailInvalid';
  const ddd = digitsOf(text(c.phone?.ddd));
  const number = digitsOf(text(c.phone?.number));
  if (blank(c.phone?.ddd)) errors['customer.phone.ddd'] = required;
  else if (!/^[1-9]\d$/.test(ddd)) errors['customer.phone.ddd'] = 'kinds.donation.dddInvalid';
  if (blank(c.phone?.number)) errors['customer.phone.number'] = required;
  else if (!/^\d{8,9}$/.test(number)) errors['customer.phone.number'] = 'kinds.donation.phoneInvalid';
  const a = c.address;
  if (blank(a?.zipcode)) errors['customer.address.zipcode'] = required;
  else if (digitsOf(text(a?.zipcode)).length !== 8)
    errors['customer.address.zipcode'] = 'kinds.donation.zipcodeInvalid';
  for (const field of ['street', 'street_number', 'neighborhood', 'city'] as const) {
    if (blank(a?.[field])) errors[`customer.address.${field}`] = required;
    else if (tooLong(a?.[field])) errors[`customer.address.${field}`] = 'kinds.donation.tooLong';
  }
  if (tooLong(a?.complementary)) errors['customer.address.complementary'] = 'kinds.donation.tooLong';
  if (blank(a?.state)) errors['customer.address.state'] = required;
  else if (!(BRAZILIAN_STATES as readonly string[]).includes(text(a?.state).toUpperCase()))
    errors['customer.address.state'] = 'kinds.donation.stateInvalid';
  return errors;
}

/** The customer as stored and sent to the provider: trimmed, digits only in the numbers, the state upper-case. */
export function normalizeCustomer(c: DonationCustomer): DonationCustomer {
  return {
    name: c.name.trim(),
    document_number: digitsOf(c.document_number),
    email: c.email.trim().toLowerCase(),
    phone: { ddd: digitsOf(c.phone.ddd), number: digitsOf(c.phone.number) },
    address: {
      zipcode: digitsOf(c.address.zipcode),
      street: c.address.street.trim(),
      street_number: c.address.street_number.trim(),
      complementary: c.address.complementary?.trim() || undefined,
      neighborhood: c.address.neighborhood.trim(),
      city: c.address.city.trim(),
      state: c.address.state.trim().toUpperCase(),
    },
  };
}

/** What the card form holds. It never leaves the browser: only a token does. */
export interface CardInput {
  number: string;
  name: string;
  /** MM/YY */
  expiration: string;
  cvv: string;
}

/** '4111111111111111' → '4111 1111 1111 1111' (spec 01 §5: number grouped in 4 digits). */
export const groupCardNumber = (raw: string) =>
  digitsOf(raw)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The Luhn check every card number passes. */
export function luhnValid(raw: string): boolean {
  const digits = digitsOf(raw);
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** spec 01 §5: all required; number a card number; expiration MM/YY not past; cvv 3–4 digits; name letters and spaces. */
export function validateCard(card: Partial<CardInput>, today = new Date()): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const required = 'kinds.donation.required';
  if (blank(card.number)) errors.number = required;
  else if (!luhnValid(text(card.number))) errors.number = 'kinds.donation.cardNumberInvalid';
  if (blank(card.name)) errors.name = required;
  else if (!/^[\p{L} ]+$/u.test(text(card.name))) errors.name = 'kinds.donation.cardNameInvalid';
  const expiration = /^(\d{2})\/(\d{2})$/.exec(text(card.expiration));
  if (blank(card.expiration)) errors.expiration = required;
  else if (!expiration || Number(expiration[1]) < 1 || Number(expiration[1]) > 12)
    errors.expiration = 'kinds.donation.cardExpirationInvalid';
  else {
    const month = Number(expiration[1]);
    const year = 2000 + Number(expiration[2]);
    const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
    if (year * 12 + month - 1 < now) errors.expiration = 'kinds.donation.cardExpired';
  }
  if (blank(card.cvv)) errors.cvv = required;
  else if (!/^\d{3,4}$/.test(text(card.cvv))) errors.cvv = 'kinds.donation.cvvInvalid';
  return errors;
}

/** spec 01 §5 "Renewal date required, DD/MM/YYYY": a real date, today or later. */
export function validateChargeDate(raw: unknown, today = new Date()): string | undefined {
  if (blank(raw)) return 'kinds.donation.required';
  const date = parseBrazilianDate(raw);
  if (!date) return 'kinds.donation.dateInvalid';
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return date.getTime() < start ? 'kinds.donation.datePast' : undefined;
}

/** How a sandbox test card behaves (README lists them). Any other valid number is approved. */
export type SandboxOutcome = 'approve' | 'refuse' | 'error' | 'timeout';

export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: SandboxOutcome }[] = [
  { number: '4111111111111111', outcome: 'approve' },
  { number: '4000000000000002', outcome: 'refuse' },
  { number: '4000000000000119', outcome: 'error' },
  { number: '4000000000000259', outcome: 'timeout' },
];

/** A card brand as the provider names it, as printed on the card: 'visa' → 'Visa' (the manage page, the receipt). */
export const cardBrandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

const brandOf = (digits: string) =>
  digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'other';

/**
 * The sandbox's stand-in for the provider's card_hash, made in the browser: the outcome, the brand and the last four
 * digits, never the number, the name, the expiry or the cvv.
 */
export function sandboxCardToken(card: CardInput, nonce: string): string {
  const digits = digitsOf(card.number);
  const outcome = SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'approve';
  return `sandbox_${outcome}_${brandOf(digits)}_${digits.slice(-4)}_${nonce.replace(/[^a-zA-Z0-9]/g, '').slice(0, 16)}`;
}

export function parseSandboxCardToken(
  token: string,
): { outcome: SandboxOutcome; brand: string; last_digits: string } | undefined {
  const match = /^sandbox_(approve|refuse|error|timeout)_([a-z]+)_(\d{4})_[a-zA-Z0-9]{1,16}$/.exec(token);
  if (!match) return undefined;
  return { outcome: match[1] as SandboxOutcome, brand: match[2] as string, last_digits: match[3] as string };
}
