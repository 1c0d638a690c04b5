import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../test/harness';
import { type PagarmeDouble, startPagarmeDouble } from '../../test/pagarme';
import { loadConfig } from '../config';
import { type ChargeRequest, PaymentError, type PaymentsDriver, PaymentTimeout, type RecipientRequest } from './driver';
import { PagarmePaymentsDriver } from './pagarme';
import { createPayments } from './payments';

const fresh = useFreshDatabase();
let pagarme: PagarmeDouble;
let driver: PagarmePaymentsDriver;
/** Where the double posts its postbacks: the raw body and signature as they arrived. */
let received: { raw: string; signature: string | undefined }[];
let closeReceiver: () => Promise<void>;
let postbackUrl: string;

const options = (extra: Partial<ConstructorParameters<typeof PagarmePaymentsDriver>[0]> = {}) => ({
  apiUrl: pagarme.url,
  apiKey: pagarme.apiKey,
  encryptionKey: 'ek_test_public',
  checkoutScriptUrl: 'https://assets.pagar.me/checkout/1.1.0/checkout.js',
  timeoutMs: 2_000,
  ...extra,
});

beforeAll(async () => {
  pagarme = await startPagarmeDouble();
  driver = new PagarmePaymentsDriver(options());
  received = [];
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received.push({ raw, signature: req.headers['x-hub-signature'] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const address = receiver.address();
  postbackUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/payments/postback`;
  closeReceiver = () => new Promise((r) => receiver.close(() => r()));
});
afterAll(async () => {
  await pagarme.close();
  await closeReceiver();
});

const BANK = {
  bank_code: '341',
  agencia: '0932',
  agencia_dv: '5',
  conta: '58054',
  conta_dv: '1',
  type: 'conta_corrente' as const,
  legal_name: 'Horta Viva',
  document_number: '11222333000181',
};
const recipientRequest = (extra: Partial<RecipientRequest> = {}): RecipientRequest => ({
  transferInterval: 'weekly',
  transferDay: 3,
  transferEnabled: true,
  bankAccount: BANK,
  ...extra,
});

let counter = 0;
const reference = () => `don-${process.pid}-${++counter}`;
const CUSTOMER = {
  name: 'Maria da Silva',
  document_number: '52998224725',
  email: 'maria@example.org',
  phone: { ddd: '81', number: '988887777' },
  address: {
    zipcode: '50050000',
    street: 'Rua da Aurora',
    street_number: '100',
    complementary: '',
    neighborhood: 'Boa Vista',
    city: 'Recife',
    state: 'PE',
  },
};

async function chargeRequest(extra: Partial<ChargeRequest> = {}): Promise<ChargeRequest> {
  const { id } = await driver.saveRecipient(recipientRequest());
  return {
    reference: reference(),
    amount: 5_000,
    method: 'credit_card',
    cardToken: pagarme.cardHash({ number: '4111111111111111' }),
    customer: CUSTOMER,
    recipientId: id,
    postbackUrl,
    description: 'Doação Horta Viva',
    ...extra,
  };
}

const failure = async <E extends Error>(promise: Promise<unknown>, type: new (...a: never[]) => E) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
};

describe('Pagar.me driver: transactions', () => {
  it('charges a card_hash with the v4 customer, billing and a 100% split to the community, and reads the card', async () => {
    const request = await chargeRequest();
    const charge = await driver.charge(request);
    expect(charge).toMatchObject({ status: 'paid', card: { brand: 'visa', last_digits: '1111' } });
    expect(charge.id).toMatch(/^\d+$/);
    expect(charge.card?.id).toMatch(/^card_/);
    expect(charge.raw).toMatchObject({ object: 'transaction', reference_key: request.reference });
    const sent = pagarme.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/transactions', contentType: 'application/json' });
    expect(sent?.body).toMatchObject({
      api_key: pagarme.apiKey,
      amount: 5_000,
      payment_method: 'credit_card',
      card_hash: request.cardToken,
      async: false,
      capture: true,
      reference_key: request.reference,
      postback_url: postbackUrl,
      customer: {
        external_id: '52998224725',
        name: 'Maria da Silva',
        type: 'individual',
        country: 'br',
        email: 'maria@example.org',
        documents: [{ type: 'cpf', number: '52998224725' }],
        phone_numbers: ['+5581988887777'],
      },
      billing: {
        name: 'Maria da Silva',
        address: { country: 'br', state: 'pe', city: 'Recife', zipcode: '50050000', street_number: '100' },
      },
      split_rules: [{ recipient_id: request.recipientId, percentage: 100, liable: true, charge_processing_fee: true }],
    });
    // Pagar.me refuses an empty complement: it is left out.
    expect(sent?.body.billing).not.toHaveProperty('address.complementary');
  });

  it('answers a refused card as a refused charge, not an error', async () => {
    const charge = await driver.charge(
      await chargeRequest({ cardToken: pagarme.cardHash({ number: '4000000000000002' }) }),
    );
    expect(charge).toMatchObject({ status: 'refused', refuseReason: 'acquirer' });
  });

  it('makes a boleto for a company that waits for payment, with its URL and line', async () => {
    const charge = await driver.charge(
      await chargeRequest({
        method: 'boleto',
        cardToken: undefined,
        customer: { ...CUSTOMER, document_number: '11222333000181' },
      }),
    );
    expect(charge.status).toBe('waiting_payment');
    expect(charge.boleto?.url).toMatch(/\/boleto\/\d+$/);
    expect(charge.boleto?.barcode).toMatch(/^\d{5}\.\d{5} /);
    expect(pagarme.requests.at(-1)?.body).toMatchObject({
      payment_method: 'boleto',
      customer: { type: 'corporation', documents: [{ type: 'cnpj', number: '11222333000181' }] },
    });
    expect(pagarme.requests.at(-1)?.body).not.toHaveProperty('card_hash');
  });

  it('stores a card from a card_hash and charges it again by card_id', async () => {
    const card = await driver.saveCard(pagarme.cardHash({ number: '5555666677778884' }));
    expect(card).toMatchObject({ brand: 'mastercard', last_digits: '8884', valid: true });
    expect(pagarme.requests.at(-1)).toMatchObject({ method: 'POST', path: '/cards' });
    const charge = await driver.charge(await chargeRequest({ cardToken: undefined, cardId: card.id }));
    expect(charge).toMatchObject({ status: 'paid', card: { id: card.id } });
    expect(pagarme.requests.at(-1)?.body).toMatchObject({ card_id: card.id });
    expect(pagarme.requests.at(-1)?.body).not.toHaveProperty('card_hash');
    expect((await driver.saveCard(pagarme.cardHash({ number: '4000000000000002' }))).valid).toBe(false);
    const bad = await failure(driver.saveCard('not-a-hash'), PaymentError);
    expect(bad).toMatchObject({ status: 400, errors: [{ parameter_name: 'card_hash' }] });
  });

  it('finds a charge by reference_key, and nothing for an unknown one', async () => {
    const request = await chargeRequest();
    const charge = await driver.charge(request);
    const found = await driver.findCharge(request.reference);
    expect(found).toMatchObject({ id: charge.id, status: 'paid' });
    const sent = pagarme.requests.at(-1);
    expect(sent).toMatchObject({ method: 'GET', path: '/transactions' });
    expect(sent?.query.get('reference_key')).toBe(request.reference);
    expect(sent?.query.get('api_key')).toBe(pagarme.apiKey);
    expect(await driver.findCharge('never-used')).toBeUndefined();
  });

  it("reports Pagar.me's refusals with their status and errors[]", async () => {
    const request = await chargeRequest();
    await driver.charge(request);
    const twice = await failure(
      driver.charge({ ...request, cardToken: pagarme.cardHash({ number: '4111111111111111' }) }),
      PaymentError,
    );
    expect(twice).toMatchObject({ status: 400, errors: [{ parameter_name: 'reference_key' }] });
    const invalid = await failure(
      driver.charge(await chargeRequest({ amount: 50, cardToken: 'garbage', recipientId: 're_missing' })),
      PaymentError,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.errors.map((e) => e.parameter_name)).toEqual(['amount', 'card_hash', 'split_rules.recipient_id']);
    expect(invalid.message).toContain('O valor mínimo é de 100 centavos');
    const wrongKey = new PagarmePaymentsDriver(options({ apiKey: 'ak_test_wrong' }));
    const unauthorized = await failure(wrongKey.findCharge('x'), PaymentError);
    expect(unauthorized).toMatchObject({ status: 401, message: 'api_key inválida' });
    const later = await chargeRequest();
    pagarme.failNext(503);
    expect(await failure(driver.charge(later), PaymentError)).toMatchObject({ status: 503 });
    expect(await driver.findCharge(later.reference)).toBeUndefined();
    const down = new PagarmePaymentsDriver(options({ apiUrl: 'http://127.0.0.1:9' }));
    expect(await failure(down.saveRecipient(recipientRequest()), PaymentError)).toMatchObject({ status: 0 });
  });

  it('times out on a slow answer; the charge was made, and finding it by reference settles it', async () => {
    const quick = new PagarmePaymentsDriver(options({ timeoutMs: 150 }));
    const request = await chargeRequest();
    pagarme.slowNext(1_000);
    await failure(quick.charge(request), PaymentTimeout);
    expect(await driver.findCharge(request.reference)).toMatchObject({ status: 'paid' });
  });
});

describe('Pagar.me driver: recipients', () => {
  it('creates a recipient with the transfer schedule and bank account, then updates the same one', async () => {
    const { id } = await driver.saveRecipient(recipientRequest());
    expect(id).toMatch(/^re_/);
    expect(pagarme.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/recipients',
      body: {
        api_key: pagarme.apiKey,
        transfer_interval: 'weekly',
        transfer_day: 3,
        transfer_enabled: true,
        bank_account: BANK,
      },
    });
    const updated = await driver.saveRecipient(
      recipientRequest({ id, transferInterval: 'monthly', transferDay: 31, bankAccount: { ...BANK, conta: '99' } }),
    );
    expect(updated.id).toBe(id);
    expect(pagarme.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/recipients/${id}` });
    expect(pagarme.recipients.get(id)).toMatchObject({ transfer_interval: 'monthly', bank_account: { conta: '99' } });
  });

  it('names the refused field, and refuses an unknown recipient', async () => {
    const refused = await failure(
      driver.saveRecipient(recipientRequest({ bankAccount: { ...BANK, bank_code: '000' } })),
      PaymentError,
    );
    expect(refused).toMatchObject({
      status: 400,
      errors: [{ parameter_name: 'bank_account.bank_code', message: 'Código de banco inexistente' }],
    });
    const missing = await failure(driver.saveRecipient(recipientRequest({ id: 're_gone' })), PaymentError);
    expect(missing.status).toBe(404);
  });
});

