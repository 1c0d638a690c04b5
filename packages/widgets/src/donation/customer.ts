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

/** The flat form as the payload's nested customer (checked and normalised by core before sending). */
export function toCustomer(v: CustomerValues): DonationCustomer {
  return {
    name: v['customer.name'],
    document_number: v['customer.document_number'],
    email: v['customer.email'],
    phone: { ddd: v['customer.phone.ddd'], number: v['customer.phone.number'] },
    address: {
      zipcode: v['customer.address.zipcode'],
      street: v['customer.address.street'],
      street_number: v['customer.address.street_number'],
      complementary: v['customer.address.complementary'],
      neighborhood: v['customer.address.neighborhood'],
      city: v['customer.address.city'],
      state: v['customer.address.state'],
    },
  };
}

export function fromCustomer(c: DonationCustomer): CustomerValues {
  const s = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    'customer.name': s(c.name),
    'customer.document_number': s(c.document_number),
    'customer.email': s(c.email),
    'customer.phone.ddd': s(c.phone?.ddd),
    'customer.phone.number': s(c.phone?.number),
    'customer.address.zipcode': s(c.address?.zipcode),
    'customer.address.street': s(c.address?.street),
    'customer.address.street_number': s(c.address?.street_number),
    'customer.address.complementary': s(c.address?.complementary),
    'customer.address.neighborhood': s(c.address?.neighborhood),
    'customer.address.city': s(c.address?.city),
    'customer.address.state': s(c.address?.state),
  };
}
