import type { Donation } from '../../db/schema';
import type { Charge, ChargeStatus } from '../../payments/driver';

/**
 * A donation's states: the provider's transaction states (stored as they are) plus two of ours: `pending` (the
 * provider did not answer in time; reconciliation settles it) and `failed` (the provider refused the request itself
 * or never made the charge). A row starts `processing`, committed before the provider is called.
 */
export type DonationStatus = ChargeStatus | 'pending' | 'failed';

/**
 * The moves a donation may make, whoever reports them (the charge's answer, reconciliation, a postback). Anything
 * else is ignored: a late or replayed postback never takes a paid donation back to waiting_payment, and a refused or
 * refunded one stays so. pending_refund → paid is the provider giving up on a refund.
 */
const NEXT: Record<DonationStatus, readonly DonationStatus[]> = {
  processing: ['pending', 'failed', 'refused', 'paid', 'authorized', 'waiting_payment'],
  pending: ['failed', 'refused', 'paid', 'authorized', 'waiting_payment'],
  waiting_payment: ['paid', 'authorized', 'refused'],
  authorized: ['paid', 'refused', 'refunded', 'pending_refund'],
  paid: ['refunded', 'pending_refund', 'chargedback'],
  pending_refund: ['refunded', 'paid'],
  refused: [],
  failed: [],
  refunded: [],
  chargedback: [],
};

export const canMove = (from: string, to: DonationStatus) => NEXT[from as DonationStatus]?.includes(to) ?? false;

/** Money the donor gave (or the card holds for us). */
export const isPaid = (status: string) => status === 'paid' || status === 'authorized';

/** What a step learnt about a charge: its state, and the provider's charge or error when there is one. */
export interface Outcome {
  status: DonationStatus;
  charge?: Charge;
  error?: Record<string, unknown>;
  /** A verified postback's fields, kept as the last word heard. */
  postback?: Record<string, unknown>;
  /**
   * The donor made this charge from the manage page (a new card for an unpaid subscription): its receipt carries no
   * new manage link, which would revoke the one the page is using.
   */
  fromManagePage?: boolean;
}

/**
 * The provider's answer as stored on the row (`gateway_data`): its own fields, plus the card (id, brand, last digits:
 * never a number) and the boleto in Pagar.me's own names, whichever driver answered.
 */
export function gatewayDataOf(outcome: Outcome, previous: Record<string, unknown> | null) {
  if (outcome.charge) {
    const { charge } = outcome;
    return {
      ...charge.raw,
      ...(charge.card && { card: charge.card }),
      ...(charge.boleto && { boleto_url: charge.boleto.url, boleto_barcode: charge.boleto.barcode }),
      ...(charge.boleto?.dueDate && { boleto_due_date: charge.boleto.dueDate }),
      ...(charge.refuseReason && { refuse_reason: charge.refuseReason }),
    };
  }
  return {
    ...(previous ?? {}),
    ...(outcome.error && { error: outcome.error }),
    ...(outcome.postback && { last_postback: outcome.postback }),
  };
}

/** The stored card of a donation's charge, when it has one. */
export function cardOf(donation: Donation): { id: string; brand: string; last_digits: string } | undefined {
  const card = donation.gatewayData?.card as Record<string, unknown> | undefined;
  return card && typeof card.id === 'string'
    ? { id: card.id, brand: String(card.brand ?? ''), last_digits: String(card.last_digits ?? '') }
    : undefined;
}

/** A charge the subscription job made (not a visitor's act): its attempt key starts with `s`. */
export const isScheduledCharge = (donation: Donation) => donation.attemptKey?.startsWith('s') ?? false;

/** The provider reference of a donation row: unique per attempt, so asking again finds the charge. */
export const chargeReference = (donationId: number) => `mutirao-donation-${donationId}`;

/** The state the visitor is told: `processing` (not yet settled) reads as `pending`. */
export const publicStatus = (status: string) => (status === 'processing' ? 'pending' : status);
