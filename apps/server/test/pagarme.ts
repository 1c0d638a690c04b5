import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { readBody } from './requestBody';

type Json = Record<string, unknown>;

/** One request the double received: the JSON body of a write, or the query of a read. */
export interface PagarmeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: Json;
}

export interface CardData {
  number: string;
  holder_name?: string;
  expiration_date?: string;
  cvv?: string;
}

export interface PagarmeDouble {
  url: string;
  apiKey: string;
  requests: PagarmeRequest[];
  transactions: Json[];
  recipients: Map<string, Json>;
  /** What the browser's checkout script would send: the card fields, "encrypted" (base64 here, RSA at Pagar.me). */
  cardHash(card: CardData): string;
  /** The next answer comes after `ms` (the call is still carried out, as when an answer is lost on the way). */
  slowNext(ms: number): void;
  /** The next call fails with this 5xx and is not carried out. */
  failNext(status: number): void;
  /** Moves a transaction to `status` and posts Pagar.me's signed, form-encoded postback to its `postback_url`. */
  postback(transactionId: number | string, status: string, options?: { key?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The bank codes this double knows (Pagar.me refuses a code no bank has). */
const BANKS = new Set([
  '001',
  '033',
  '077',
  '104',
  '237',
  '260',
  '290',
  '336',
  '341',
  '389',
  '422',
  '655',
  '748',
  '756',
]);
const REFUSED_CARD = '4000000000000002';
const ACCOUNT_TYPES = ['conta_corrente', 'conta_poupanca', 'conta_corrente_conjunta', 'conta_poupanca_conjunta'];

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Pagar.me's error document: every problem at once, each naming its parameter. */
const failure = (
  path: string,
  method: string,
  errors: { parameter_name: string | null; message: string; type?: string }[],
) => ({
  errors: errors.map((e) => ({
    type: e.type ?? 'invalid_parameter',
    parameter_name: e.parameter_name,
    message: e.message,
  })),
  url: path,
  method: method.toLowerCase(),
});

type Problems = { parameter_name: string; message: string }[];

function boletoExpiration(asked: unknown): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(str(asked))
    ? str(asked)
    : new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T03:00:00.000Z`;
}

function parseCardHash(hash: string): CardData | undefined {
  const match = /^(\d+)_([A-Za-z0-9+/=]+)$/.exec(hash);
  if (!match?.[2]) return undefined;
  const fields = new URLSearchParams(Buffer.from(match[2], 'base64').toString());
  const number = fields.get('card_number') ?? '';
  if (!/^\d{13,19}$/.test(number)) return undefined;
  return {
    number,
    holder_name: fields.get('card_holder_name') ?? '',
    expiration_date: fields.get('card_expiration_date') ?? '',
  };
}

function checkCustomer(customer: Json, problems: Problems) {
  for (const field of ['external_id', 'name', 'email', 'type', 'country'])
    if (!str(customer[field]))
      problems.push({ parameter_name: `customer.${field}`, message: `${field} está faltando` });
  const documents = Array.isArray(customer.documents) ? customer.documents.map(obj) : [];
  const doc = documents[0];
  if (!doc || !['cpf', 'cnpj'].includes(str(doc.type)) || !/^(\d{11}|\d{14})$/.test(str(doc.number)))
    problems.push({ parameter_name: 'customer.documents', message: 'documento inválido' });
  const phones = Array.isArray(customer.phone_numbers) ? customer.phone_numbers : [];
  if (!phones.length || !phones.every((p) => /^\+\d{10,15}$/.test(str(p))))
    problems.push({ parameter_name: 'customer.phone_numbers', message: 'telefone inválido' });
}

function checkBilling(billing: Json, problems: Problems) {
  const address = obj(billing.address);
  if (!str(billing.name)) problems.push({ parameter_name: 'billing.name', message: 'name está faltando' });
  for (const field of ['country', 'state', 'city', 'neighborhood', 'street', 'street_number', 'zipcode'])
    if (!str(address[field]))
      problems.push({ parameter_name: `billing.address.${field}`, message: `${field} está faltando` });
  if (str(address.zipcode) && !/^\d{8}$/.test(str(address.zipcode)))
    problems.push({ parameter_name: 'billing.address.zipcode', message: 'CEP inválido' });
}

function checkRecipient(body: Json, problems: Problems) {
  const interval = str(body.transfer_interval);
  const day = Number(body.transfer_day);
  if (!['daily', 'weekly', 'monthly'].includes(interval))
    problems.push({ parameter_name: 'transfer_interval', message: 'transfer_interval inválido' });
  if ((interval === 'weekly' && !(day >= 1 && day <= 5)) || (interval === 'monthly' && !(day >= 1 && day <= 31)))
    problems.push({ parameter_name: 'transfer_day', message: 'transfer_day inválido para este intervalo' });
  const b = obj(body.bank_account);
  const rules: [string, RegExp, string][] = [
    ['agencia', /^\d{1,5}$/, 'agência inválida'],
    ['agencia_dv', /^\d?$/, 'dígito da agência inválido'],
    ['conta', /^\d{1,13}$/, 'conta inválida'],
    ['conta_dv', /^[0-9a-zA-Z]{1,2}$/, 'dígito da conta inválido'],
    ['document_number', /^(\d{11}|\d{14})$/, 'documento inválido'],
    ['legal_name', /^.{1,30}$/, 'nome deve ter no máximo 30 caracteres'],
  ];
  if (!BANKS.has(str(b.bank_code)))
    problems.push({ parameter_name: 'bank_account.bank_code', message: 'Código de banco inexistente' });
  for (const [field, re, message] of rules)
    if (!re.test(str(b[field]))) problems.push({ parameter_name: `bank_account.${field}`, message });
  if (!ACCOUNT_TYPES.includes(str(b.type)))
    problems.push({ parameter_name: 'bank_account.type', message: 'tipo inválido' });
}

/**
 * A loopback double of Pagar.me's API v4 for every call the driver makes, answering as the API reference documents:
 * `api_key` checked on each call (401), `POST /transactions` (validation 400s naming `parameter_name`, `split_rules`
 * whose recipients must exist and add up to 100%, a `reference_key` used twice refused, `async: false` answering the
 * final status, card 4000 0000 0000 0002 refused, boletos waiting for payment), `GET /transactions?reference_key=`,
 * `POST /cards`, `POST /recipients` and `PUT /recipients/:id`; slow and 5xx answers on request; signed postbacks.
 */
export async function startPagarmeDouble(
  apiKey = `ak_test_${randomBytes(12).toString('hex')}`,
): Promise<PagarmeDouble> {
  const requests: PagarmeRequest[] = [];
  const transactions: Json[] = [];
  const recipients = new Map<string, Json>();
  const cards = new Map<string, Json>();
  let delay = 0;
  let failWith = 0;
  let nextId = 1_000_000 + Math.floor(Math.random() * 1000);

  const storeCard = (data: CardData): Json => {
    const id = `card_${randomBytes(12).toString('hex')}`;
    const card = {
      object: 'card',
      id,
      brand: data.number.startsWith('4') ? 'visa' : 'mastercard',
      holder_name: data.holder_name ?? '',
      first_digits: data.number.slice(0, 6),
      last_digits: data.number.slice(-4),
      country: 'BRAZIL',
      fingerprint: createHmac('sha1', 'fp').update(data.number).digest('hex'),
      valid: data.number !== REFUSED_CARD,
      expiration_date: data.expiration_date ?? '',
      date_created: new Date().toISOString(),
    };
    cards.set(id, { ...card, number: data.number });
    return card;
  };
  const publicCard = (card: Json) => Object.fromEntries(Object.entries(card).filter(([k]) => k !== 'number'));

  function createTransaction(body: Json): [number, unknown] {
    const problems: Problems = [];
    const method = str(body.payment_method);
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      problems.push({ parameter_name: 'amount', message: 'O valor mínimo é de 100 centavos' });
    if (!['credit_card', 'boleto'].includes(method))
      problems.push({ parameter_name: 'payment_method', message: 'payment_method inválido' });
    let card: Json | undefined;
    if (method === 'credit_card') {
      if (body.card_id) card = cards.get(str(body.card_id));
      else if (body.card_hash) {
        const data = parseCardHash(str(body.card_hash));
        card = data && storeCard(data);
      }
      if (!card)
        problems.push({
          parameter_name: body.card_id ? 'card_id' : 'card_hash',
          message: 'Cartão inválido ou ausente',
        });
      checkBilling(obj(body.billing), problems);
    }
    checkCustomer(obj(body.customer), problems);
    const rules = Array.isArray(body.split_rules) ? body.split_rules.map(obj) : [];
    if (rules.length) {
      const total = rules.reduce((sum, r) => sum + Number(r.percentage), 0);
      if (total !== 100)
        problems.push({ parameter_name: 'split_rules', message: 'A soma das porcentagens deve ser 100' });
      if (rules.some((r) => !recipients.has(str(r.recipient_id))))
        problems.push({ parameter_name: 'split_rules.recipient_id', message: 'Recebedor não encontrado' });
      if (!rules.some((r) => r.liable === true) || !rules.some((r) => r.charge_processing_fee === true))
        problems.push({ parameter_name: 'split_rules', message: 'Alguém deve ser responsável e pagar as taxas' });
    }
    const reference = str(body.reference_key);
    if (reference && transactions.some((t) => t.reference_key === reference))
      problems.push({ parameter_name: 'reference_key', message: 'Já existe uma transação com esta reference_key' });
    if (problems.length) return [400, failure('/transactions', 'POST', problems)];
    const id = nextId++;
    const refused = card && cards.get(str(card.id))?.number === REFUSED_CARD;
    const status = method === 'boleto' ? 'waiting_payment' : refused ? 'refused' : 'paid';
    const now = new Date().toISOString();
    const tx: Json = {
      object: 'transaction',
      status,
      refuse_reason: refused ? 'acquirer' : null,
      status_reason: 'acquirer',
      acquirer_response_code: refused ? '1011' : '0000',
      date_created: now,
      date_updated: now,
      amount,
      authorized_amount: status === 'paid' ? amount : 0,
      paid_amount: status === 'paid' ? amount : 0,
      installments: 1,
      id,
      cost: 50,
      postback_url: body.postback_url ?? null,
      payment_method: method,
      capture_method: 'ecommerce',
      boleto_url: method === 'boleto' ? `${double.url}/boleto/${id}` : null,
      // Midnight in Brasília of the day asked for, or of a week from now when none was (Pagar.me's answer's shape).
      boleto_expiration_date: method === 'boleto' ? boletoExpiration(body.boleto_expiration_date) : null,
      boleto_barcode:
        method === 'boleto'
          ? `23790.00009 90000.000005 ${String(id).padStart(11, '0')} 1 ${String(amount).padStart(14, '0')}`
          : null,
      reference_key: reference || null,
      customer: { object: 'customer', ...obj(body.customer) },
      billing: body.billing ? { object: 'billing', ...obj(body.billing) } : null,
      items: body.items ?? [],
      card: card ? publicCard(card) : null,
      split_rules: rules.map((r) => ({ object: 'split_rule', id: `sr_${randomBytes(8).toString('hex')}`, ...r })),
      metadata: body.metadata ?? {},
    };
    transactions.push(tx);
    return [200, tx];
  }

  function saveRecipient(method: string, path: string, id: string | undefined, body: Json): [number, unknown] {
    const existing = id ? recipients.get(id) : undefined;
    if (id && !existing)
      return [
        404,
        failure(path, method, [{ type: 'not_found', parameter_name: null, message: 'Recipient not found' }]),
      ];
    const problems: Problems = [];
    checkRecipient(body, problems);
    if (problems.length) return [400, failure(path, method, problems)];
    const b = obj(body.bank_account);
    const now = new Date().toISOString();
    const recipient: Json = {
      object: 'recipient',
      id: id ?? `re_${randomBytes(12).toString('hex')}`,
      transfer_enabled: body.transfer_enabled !== false,
      last_transfer: null,
      transfer_interval: body.transfer_interval,
      transfer_day: body.transfer_day,
      automatic_anticipation_enabled: false,
      anticipatable_volume_percentage: 0,
      date_created: existing?.date_created ?? now,
      date_updated: now,
      bank_account: {
        object: 'bank_account',
        id: Math.floor(Math.random() * 1e8),
        ...b,
        document_type: str(b.document_number).length === 14 ? 'cnpj' : 'cpf',
        charge_transfer_fees: true,
        date_created: now,
      },
      status: 'active',
    };
    recipients.set(str(recipient.id), recipient);
    return [200, recipient];
  }

  function route(method: string, path: string, query: URLSearchParams, body: Json): [number, unknown] {
    if (method === 'POST' && path === '/transactions') return createTransaction(body);
    if (method === 'GET' && path === '/transactions') {
      const reference = query.get('reference_key');
      return [200, transactions.filter((t) => !reference || t.reference_key === reference).reverse()];
    }
    if (method === 'POST' && path === '/cards') {
      const data = parseCardHash(str(body.card_hash));
      if (!data) return [400, failure(path, method, [{ parameter_name: 'card_hash', message: 'Card hash inválido' }])];
      return [200, publicCard(storeCard(data))];
    }
    if (method === 'POST' && path === '/recipients') return saveRecipient(method, path, undefined, body);
    const recipient = /^\/recipients\/([^/]+)$/.exec(path);
    if (method === 'PUT' && recipient) return saveRecipient(method, path, decodeURIComponent(recipient[1] ?? ''), body);
    return [404, failure(path, method, [{ type: 'not_found', parameter_name: null, message: 'Rota não encontrada' }])];
  }

  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(json));
  };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://pagarme.test');
    const method = req.method ?? 'GET';
    let body: Json = {};
    try {
      body = raw ? obj(JSON.parse(raw)) : {};
    } catch {
      return send(res, 400, failure(url.pathname, method, [{ parameter_name: null, message: 'JSON inválido' }]));
    }
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body,
    });
    const wait = delay;
    delay = 0;
    if (failWith) {
      const status = failWith;
      failWith = 0;
      return send(
        res,
        status,
        failure(url.pathname, method, [
          { type: 'internal_error', parameter_name: null, message: 'Internal server error' },
        ]),
      );
    }
    const key = method === 'GET' ? url.searchParams.get('api_key') : str(body.api_key);
    const [status, json] =
      key === apiKey
        ? route(method, url.pathname, url.searchParams, body)
        : [
            401,
            failure(url.pathname, method, [
              { type: 'action_forbidden', parameter_name: 'api_key', message: 'api_key inválida' },
            ]),
          ];
    if (wait) await new Promise((r) => setTimeout(r, wait));
    if (!res.destroyed) send(res, status, json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const double: PagarmeDouble = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    transactions,
    recipients,
    cardHash(card) {
      const fields = new URLSearchParams({
        card_number: card.number,
        card_holder_name: card.holder_name ?? 'Maria da Silva',
        card_expiration_date: card.expiration_date ?? '1230',
        card_cvv: card.cvv ?? '123',
      });
      return `${Math.floor(Math.random() * 1e6)}_${Buffer.from(fields.toString()).toString('base64')}`;
    },
    slowNext(ms) {
      delay = ms;
    },
    failNext(status) {
      failWith = status;
    },
    async postback(transactionId, status, options = {}) {
      const tx = transactions.find((t) => String(t.id) === String(transactionId));
      if (!tx) throw new Error(`no transaction ${transactionId}`);
      const old = str(tx.status);
      tx.status = status;
      const form = new URLSearchParams({
        id: String(tx.id),
        fingerprint: randomBytes(20).toString('hex'),
        event: 'transaction_status_changed',
        old_status: old,
        desired_status: status,
        current_status: status,
        object: 'transaction',
      });
      for (const field of ['object', 'status', 'id', 'amount', 'payment_method', 'reference_key', 'postback_url'])
        form.set(`transaction[${field}]`, str(tx[field]));
      const rawBody = form.toString();
      const signature = createHmac('sha1', options.key ?? apiKey)
        .update(rawBody)
        .digest('hex');
      return fetch(str(tx.postback_url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hub-signature': `sha1=${signature}` },
        body: rawBody,
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
