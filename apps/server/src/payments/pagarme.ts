import { calendarDay } from '@mutirao/core';
import {
  type BankAccount,
  type Charge,
  type ChargeRequest,
  type ChargeStatus,
  type PaymentCustomer,
  PaymentError,
  type PaymentsDriver,
  PaymentTimeout,
  type RecipientRequest,
} from './driver';
import { checkPostbackSignature, readTransactionPostback } from './sandbox';

export interface PagarmeOptions {
  /** `https://api.pagar.me/1`, or a loopback double in tests. */
  apiUrl: string;
  apiKey: string;
  encryptionKey: string;
  checkoutScriptUrl: string;
  timeoutMs: number;
}

type Json = Record<string, unknown>;

const STATUSES = new Set<string>([
  'processing',
  'authorized',
  'paid',
  'waiting_payment',
  'refused',
  'refunded',
  'pending_refund',
  'chargedback',
]);

/** v4's customer: typed documents and E.164 phone numbers instead of v1's flat `document_number` and `phone`. */
function customerOf(c: PaymentCustomer): Json {
  const company = c.document_number.length === 14;
  return {
    external_id: c.document_number,
    name: c.name,
    type: company ? 'corporation' : 'individual',
    country: 'br',
    email: c.email,
    documents: [{ type: company ? 'cnpj' : 'cpf', number: c.document_number }],
    phone_numbers: [`+55${c.phone.ddd}${c.phone.number}`],
  };
}

/** v4 wants the billing address apart from the customer (its antifraud reads it). */
function billingOf(c: PaymentCustomer): Json {
  const a = c.address;
  return {
    name: c.name,
    address: {
      country: 'br',
      state: a.state.toLowerCase(),
      city: a.city,
      neighborhood: a.neighborhood,
      street: a.street,
      street_number: a.street_number,
      zipcode: a.zipcode,
      // Pagar.me refuses an empty complement: leave it out instead.
      ...(a.complementary ? { complementary: a.complementary } : {}),
    },
  };
}

