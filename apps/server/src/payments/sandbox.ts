import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseSandboxCardToken } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { GroupWriter } from '../db/groupWriter';
import {
  type SandboxPaymentCard,
  type SandboxPaymentCharge,
  sandboxPaymentCards,
  sandboxPaymentCharges,
} from '../db/schema';
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
 * wait for payment until a signed postback says they are paid. Its charges and cards live in the database
 * (`sandbox_payment_charges`, `sandbox_payment_cards`), as a provider's would live at the provider: every process
 * finds a charge another made, and a restart loses nothing.
 */
export class SandboxPaymentsDriver implements PaymentsDriver {
  readonly name = 'sandbox' as const;

  /** Its cards and charges, written a batch at a time (`storeBatch`). */
  private readonly stored: GroupWriter<Stored, boolean>;

  constructor(
    private readonly db: Db,
    private readonly postbackKey: string,
  ) {
    this.stored = new GroupWriter((rows) => storeBatch(db, rows), {
      kind: 'payments-sandbox',
      writers: 1,
      maxBatch: 100,
      person: () => undefined,
    });
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    const card = request.method === 'credit_card' ? await this.cardOf(request) : undefined;
    if (card?.outcome === 'error') {
      if (card.fresh) await this.stored.write({ card: cardColumns(card) });
      throw new PaymentError(502, 'sandbox: the provider failed (test card)');
    }
    const id = `sandbox_tr_${randomBytes(8).toString('hex')}`;
    const status: ChargeStatus = !card ? 'waiting_payment' : card.outcome === 'refuse' ? 'refused' : 'paid';
    const charge: Charge = {
      id,
      status,
      card: card && { id: card.id, brand: card.brand, last_digits: card.lastDigits },
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
    // One charge per reference, whichever process asks: the unique reference decides, as the provider's would.
    const stored = await this.stored.write({
      ...(card?.fresh && { card: cardColumns(card) }),
      charge: { id, reference: request.reference, status, charge: stripUndefined(charge) },
    });
    if (!stored) throw new PaymentError(400, 'reference_key already used', [{ message: 'reference_key' }]);
    if (card?.outcome === 'timeout') throw new PaymentTimeout('sandbox: the answer was lost (test card)');
    return charge;
  }

  async findCharge(reference: string) {
    const [row] = await this.db
      .select()
      .from(sandboxPaymentCharges)
      .where(eq(sandboxPaymentCharges.reference, reference));
    return row && chargeOf(row);
  }

  async saveCard(cardToken: string) {
    const card = await this.storeCard(cardToken);
    return { id: card.id, brand: card.brand, last_digits: card.lastDigits, valid: card.outcome !== 'refuse' };
  }

  /** Recipients hold nothing the sandbox acts on (it moves no money): an id is all a community needs. */
  async saveRecipient(request: RecipientRequest) {
    return { id: request.id ?? `sandbox_re_${randomBytes(8).toString('hex')}` };
  }

  verifyPostback(rawBody: string, signature: string | undefined) {
    return checkPostbackSignature(rawBody, signature, this.postbackKey);
  }

  /** A signed postback is the sandbox's word on its own charge (a boleto paid, a refund): the stored charge follows. */
  async parsePostback(body: Record<string, unknown>) {
    const update = readTransactionPostback(body);
    if (update)
      await this.db
        .update(sandboxPaymentCharges)
        .set({ status: update.status, updatedAt: new Date() })
        .where(eq(sandboxPaymentCharges.id, update.id));
    return update;
  }

  browserCheckout() {
    return { driver: 'sandbox' as const };
  }

  /** Signs a postback the way the provider would (tests, and the sandbox's "pay this boleto"). */
  sign(rawBody: string): string {
    return postbackSignature(rawBody, this.postbackKey);
  }

  /** The card a charge uses: a stored one (a subscription's), or a new one from the token, stored with the charge. */
  private async cardOf(request: ChargeRequest): Promise<SandboxCard & { fresh: boolean }> {
    if (request.cardId) {
      const [stored] = await this.db
        .select()
        .from(sandboxPaymentCards)
        .where(eq(sandboxPaymentCards.id, request.cardId));
      if (!stored)
        throw new PaymentError(400, 'card_id not found', [{ parameter_name: 'card_id', message: 'not found' }]);
      return { ...stored, fresh: false };
    }
    if (!request.cardToken)
      throw new PaymentError(400, 'card_hash required', [{ parameter_name: 'card_hash', message: 'required' }]);
    return { ...newCard(request.cardToken), fresh: true };
  }

  private async storeCard(token: string) {
    const card = newCard(token);
    await this.stored.write({ card: cardColumns(card) });
    return card;
  }
}

type SandboxCard = Pick<SandboxPaymentCard, 'id' | 'brand' | 'lastDigits' | 'outcome'>;

/** A card from a sandbox token (core's `parseSandboxCardToken`), not yet stored. */
function newCard(token: string): SandboxCard {
  const parsed = parseSandboxCardToken(token);
  if (!parsed) throw new PaymentError(400, 'invalid card_hash', [{ parameter_name: 'card_hash', message: 'invalid' }]);
  return {
    id: `sandbox_card_${randomBytes(6).toString('hex')}`,
    brand: parsed.brand,
    lastDigits: parsed.last_digits,
    outcome: parsed.outcome,
  };
}

const cardColumns = (card: SandboxCard) => ({
  id: card.id,
  brand: card.brand,
  last_digits: card.lastDigits,
  outcome: card.outcome,
});

/** What the sandbox stores for one call: a new card, a charge, or both. */
interface Stored {
  card?: ReturnType<typeof cardColumns>;
  charge?: { id: string; reference: string; status: string; charge: Record<string, unknown> };
}

/**
 * The sandbox's writes of a batch of calls in one statement (as a provider's own store would take a crowd): the new
 * cards, then the charges, each reference at most once (`on conflict do nothing`: the first wins, whichever process
 * asked). Answers, for each call in order, whether its charge was stored (true when it had none to store).
 */
async function storeBatch(db: Db, rows: Stored[]): Promise<boolean[]> {
  const input = JSON.stringify(rows.map((row, n) => ({ n, card: row.card ?? null, ...row.charge })));
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as r(n int, card jsonb, id text, reference text, status text, charge jsonb)
    ),
    card as (
      insert into sandbox_payment_cards (id, brand, last_digits, outcome)
      select card->>'id', card->>'brand', card->>'last_digits', card->>'outcome' from input where card is not null
    ),
    charge as (
      insert into sandbox_payment_charges (id, reference, status, charge)
      select id, reference, status, charge from input where id is not null order by n
      on conflict (reference) do nothing
      returning id
    )
    select input.n, input.id is null or charge.id is not null as stored
    from input left join charge on charge.id = input.id order by input.n`)) as unknown as {
    rows: { stored: boolean }[];
  };
  return result.rows.map((r) => r.stored);
}

/** A stored charge as the driver answers it, with its current status (a postback may have moved it). */
function chargeOf(row: SandboxPaymentCharge): Charge {
  const charge = row.charge as unknown as Charge;
  return { ...charge, status: row.status as ChargeStatus, raw: { ...charge.raw, status: row.status } };
}

/** JSON keeps no undefined: the stored charge reads back as the answered one did. */
const stripUndefined = (charge: Charge) => JSON.parse(JSON.stringify(charge)) as Record<string, unknown>;

/** A boleto's typeable line in the sandbox: the right shape (47 digits), obviously not a real bank's. */
function sandboxBarcode(amount: number): string {
  return `00000.00000 00000.000000 00000.000000 0 ${String(amount).padStart(14, '0')}`;
}
