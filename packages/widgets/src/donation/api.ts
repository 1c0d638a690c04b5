import type { Locale } from '@mutirao/core/i18n';
import type { DonationCustomer } from '@mutirao/core/widgets/donationCheckout';
import type { DonationPaymentMethod } from '@mutirao/core/widgets/donationRules';
import { apiUrl } from '../action/apiBase';
import { type ActionResult, postAction } from '../action/useActionSubmit';
import { CUSTOMER_INPUTS } from './customer';

/** How the browser turns a card into a token: the in-page sandbox form, or Pagar.me's checkout window. */
export type BrowserCheckout =
  | { driver: 'sandbox' }
  | { driver: 'pagarme'; encryptionKey: string; checkoutScriptUrl: string };

/** `GET /api/widgets/{id}/donation`: whether the community can receive, its checkout and the figures so far. */
export interface DonationInfo {
  available: boolean;
  checkout: BrowserCheckout;
  stats: { pledged: number; progress: number | null; total_donations: number };
}

export async function fetchDonationInfo(widgetId: number): Promise<DonationInfo | undefined> {
  try {
    const res = await fetch(apiUrl(`/api/widgets/${widgetId}/donation`), { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as Partial<DonationInfo>;
    if (typeof body.available !== 'boolean' || !body.checkout || !body.stats) return undefined;
    return body as DonationInfo;
  } catch {
    return undefined;
  }
}

/** The answer to a donation, as the island reads it. */
export interface DonationAnswer {
  id: number;
  status: 'paid' | 'authorized' | 'waiting_payment' | 'refused' | 'failed' | 'pending';
  payment_method: DonationPaymentMethod;
  amount: number;
  boleto_url?: string;
  boleto_barcode?: string;
  /** The boleto's due date, 'YYYY-MM-DD', when the provider gave one. */
  boleto_due_date?: string;
  subscription?: { id: number; period: number; process_at: string };
  key: string;
}

export interface DonationRequest {
  widget_id: number;
  payment_method: DonationPaymentMethod;
  amount: number;
  card_hash?: string;
  customer: DonationCustomer;
  subscription: boolean;
  period?: number;
  attempt: string;
}

/**
 * `POST /api/mobilizations/{id}/donations` (DONATIONS-CONTRACT); a refused card is a 201 with its status. The attempt
 * is also the request's `Idempotency-Key`: a retry after a lost answer gets the first answer, and the provider
 * charges the attempt once.
 */
export function postDonation(
  input: { mobilizationId: number; donation: DonationRequest; website: string },
  options: { locale: Locale; failed: string },
): Promise<ActionResult> {
  return postAction(
    apiUrl(`/api/mobilizations/${input.mobilizationId}/donations`),
    { donation: input.donation, website: input.website },
    {
      ...options,
      known: new Set(CUSTOMER_INPUTS.map((input) => input.path)),
      key: input.donation.attempt,
      widgetId: input.donation.widget_id,
    },
  );
}

/** `POST /api/donations/{id}/recurring`: the monthly offer, on the card of the donation just made. */
export function postRecurring(
  input: { donationId: number; key: string; amount: number },
  options: { locale: Locale; failed: string },
): Promise<ActionResult> {
  return postAction(
    apiUrl(`/api/donations/${input.donationId}/recurring`),
    { key: input.key, amount: input.amount },
    { ...options, known: new Set() },
  );
}
