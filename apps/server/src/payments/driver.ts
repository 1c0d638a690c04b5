import type { DonationCustomer } from '@mutirao/core';

/**
 * The card-payment service behind one interface (ARCHITECTURE.md "Outside services"): the sandbox by default, Pagar.me
 * when PAYMENTS_DRIVER=pagarme. Card data never reaches this server: the browser turns the card into a token (the
 * provider's card_hash, or the sandbox's own token) and the server only ever sees that token, then a card id.
 *
 * Recurring donations are scheduled here, not at the provider: a subscription keeps the provider's card id and a
 * `process_at` date, and a job charges it (spec 01 §3 "Subscription: credit card, process-at date"; the donor may
 * move the date). So the provider sees only single charges, and cancelling a subscription here stops every charge.
 */

/** Donor data as checkout collects it (spec 02 §3 "Donation customer"), normalised: digits only in the numbers. */
export type PaymentCustomer = DonationCustomer;

/** A community's bank account at the provider (spec 01 §3 recipient); digits only in the numbers. */
export interface BankAccount {
  bank_code: string;
  agencia: string;
  agencia_dv: string;
  conta: string;
  conta_dv: string;
  type: 'conta_corrente' | 'conta_poupanca';
  legal_name: string;
  document_number: string;
}

export interface RecipientRequest {
  /** The provider's id when the community already has a recipient: it is updated, not created again. */
  id?: string;
  transferInterval: 'weekly' | 'monthly';
  /** 1–5 (Monday–Friday) when weekly; 1–31 when monthly. */
  transferDay: number;
  transferEnabled: boolean;
  bankAccount: BankAccount;
}

export type PaymentMethod = 'credit_card' | 'boleto';

/** Pagar.me's transaction states, which the donations table stores as they are. */
export type ChargeStatus =
  | 'processing'
  | 'authorized'
  | 'paid'
  | 'waiting_payment'
  | 'refused'
  | 'refunded'
  | 'pending_refund'
  | 'chargedback';

export interface ChargeRequest {
  /**
   * Unique per attempt (the provider's `reference_key`): asking again with the same reference after a timeout finds
   * the charge instead of making a second one.
   */
  reference: string;
  /** Integer cents. */
  amount: number;
  method: PaymentMethod;
  /** The browser's card token (first charge of a card). */
  cardToken?: string;
  /** A stored card (the charges of a subscription). */
  cardId?: string;
  /** A boleto's due date, 'YYYY-MM-DD' (a Brazilian banks' calendar day). */
  boletoDueDate?: string;
  customer: PaymentCustomer;
  /** The community's recipient: it receives the amount, pays the fees and is liable for chargebacks. */
  recipientId: string;
  /** Where the provider reports this charge's later changes (boleto paid, refund, chargeback). */
  postbackUrl: string;
  /** What the donor's statement shows. */
  description: string;
}

export interface Charge {
  /** The provider's transaction id. */
  id: string;
  status: ChargeStatus;
  /** The stored card, reusable for later charges (card payments only). */
  card?: { id: string; brand: string; last_digits: string };
  /** The boleto as the provider issued it; `dueDate` is its calendar day, 'YYYY-MM-DD', when the provider says it. */
  boleto?: { url: string; barcode: string; dueDate?: string };
  /** The provider's reason for a refusal, for the organiser (never shown to the donor as is). */
  refuseReason?: string;
  /** The provider's whole answer, stored on the donation for support. */
  raw: Record<string, unknown>;
}

/** A transaction postback, signature already checked. */
export interface ChargeUpdate {
  id: string;
  status: ChargeStatus;
  raw: Record<string, unknown>;
}

/** What the browser needs to turn a card into a token. */
export type BrowserCheckout =
  | { driver: 'sandbox' }
  | { driver: 'pagarme'; encryptionKey: string; checkoutScriptUrl: string };

export interface PaymentsDriver {
  readonly name: 'sandbox' | 'pagarme';
  /**
   * Creates one transaction. A refusal is a Charge with status 'refused', not an error. Throws `PaymentTimeout` when
   * the provider gave no answer in time (the outcome is unknown: `findCharge(reference)` settles it later) and
   * `PaymentError` when it refused the request itself (bad token, invalid data, provider down).
   */
  charge(request: ChargeRequest): Promise<Charge>;
  /** The charge made under `reference`, if the provider has one. */
  findCharge(reference: string): Promise<Charge | undefined>;
  /** Stores a card from a browser token (a donor changing the card of a subscription). */
  saveCard(cardToken: string): Promise<{ id: string; brand: string; last_digits: string; valid: boolean }>;
  /** Creates or updates the community's recipient; answers its provider id. */
  saveRecipient(request: RecipientRequest): Promise<{ id: string }>;
  /** Checks a postback's signature over the exact raw body the provider sent. */
  verifyPostback(rawBody: string, signature: string | undefined): boolean;
  /**
   * Reads a (verified) postback body; undefined for events that are not about a transaction. The sandbox also moves
   * its stored charge, as the provider's own record had moved before it posted.
   */
  parsePostback(body: Record<string, unknown>): Promise<ChargeUpdate | undefined>;
  browserCheckout(): BrowserCheckout;
}

/** The provider refused the request itself, or failed; `status` is its HTTP status (0 when unreachable). */
export class PaymentError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { parameter_name?: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** No answer in time: the charge may or may not exist. */
export class PaymentTimeout extends Error {}
