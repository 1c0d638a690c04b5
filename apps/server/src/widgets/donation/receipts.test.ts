import { calendarDay, formatDate } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  cardToken,
  createDonationPage,
  donationBody,
  donationSettings,
  useDonationServer,
} from '../../../test/donationPage';
import { THANK_YOU_SETTINGS } from '../../../test/formPage';
import { eventually } from '../../../test/harness';
import { readMail } from '../../../test/mime';
import { publicPageUrl } from '../../config';
import { communities, donations, mobilizations, outbox, subscriptions } from '../../db/schema';
import type { SandboxPaymentsDriver } from '../../payments/sandbox';
import { reconcileJob } from './charge';
import { chargeSubscription } from './charging';
import { addDays, brazilianFromIso, todayIso } from './dates';
import { donationMailContext } from './mailContext';

const t = useDonationServer();

let donors = 0;
const donorEmail = (tag: string) => `${tag}-${++donors}@example.org`;
const donate = (pageId: number, body: unknown, headers?: Record<string, string>) =>
  t.visitor.post(`/api/mobilizations/${pageId}/donations`, body, headers);
const customer = (email: string) => ({ ...CUSTOMER, email });

/** The outbox rows queued for an address, by kind: what was decided, whatever has been delivered yet. */
async function queuedFor(email: string) {
  const rows = await t.server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
  return rows.map((r) => r.kind).sort();
}

/** The messages that reached the SMTP server for an address, read as a mail client would, once `count` arrived. */
async function delivered(email: string, count: number) {
  return eventually(async () => {
    const mails = t.smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.raw));
    return mails.length >= count && mails;
  });
}

/** Every outbox row for the address sent: a second copy, had one been queued, would have gone out with them. */
const allSent = (email: string) =>
  eventually(async () => {
    const rows = await t.server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
    return rows.length > 0 && rows.every((r) => r.status === 'sent');
  });

const sandbox = () => t.server.ctx.payments.driver as SandboxPaymentsDriver;
const postback = (transactionId: string, status: string) => {
  const raw = new URLSearchParams({ object: 'transaction', id: transactionId, current_status: status }).toString();
  return t.visitor.request('POST', '/api/payments/postback', raw, {
    'content-type': 'application/x-www-form-urlencoded',
    'x-hub-signature': sandbox().sign(raw),
  });
};

const today = () => formatDate(new Date(), 'America/Sao_Paulo');

