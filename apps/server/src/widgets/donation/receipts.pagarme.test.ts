import { calendarDay } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, createDonationPage, donationBody } from '../../../test/donationPage';
import { Client, eventually, startTestServer, type TestServer } from '../../../test/harness';
import { readMail } from '../../../test/mime';
import { type PagarmeDouble, startPagarmeDouble } from '../../../test/pagarme';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { outbox, recipients } from '../../db/schema';
import { addDays, brazilianFromIso } from './dates';

/*
 * The donation e-mails with the real Pagar.me driver, against its loopback double: what the provider answers (the
 * card's last digits, the boleto's address, line and due date) is what the donor reads, and its postbacks send the
 * receipt once.
 */

let pagarme: PagarmeDouble;
let smtp: TestSmtp;
let server: TestServer;
let visitor: Client;

beforeAll(async () => {
  pagarme = await startPagarmeDouble();
  smtp = await startSmtp(0);
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ACTION_MAX_PER_IP: '100000',
      PAYMENTS_DRIVER: 'pagarme',
      PAGARME_API_URL: pagarme.url,
      PAGARME_API_KEY: pagarme.apiKey,
      PAGARME_ENCRYPTION_KEY: 'ek_test_receipts',
      PAGARME_TIMEOUT_MS: '2000',
    },
  });
  visitor = new Client(server.url);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await pagarme.close();
});

/** A donation page whose community's recipient exists at the provider (the split names it). */
async function pagarmePage() {
  const made = await createDonationPage(server.ctx.db, { recipient: false });
  // The provider's recipient as the Recebedor tab would have made it (its own journey is recipient.test.ts).
  const id = `re_receipts_${made.communityId}`;
  pagarme.recipients.set(id, { object: 'recipient', id, status: 'active' });
  await server.ctx.db
    .insert(recipients)
    .values({ communityId: made.communityId, pagarmeRecipientId: id, bankAccount: {} });
  return made;
}

const delivered = (email: string, count: number) =>
  eventually(async () => {
    const mails = smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.raw));
    return mails.length >= count && mails;
  });
const kindsFor = async (email: string) =>
  (await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email))).map((r) => r.kind).sort();

/** Pagar.me posts to the address the charge named; here, to this test server. */
async function providerPostback(transactionId: string, status: string) {
  const tx = pagarme.transactions.find((t) => String(t.id) === transactionId);
  if (!tx) throw new Error(`no transaction ${transactionId}`);
  tx.postback_url = `${server.url}/api/payments/postback`;
  const res = await pagarme.postback(transactionId, status);
  expect(res.status).toBe(200);
}

describe('donation e-mails with Pagar.me', () => {
  it('a paid card: one receipt with the last digits Pagar.me answered', async () => {
    const { page, widget } = await pagarmePage();
    const email = 'cartao-pagarme@example.org';
    const card = pagarme.cardHash({ number: '5555666677778884' });
    const res = await visitor.post(
      `/api/mobilizations/${page.id}/donations`,
      donationBody(widget.id, { card_hash: card, customer: { ...CUSTOMER, email } }),
    );
    expect(res.body.donation.status).toBe('paid');
    const [receipt] = await delivered(email, 1);
    expect(receipt?.text).toContain('Pagamento: Cartão Mastercard terminado em 8884');
    expect(receipt?.text).not.toContain('sandbox');
    expect(await kindsFor(email)).toEqual(['donation-receipt']);
  });

  it('a boleto: its address, line and due date as issued, then one receipt however often the postback comes', async () => {
    const { page, widget } = await pagarmePage();
    const email = 'boleto-pagarme@example.org';
    const res = await visitor.post(
      `/api/mobilizations/${page.id}/donations`,
      donationBody(widget.id, {
        payment_method: 'boleto',
        card_hash: undefined,
        amount: 2300,
        customer: { ...CUSTOMER, email },
      }),
    );
    const { donation } = res.body;
    const due = addDays(calendarDay(new Date()), 3);
    expect(pagarme.requests.at(-1)?.body).toMatchObject({ payment_method: 'boleto', boleto_expiration_date: due });
    expect(donation).toMatchObject({
      status: 'waiting_payment',
      boleto_url: `${pagarme.url}/boleto/${pagarme.transactions.at(-1)?.id}`,
      boleto_due_date: due,
    });
    const [boleto] = await delivered(email, 1);
    expect(boleto?.text).toContain(`Vencimento: ${brazilianFromIso(due)}`);
    expect(boleto?.text).toContain(`Linha digitável: ${donation.boleto_barcode}`);
    expect(boleto?.html).toContain(`<a href="${donation.boleto_url}"`);
    expect(boleto?.html).toContain('>Abrir o boleto</a>');

    const transactionId = String(pagarme.transactions.at(-1)?.id);
    await providerPostback(transactionId, 'paid');
    await providerPostback(transactionId, 'paid');
    const mails = await delivered(email, 2);
    expect(mails.at(-1)?.subject).toMatch(/^Comprovante da sua doação para /);
    expect(mails.at(-1)?.text).toContain('Pagamento: Boleto');
    await eventually(async () => {
      const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
      return rows.every((r) => r.status === 'sent');
    });
    expect(await kindsFor(email)).toEqual(['donation-boleto', 'donation-receipt']);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
  });
});
