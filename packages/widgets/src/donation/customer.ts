import type { DonationCustomer } from '@mutirao/core/widgets/donationCheckout';

/** The customer form's inputs, flat, each named by its path in the payload (the server's error keys). */
export const CUSTOMER_INPUTS = [
  { path: 'customer.name', label: 'customerName', autoComplete: 'name' },
  { path: 'customer.document_number', label: 'customerDocument', inputMode: 'numeric' },
  { path: 'customer.email', label: 'customerEmail', autoComplete: 'email', type: 'email' },
  {
    path: 'customer.phone.ddd',
    label: 'customerDdd',
    autoComplete: 'tel-area-code',
    inputMode: 'numeric',
    short: true,
  },
  { path: 'customer.phone.number', label: 'customerPhone', autoComplete: 'tel-local', inputMode: 'tel' },
  { path: 'customer.address.zipcode', label: 'customerZipcode', autoComplete: 'postal-code', inputMode: 'numeric' },
  { path: 'customer.address.street', label: 'customerStreet', autoComplete: 'address-line1' },
  { path: 'customer.address.street_number', label: 'customerStreetNumber', short: true },
  {
    path: 'customer.address.complementary',
    label: 'customerComplementary',
    autoComplete: 'address-line2',
    optional: true,
  },
  { path: 'customer.address.neighborhood', label: 'customerNeighborhood', autoComplete: 'address-level3' },
  { path: 'customer.address.city', label: 'customerCity', autoComplete: 'address-level2' },
  { path: 'customer.address.state', label: 'customerState', autoComplete: 'address-level1', select: true },
] as const;

export type CustomerPath = (typeof CUSTOMER_INPUTS)[number]['path'];
export type CustomerValues = Record<CustomerPath, string>;

export const emptyCustomer = (): CustomerValues =>
  Object.fromEntries(CUSTOMER_INPUTS.map((input) => [input.path, ''])) as CustomerValues;

type Nested = Record<string, unknown>;

/** The flat form as the payload's nested customer (checked and normalised by core before sending). */
export function toCustomer(values: CustomerValues): DonationCustomer {
  const customer: Nested = { phone: {}, address: {} };
  for (const { path } of CUSTOMER_INPUTS) {
    const [, group, field] = path.split('.') as [string, string, string?];
    if (field) (customer[group] as Nested)[field] = values[path];
    else customer[group] = values[path];
  }
  return customer as unknown as DonationCustomer;
}

/** A kept customer back into the form; anything missing or not text is left blank. */
export function fromCustomer(customer: DonationCustomer): CustomerValues {
  const read = (path: string) => {
    const [, group, field] = path.split('.') as [string, string, string?];
    const value = field
      ? (customer as unknown as Record<string, Nested | undefined>)[group]?.[field]
      : (customer as unknown as Nested)[group];
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(CUSTOMER_INPUTS.map(({ path }) => [path, read(path)])) as CustomerValues;
}
