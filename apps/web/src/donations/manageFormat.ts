/** '2026-12-01' (or an ISO timestamp) as the donor reads it, 01/12/2026, without a time zone shifting the day. */
export function brazilianDate(iso: string | null | undefined): string | undefined {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : undefined;
}

const STATUS_KEYS = {
  pending: 'kinds.donation.statusPending',
  active: 'kinds.donation.statusActive',
  unpaid: 'kinds.donation.statusUnpaid',
  canceled: 'kinds.donation.statusCanceled',
  ended: 'kinds.donation.statusEnded',
} as const;

/** The catalogue key naming a subscription's status; an unknown one reads as active. */
export const statusKey = (status: string) =>
  Object.hasOwn(STATUS_KEYS, status) ? STATUS_KEYS[status as keyof typeof STATUS_KEYS] : STATUS_KEYS.active;

/** A cancelled or ended subscription can no longer be changed. */
export const isClosed = (status: string) => status === 'canceled' || status === 'ended';