describe('the receipt of a card donation', () => {
  it('says the amount, the day in São Paulo, the community, the page and the card, in text and HTML, once', async () => {
    const { page, widget, communityId } = await createDonationPage(t.server.ctx.db);
    const [community] = await t.server.ctx.db.select().from(communities).where(eq(communities.id, communityId));
    const email = donorEmail('recibo');
    const body = donationBody(widget.id, { amount: 5000, customer: customer(email) });
    const res = await donate(page.id, body);
    expect(res.body.donation.status).toBe('paid');
    // The same attempt again (the browser retrying): the stored answer, and no second receipt.
    expect((await donate(page.id, body)).body.donation.id).toBe(res.body.donation.id);
    const [mail] = await delivered(email, 1);
    await allSent(email);
    expect(await queuedFor(email)).toEqual(['donation-receipt']);
    expect(t.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(mail?.subject).toBe(`Comprovante da sua doação para ${community?.name}`);
    // From the platform's address under the community's name; nobody's domain is forged.
    expect(mail?.from).toBe(`${community?.name} <nao-responda@mutirao.local>`);
    expect(mail?.text).toBe(
      [
        'Olá, Iara!',
        `Recebemos sua doação de R$ 50,00 para ${community?.name}. Muito obrigado pelo apoio!`,
        [
          'Valor: R$ 50,00',
          `Data: ${today()}`,
          `Para: ${community?.name}`,
          `Página: ${page.name} (${publicPageUrl(t.server.ctx.config, page)})`,
          'Pagamento: Cartão Visa terminado em 1111',
        ].join('\n'),
        'Guarde este e-mail como comprovante da sua doação.',
        'Ambiente de teste (sandbox): nada é cobrado de verdade.',
      ].join('\n\n'),
    );
    expect(mail?.html).toContain('<html lang="pt-BR">');
    expect(mail?.html).toContain('>R$ 50,00</td>');
    expect(mail?.html).toContain('>Cartão Visa terminado em 1111</td>');
    expect(mail?.html).not.toContain('donations/manage');
  });

  it('comes beside the organiser’s thank-you, in the page’s language, answering to the organiser', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db, {
      settings: donationSettings(THANK_YOU_SETTINGS),
    });
    await t.server.ctx.db.update(mobilizations).set({ language: 'es' }).where(eq(mobilizations.id, page.id));
    const email = donorEmail('gracias');
    expect((await donate(page.id, donationBody(widget.id, { customer: customer(email) }))).status).toBe(201);
    const mails = await delivered(email, 2);
    expect(await queuedFor(email)).toEqual(['donation-receipt', 'donation-thank-you']);
    const receipt = mails.find((m) => m.subject.startsWith('Comprobante'));
    expect(receipt?.from).toBe('Coletivo Teste <nao-responda@mutirao.local>');
    expect(receipt?.replyTo).toBe('contato@coletivo.example.org');
    expect(receipt?.text).toContain('Monto: R$ 20,00');
    expect(receipt?.text).toContain('Pago: Tarjeta Visa terminada en 1111');
    expect(mails.find((m) => m.subject === 'Obrigada por participar')?.from).toContain('contato@coletivo.example.org');
  });

  it('is dated in the community’s time zone, the one it chose on its Informações screen', async () => {
    const { page, widget, communityId } = await createDonationPage(t.server.ctx.db);
    await t.server.ctx.db.update(communities).set({ timeZone: 'Europe/Lisbon' }).where(eq(communities.id, communityId));
    const of = { communityId, mobilizationId: page.id, widgetId: widget.id };
    const mail = await t.server.ctx.db.transaction((tx) => donationMailContext(tx, t.server.ctx, of));
    expect(mail.community.timeZone).toBe('Europe/Lisbon');
    const email = donorEmail('lisboa');
    expect((await donate(page.id, donationBody(widget.id, { customer: customer(email) }))).status).toBe(201);
    const [receipt] = await delivered(email, 1);
    expect(receipt?.text).toContain(`Data: ${formatDate(new Date(), 'Europe/Lisbon')}`);
  });

  it('never follows a refused card; the retry that is paid gets exactly one', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const email = donorEmail('retry');
    const refused = await donate(
      page.id,
      donationBody(widget.id, { customer: customer(email), card_hash: cardToken('refuse') }),
    );
    expect(refused.body.donation.status).toBe('refused');
    const failed = await donate(
      page.id,
      donationBody(widget.id, { customer: customer(email), card_hash: cardToken('error') }),
    );
    expect(failed.body.donation.status).toBe('failed');
    expect(await queuedFor(email)).toEqual([]);
    // The retry, sent twice with one Idempotency-Key (no attempt in the body): one charge, one receipt.
    const retry = donationBody(widget.id, { customer: customer(email), attempt: undefined });
    const key = { 'idempotency-key': `retry-${donors}` };
    const [first, second] = [await donate(page.id, retry, key), await donate(page.id, retry, key)];
    expect(first.body.donation.status).toBe('paid');
    expect(second.body.donation.id).toBe(first.body.donation.id);
    await delivered(email, 1);
    await allSent(email);
    expect(await queuedFor(email)).toEqual(['donation-receipt']);
    expect(t.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('goes out when reconciliation finds a charge that got no answer, once however often the job runs', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const email = donorEmail('pendente');
    const res = await donate(
      page.id,
      donationBody(widget.id, { customer: customer(email), card_hash: cardToken('timeout') }),
    );
    expect(res.body.donation.status).toBe('pending');
    expect(await queuedFor(email)).toEqual([]);
    const job = reconcileJob(t.server.ctx);
    await job.handle({ donationId: res.body.donation.id, attempt: 0 });
    await job.handle({ donationId: res.body.donation.id, attempt: 0 });
    const [mail] = await delivered(email, 1);
    expect(mail?.text).toContain('Pagamento: Cartão Visa terminado em 0259');
    await allSent(email);
    expect(await queuedFor(email)).toEqual(['donation-receipt']);
  }, 30_000);
});