function bankAccountOf(b: BankAccount): Json {
  return {
    bank_code: b.bank_code,
    agencia: b.agencia,
    agencia_dv: b.agencia_dv,
    conta: b.conta,
    conta_dv: b.conta_dv,
    type: b.type,
    legal_name: b.legal_name,
    document_number: b.document_number,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** A transaction as the API answers it, read into the driver's Charge. */
function chargeOf(tx: Json): Charge {
  const id = text(tx.id);
  const status = text(tx.status);
  if (!id || !status || !STATUSES.has(status))
    throw new PaymentError(502, 'Pagar.me answered an unreadable transaction');
  const card = tx.card && typeof tx.card === 'object' ? (tx.card as Json) : undefined;
  const cardId = text(card?.id);
  const boletoUrl = text(tx.boleto_url);
  const due = text(tx.boleto_expiration_date);
  return {
    id,
    status: status as ChargeStatus,
    card: cardId
      ? { id: cardId, brand: text(card?.brand) ?? '', last_digits: text(card?.last_digits) ?? '' }
      : undefined,
    boleto: boletoUrl
      ? {
          url: boletoUrl,
          barcode: text(tx.boleto_barcode) ?? '',
          // An instant (midnight in Brasília, '…T03:00:00.000Z'): the due date is its day in the banks' calendar.
          ...(due && !Number.isNaN(Date.parse(due)) && { dueDate: calendarDay(due) }),
        }
      : undefined,
    refuseReason: status === 'refused' ? (text(tx.refuse_reason) ?? text(tx.status_reason)) : undefined,
    raw: tx,
  };
}

/**
 * The real driver: Pagar.me's API v4 (`https://api.pagar.me/1`) over plain `fetch`, no SDK. Every call carries the
 * secret `api_key` (in the JSON body, or the query of a GET). The community's recipient gets 100% of each charge,
 * pays its fees and answers for chargebacks (`split_rules`), so the platform's own account never holds donors'
 * money. Postbacks are signed with the same API key (`X-Hub-Signature: sha1=<HMAC-SHA1 of the raw body>`).
 */
export class PagarmePaymentsDriver implements PaymentsDriver {
  readonly name = 'pagarme' as const;
  constructor(private readonly options: PagarmeOptions) {}

  async charge(request: ChargeRequest): Promise<Charge> {
    const card = request.method === 'credit_card';
    const body: Json = {
      amount: request.amount,
      payment_method: request.method,
      ...(card && request.cardId ? { card_id: request.cardId } : {}),
      ...(card && !request.cardId ? { card_hash: request.cardToken } : {}),
      ...(!card && request.boletoDueDate ? { boleto_expiration_date: request.boletoDueDate } : {}),
      installments: 1,
      capture: true,
      // Wait for the acquirer's answer: the donor sees paid or refused at once, not 'processing'.
      async: false,
      reference_key: request.reference,
      postback_url: request.postbackUrl,
      soft_descriptor: request.description.slice(0, 13),
      customer: customerOf(request.customer),
      billing: billingOf(request.customer),
      items: [
        { id: request.reference, title: request.description, unit_price: request.amount, quantity: 1, tangible: false },
      ],
      split_rules: [{ recipient_id: request.recipientId, percentage: 100, liable: true, charge_processing_fee: true }],
      metadata: { reference: request.reference },
    };
    return chargeOf((await this.call('POST', '/transactions', body)) as Json);
  }

  async findCharge(reference: string): Promise<Charge | undefined> {
    const found = await this.call('GET', '/transactions', undefined, { reference_key: reference });
    const list = Array.isArray(found) ? (found as Json[]) : [];
    return list[0] ? chargeOf(list[0]) : undefined;
  }

  async saveCard(cardToken: string) {
    const card = (await this.call('POST', '/cards', { card_hash: cardToken })) as Json;
    const id = text(card.id);
    if (!id) throw new PaymentError(502, 'Pagar.me answered an unreadable card');
    return {
      id,
      brand: text(card.brand) ?? '',
      last_digits: text(card.last_digits) ?? '',
      valid: card.valid !== false,
    };
  }

  async saveRecipient(request: RecipientRequest) {
    const body: Json = {
      transfer_interval: request.transferInterval,
      transfer_day: request.transferDay,
      transfer_enabled: request.transferEnabled,
      bank_account: bankAccountOf(request.bankAccount),
    };
    const path = request.id ? `/recipients/${encodeURIComponent(request.id)}` : '/recipients';
    const recipient = (await this.call(request.id ? 'PUT' : 'POST', path, body)) as Json;
    const id = text(recipient.id);
    if (!id) throw new PaymentError(502, 'Pagar.me answered an unreadable recipient');
    return { id };
  }

  verifyPostback(rawBody: string, signature: string | undefined) {
    return checkPostbackSignature(rawBody, signature, this.options.apiKey);
  }

  async parsePostback(body: Record<string, unknown>) {
    return readTransactionPostback(body);
  }

  browserCheckout() {
    return {
      driver: 'pagarme' as const,
      encryptionKey: this.options.encryptionKey,
      checkoutScriptUrl: this.options.checkoutScriptUrl,
    };
  }

  /**
   * One API call. No answer within the timeout is `PaymentTimeout` (the request may have been carried out); an
   * unreachable API is `PaymentError` with status 0; a 4xx/5xx is `PaymentError` with Pagar.me's `errors[]`.
   */
  private async call(method: string, path: string, body?: Json, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${this.options.apiUrl}${path}`);
    if (method === 'GET') {
      for (const [k, v] of Object.entries({ api_key: this.options.apiKey, ...query })) url.searchParams.set(k, v);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify({ api_key: this.options.apiKey, ...body }) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw this.unanswered(error, method, path);
    }
    let answer: unknown;
    try {
      const raw = await response.text();
      answer = raw ? JSON.parse(raw) : undefined;
    } catch (error) {
      // A 5xx page from a proxy is HTML: the status still says what happened.
      if (!(error instanceof SyntaxError)) throw this.unanswered(error, method, path);
    }
    if (response.ok) {
      if (answer === undefined) throw new PaymentError(502, `Pagar.me answered ${response.status} without a body`);
      return answer;
    }
    const errors = errorsOf(answer);
    const message = errors.map((e) => e.message).join('; ') || `Pagar.me answered ${response.status}`;
    throw new PaymentError(response.status, message, errors);
  }

  /** The timeout (also while the body is read) leaves the outcome unknown; anything else never reached Pagar.me. */
  private unanswered(error: unknown, method: string, path: string) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new PaymentTimeout(`Pagar.me gave no answer in ${this.options.timeoutMs} ms (${method} ${path})`);
    }
    return new PaymentError(0, `Pagar.me unreachable: ${(error as Error).message}`);
  }
}

/** Pagar.me's `{errors: [{type, parameter_name, message}]}`, kept as the driver interface names it. */
function errorsOf(answer: unknown): { parameter_name?: string; message: string }[] {
  const list = answer && typeof answer === 'object' ? (answer as Json).errors : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => {
    if (!e || typeof e !== 'object') return [];
    const message = text((e as Json).message) ?? '';
    const parameter = text((e as Json).parameter_name);
    return [{ ...(parameter ? { parameter_name: parameter } : {}), message }];
  });
}