describe('Pagar.me driver: postbacks and checkout', () => {
  it('accepts the postback Pagar.me signs with the API key, refuses a forged one, and reads it', async () => {
    const charge = await driver.charge(await chargeRequest({ method: 'boleto', cardToken: undefined }));
    expect((await pagarme.postback(charge.id, 'paid')).status).toBe(204);
    const signed = received.at(-1);
    expect(signed?.signature).toMatch(/^sha1=[0-9a-f]{40}$/);
    expect(driver.verifyPostback(signed?.raw ?? '', signed?.signature)).toBe(true);
    const body = Object.fromEntries(new URLSearchParams(signed?.raw));
    expect(await driver.parsePostback(body)).toMatchObject({ id: charge.id, status: 'paid' });
    expect(driver.verifyPostback(`${signed?.raw}&amount=1`, signed?.signature)).toBe(false);
    expect(driver.verifyPostback(signed?.raw ?? '', undefined)).toBe(false);
    await pagarme.postback(charge.id, 'refunded', { key: 'ak_someone_else' });
    const forged = received.at(-1);
    expect(driver.verifyPostback(forged?.raw ?? '', forged?.signature)).toBe(false);
  });

  it('gives the browser the public encryption key and the checkout script, never the API key', () => {
    const checkout = driver.browserCheckout();
    expect(checkout).toEqual({
      driver: 'pagarme',
      encryptionKey: 'ek_test_public',
      checkoutScriptUrl: 'https://assets.pagar.me/checkout/1.1.0/checkout.js',
    });
    expect(JSON.stringify(checkout)).not.toContain(pagarme.apiKey);
  });
});