describe('the receipt of a monthly donation', () => {
  it('carries the next charge and a working manage link, and each monthly charge brings its own', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const email = donorEmail('mensal');
    const res = await donate(
      page.id,
      donationBody(widget.id, { customer: customer(email), subscription: true, period: 30 }),
    );
    const next = addDays(todayIso(), 30);
    const [mail] = await delivered(email, 1);
    expect(await queuedFor(email)).toEqual(['donation-receipt']);
    expect(mail?.text).toContain(
      `Esta doação se repete a cada mês: a próxima cobrança, de R$ 20,00, será em ${brazilianFromIso(next)}.`,
    );
    expect(mail?.text).toContain('Para trocar o cartão, mudar a data ou cancelar a doação, use este link pessoal');
    const link = /http:\/\/localhost:\d+\/donations\/manage\/([\w-]{43})/.exec(mail?.text ?? '');
    expect(mail?.html).toContain(`href="${link?.[0]}"`);
    expect(mail?.html).toContain('>Gerenciar minha doação</a>');
    const managed = await t.visitor.get(`/api/subscriptions/manage/${link?.[1]}`);
    expect(managed.status).toBe(200);
    expect(managed.body.subscription).toMatchObject({ status: 'active', process_at: next });

    // A month later the job charges it: a receipt for that charge, with the next date and a new link.
    const subscriptionId = res.body.donation.subscription.id;
    await t.server.ctx.db
      .update(subscriptions)
      .set({ processAt: todayIso() })
      .where(eq(subscriptions.id, subscriptionId));
    expect((await chargeSubscription(t.server.ctx, subscriptionId))?.status).toBe('paid');
    const monthly = (await delivered(email, 2)).at(-1);
    expect(monthly?.text).toContain(`será em ${brazilianFromIso(addDays(todayIso(), 30))}.`);
    expect(monthly?.text).toContain('/donations/manage/');
    await allSent(email);
    expect(await queuedFor(email)).toEqual(['donation-receipt', 'donation-receipt']);
  });
  it('leaves the donor’s link working when they pay an unpaid one from the manage page', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const email = donorEmail('volta');
    const res = await donate(
      page.id,
      donationBody(widget.id, { customer: customer(email), subscription: true, period: 30 }),
    );
    const [first] = await delivered(email, 1);
    const token = /\/donations\/manage\/([\w-]{43})/.exec(first?.text ?? '')?.[1];
    await t.server.ctx.db
      .update(subscriptions)
      .set({ status: 'unpaid', processAt: todayIso() })
      .where(eq(subscriptions.id, res.body.donation.subscription.id));
    const card = await t.visitor.put(`/api/subscriptions/manage/${token}/card`, { card_hash: cardToken('approve') });
    expect(card.body.subscription).toMatchObject({ status: 'active' });
    const receipt = (await delivered(email, 2)).at(-1);
    expect(receipt?.text).toContain('Esta doação se repete a cada mês');
    expect(receipt?.text).not.toContain('/donations/manage/');
    expect((await t.visitor.get(`/api/subscriptions/manage/${token}`)).status).toBe(200);
  });
});

describe('a boleto', () => {
  it('is e-mailed with its line, link, due date and fee; the receipt follows its payment, once', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const email = donorEmail('boleto');
    const res = await donate(
      page.id,
      donationBody(widget.id, {
        customer: customer(email),
        payment_method: 'boleto',
        card_hash: undefined,
        amount: 2300,
      }),
    );
    const { donation } = res.body;
    const due = addDays(calendarDay(new Date(), 'America/Sao_Paulo'), 3);
    expect(donation).toMatchObject({ status: 'waiting_payment', boleto_due_date: due });
    const [boleto] = await delivered(email, 1);
    expect(await queuedFor(email)).toEqual(['donation-boleto']);
    expect(boleto?.subject).toMatch(/^Seu boleto de doação para .+: R\$ 23,00$/);
    expect(boleto?.text).toContain('Valor: R$ 23,00 (R$ 20,00 de doação e R$ 3,00 de tarifa do boleto)');
    expect(boleto?.text).toContain(`Vencimento: ${brazilianFromIso(due)}`);
    expect(boleto?.text).toContain(`Linha digitável: ${donation.boleto_barcode}`);
    expect(boleto?.text).toContain(`abra o boleto para imprimir:\n${donation.boleto_url}`);
    // The sandbox's boleto has no web page: its address is shown, never linked.
    expect(boleto?.html).not.toContain('href="sandbox:');

    const [row] = await t.server.ctx.db.select().from(donations).where(eq(donations.id, donation.id));
    const paid = await postback(String(row?.transactionId), 'paid');
    expect(paid.body).toMatchObject({ status: 'paid' });
    const receipt = (await delivered(email, 2)).at(-1);
    expect(receipt?.text).toContain('Valor: R$ 23,00 (R$ 20,00 de doação e R$ 3,00 de tarifa do boleto)');
    expect(receipt?.text).toContain('Pagamento: Boleto');
    // The provider repeats its postback: nothing more.
    await postback(String(row?.transactionId), 'paid');
    await allSent(email);
    expect(await queuedFor(email)).toEqual(['donation-boleto', 'donation-receipt']);
    expect(t.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
  });
});
