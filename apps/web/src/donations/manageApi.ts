import { ApiError, api } from '../api/client';
import type { BrowserCheckout } from './cardToken';

/** `GET /api/subscriptions/manage/{token}`'s subscription (DONATIONS-CONTRACT): amounts in cents, dates ISO. */
export interface ManagedSubscription {
  amount: number;
  period: number;
  status: string;
  /** The next charge, 'YYYY-MM-DD'. */
  process_at: string | null;
  /** Brand and last digits are null until a card is on file. */
  card: { brand: string | null; last_digits: string | null } | null;
  /** Null when the page was removed. */
  mobilization: { name: string | null };
  community: { name: string; time_zone: string };
  canceled_at: string | null;
}

/** The page's data: the subscription, and how this server's provider turns a card into a token. */
export interface ManagedDonation {
  subscription: ManagedSubscription;
  checkout?: BrowserCheckout;
}

export const manageQueryKey = (token: string) => ['donations', 'manage', token] as const;

const base = (token: string) => `/api/subscriptions/manage/${encodeURIComponent(token)}`;
// The donor has no account: a 401 would never mean "sign in", so it is not sent to the login.
const options = { allowUnauthorized: true } as const;

export const fetchManagedDonation = (token: string) => api<ManagedDonation>(base(token), options);

export const changeCard = (token: string, cardHash: string) =>
  api<ManagedDonation>(`${base(token)}/card`, { ...options, method: 'PUT', body: { card_hash: cardHash } });

export const changeChargeDate = (token: string, processAt: string) =>
  api<ManagedDonation>(`${base(token)}/process_at`, { ...options, method: 'PUT', body: { process_at: processAt } });

export const cancelDonation = (token: string) =>
  api<ManagedDonation>(`${base(token)}/cancel`, { ...options, method: 'POST' });

/** The server's own words for a refused change ({errors: [...]} or {errors: {field: [...]}}), if it gave any. */
export function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'response') return undefined;
  return [...error.messages, ...Object.values(error.fields).flat()][0];
}

/** A link that is wrong, expired or replaced: the server answers 404 (no hint which). */
export const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 404;
