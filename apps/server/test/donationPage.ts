import { randomBytes } from 'node:crypto';
import { sandboxCardToken } from '@mutirao/core';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/client';
import { recipients } from '../src/db/schema';
import { createFormPage } from './formPage';
import { Client, startTestServer } from './harness';
import { startSmtp } from './smtp';

export type DonationTestServer = Awaited<ReturnType<typeof startDonationServer>>;

/** Starts `startDonationServer` before the file's tests and closes it after; read its parts once they ran. */
export function useDonationServer(): DonationTestServer {
  const holder = {} as DonationTestServer;
  beforeAll(async () => {
    Object.assign(holder, await startDonationServer());
  });
  afterAll(() => holder.close());
  return holder;
}

/** A test server whose e-mail goes to a real SMTP server on loopback, with a visitor (no per-IP limit in the way). */
export async function startDonationServer() {
  const smtp = await startSmtp(0);
  const server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ACTION_MAX_PER_IP: '100000' },
  });
  return {
    smtp,
    server,
    visitor: new Client(server.url),
    close: async () => {
      await server.close();
      await smtp.close();
    },
  };
}

/** A donation widget's settings: five values (R$ 10 … R$ 100), card and boleto, users_choice, monthly. */
export const donationSettings = (extra: Record<string, unknown> = {}) => ({
  call_to_action: 'Apoie a campanha',
  button_text: 'Doar',
  payment_type: 'users_choice',
  recurring_period: '30',
  donation_value1: '10',
  donation_value2: '20',
  donation_value3: '50',
  donation_value4: '100',
  donation_value5: '0',
  default_donation_value: '2',
  payment_methods: 'true',
  ...extra,
});

/** A donor as checkout collects them: a valid CPF, a phone with DDD, a full address. */
export const CUSTOMER = {
  name: 'Iara Monteiro',
  document_number: '529.982.247-25',
  email: 'iara@example.org',
  phone: { ddd: '81', number: '988887777' },
  address: {
    zipcode: '50030-230',
    street: 'Rua da Aurora',
    street_number: '100',
    neighborhood: 'Boa Vista',
    city: 'Recife',
    state: 'pe',
  },
};

/** The sandbox's browser token for a test card (core's SANDBOX_TEST_CARDS decide the outcome). */
export const CARDS = {
  approve: '4111111111111111',
  refuse: '4000000000000002',
  error: '4000000000000119',
  timeout: '4000000000000259',
} as const;

export const cardToken = (outcome: keyof typeof CARDS) =>
  sandboxCardToken(
    { number: CARDS[outcome], name: 'IARA MONTEIRO', expiration: '12/30', cvv: '123' },
    randomBytes(6).toString('hex'),
  );

/** The community's recipient at the provider, as the Recebedor tab stores it. */
export async function addRecipient(db: Db, communityId: number) {
  await db.insert(recipients).values({
    communityId,
    pagarmeRecipientId: `sandbox_re_${randomBytes(4).toString('hex')}`,
    bankAccount: { bank_code: '341', agencia: '1234', conta: '12345', conta_dv: '6' },
  });
}

/** A published page with a donation widget whose community has a recipient (unless told otherwise). */
export async function createDonationPage(
  db: Db,
  options: { settings?: Record<string, unknown>; recipient?: boolean; status?: 'active' | 'archived' } = {},
) {
  const made = await createFormPage(db, {
    kind: 'donation',
    settings: options.settings ?? donationSettings(),
    status: options.status,
  });
  if (options.recipient !== false) await addRecipient(db, made.communityId);
  return { ...made, widget: made.form };
}

/** A donation body as the island sends it; `attempt` is fresh unless given. */
export function donationBody(widgetId: number, extra: Record<string, unknown> = {}) {
  return {
    donation: {
      widget_id: widgetId,
      payment_method: 'credit_card',
      amount: 2000,
      card_hash: cardToken('approve'),
      customer: CUSTOMER,
      subscription: false,
      attempt: randomBytes(8).toString('hex'),
      ...extra,
    },
  };
}