describe('PAYMENTS_DRIVER', () => {
  const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/mutirao-pagarme-config' };
  it('picks Pagar.me with its keys and defaults, and refuses to boot without them', () => {
    const config = loadConfig({
      ...env,
      PAYMENTS_DRIVER: 'pagarme',
      PAGARME_API_KEY: 'ak_live',
      PAGARME_ENCRYPTION_KEY: 'ek_live',
    });
    expect(config.payments.pagarme).toEqual({
      apiUrl: 'https://api.pagar.me/1',
      apiKey: 'ak_live',
      encryptionKey: 'ek_live',
      checkoutScriptUrl: 'https://assets.pagar.me/checkout/1.1.0/checkout.js',
      timeoutMs: 20_000,
    });
    const payments = createPayments(config, fresh.database.db);
    const chosen: PaymentsDriver = payments.driver;
    expect(chosen).toBeInstanceOf(PagarmePaymentsDriver);
    expect(createPayments(loadConfig(env), fresh.database.db).driver.name).toBe('sandbox');
    expect(() => loadConfig({ ...env, PAYMENTS_DRIVER: 'pagarme', PAGARME_API_KEY: 'ak_live' })).toThrow(
      'PAGARME_API_KEY, PAGARME_ENCRYPTION_KEY: both required with PAYMENTS_DRIVER=pagarme',
    );
    expect(() => loadConfig({ ...env, PAYMENTS_DRIVER: 'pagarme', PAGARME_ENCRYPTION_KEY: 'ek' })).toThrow(
      /PAGARME_API_KEY/,
    );
  });
});
