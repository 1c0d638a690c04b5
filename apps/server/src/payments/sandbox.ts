import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseSandboxCardToken } from '@mutirao/core';
import {
  type Charge,
  type ChargeRequest,
  type ChargeStatus,
  type ChargeUpdate,
  PaymentError,
  type PaymentsDriver,
  PaymentTimeout,
  type RecipientRequest,
} from './driver';

/** HMAC-SHA1 of the raw body, hex, as Pagar.me signs postbacks (`X-Hub-Signature: sha1=…`). */
export function postbackSignature(rawBody: string, key: string): string {
  return `sha1=${createHmac('sha1', key).update(rawBody).digest('hex')}`;
}

export function checkPostbackSignature(rawBody: string, signature: string | undefined, key: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(postbackSignature(rawBody, key));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const STATUSES: readonly ChargeStatus[] = [
  'processing',
  'authorized',
  'paid',
  'waiting_payment',
  'refused',
  'refunded',
  'pending_refund',
  'chargedback',
];

/** Reads a Pagar.me-shaped transaction postback: `id`, `object`, `current_status` (both drivers post this shape). */
export function readTransactionPostback(body: Record<string, unknown>): ChargeUpdate | undefined {
  const status = body.current_status;
  if (body.object !== 'transaction' || typeof body.id !== 'string' || typeof status !== 'string') return undefined;
  if (!STATUSES.includes(status as ChargeStatus)) return undefined;
  return { id: body.id, status: status as ChargeStatus, raw: body };
}

/**
 * The sandbox (the default): works offline and behaves like the provider, failures included, chosen by the test card
 * the visitor typed (core's `SANDBOX_TEST_CARDS`, listed in the README): one approves, one is refused, one makes the
 * provider fail, and one answers too late (the charge exists, the answer is lost: reconciliation finds it). Boletos
 * wait for payment until a signed postback says they are paid. Charges live in this process's memory.
 */
export class SandboxPaymentsDriver implements PaymentsDriver {
  readonly name = 'sandbox' as const;
  private readonly charges = new Map<string, Charge>();
  private readonly byId = new Map<string, Charge>();
  private readonly cards = new Map<string, { id: string; brand: string; last_digits: string; outcome: string }>();

  constructor(private readonly postbackKey: string) {}

  async charge(request: ChargeRequest): Promise<Charge> {
    const existing = this.charges.get(request.reference);
    if (existing) throw new PaymentError(400, 'reference_key already used', [{ message: 'reference_key' }]);
    const card = request.method === 'credit_card' ? this.cardOf(request) : undefined;
    if (card?.outcome === 'error') throw new PaymentError(502, 'sandbox: the provider failed (test card)');
    const id = `sandbox_tr_${randomBytes(8).toString('hex')}`;
    const status: ChargeStatus = !card ? 'waiting_payment' : card.outcome === 'refuse' ? 'refused' : 'paid';
    const charge: Charge = {
      id,
      status,
      card: card && { id: card.id, brand: card.brand, last_digits: card.last_digits },
      boleto: card
        ? undefined
        : { url: `sandbox://boleto/${id}`, barcode: sandboxBarcode(request.amount), dueDate: request.boletoDueDate },
      refuseReason: status === 'refused' ? 'acquirer' : undefined,
      raw: {
        object: 'transaction',
        id,
        status,
        amount: request.amount,
        reference_key: request.reference,
        sandbox: true,
      },
    };
    this.charges.set(request.reference, charge);
    this.byId.set(id, charge);
    if (card?.outcome === 'timeout') throw new PaymentTimeout('sandbox: the answer was lost (test card)');
    return charge;
  }

  async findCharge(reference: string) {
    return this.charges.get(reference);
  }

  async saveCard(cardToken: string) {
    const card = this.storeCard(cardToken);
    return { id: card.id, brand: card.brand, last_digits: card.last_digits, valid: card.outcome !== 'refuse' };
  }

  async saveRecipient(request: RecipientRequest) {
    return { id: request.id ?? `sandbox_re_${randomBytes(8).toString('hex')}` };
  }

  verifyPostback(rawBody: string, signature: string | undefined) {
    return checkPostbackSignature(rawBody, signature, this.postbackKey);
  }

  parsePostback(body: Record<string, unknown>) {
    const update = readTransactionPostback(body);
    const charge = update && this.byId.get(update.id);
    if (charge && update) charge.status = update.status;
    return update;
  }

  browserCheckout() {
    return { driver: 'sandbox' as const };
  }

  /** Signs a postback the way the provider would (tests, and the sandbox's "pay this boleto"). */
  sign(rawBody: string): string {
    return postbackSignature(rawBody, this.postbackKey);
  }

  private cardOf(request: ChargeRequest) {
    if (request.cardId) {
      const stored = this.cards.get(request.cardId);
      if (!stored)
        throw new PaymentError(400, 'card_id not found', [{ parameter_name: 'card_id', message: 'not found' }]);
      return stored;
    }
    if (!request.cardToken)
      throw new PaymentError(400, 'card_hash required', [{ parameter_name: 'card_hash', message: 'required' }]);
    return this.storeCard(request.cardToken);
  }

  private storeCard(token: string) {
    const parsed = parseSandboxCardToken(token);
    if (!parsed)
      throw new PaymentError(400, 'invalid card_hash', [{ parameter_name: 'card_hash', message: 'invalid' }]);
    const card = { id: `sandbox_card_${randomBytes(6).toString('hex')}`, ...parsed };
    this.cards.set(card.id, card);
    return card;
  }
}

/** A boleto's typeable line in the sandbox: the right shape (47 digits), obviously not a real bank's. */
function sandboxBarcode(amount: number): string {
  return `00000.00000 00000.000000 00000.000000 0 ${String(amount).padStart(14, '0')}`;
}
