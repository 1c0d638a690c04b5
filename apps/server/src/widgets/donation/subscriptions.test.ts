import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOMER, cardToken, createDonationPage, donationBody, useDonationServer } from '../../../test/donationPage';
import { eventually } from '../../../test/harness';
import { donations, subscriptions } from '../../db/schema';
import type { SandboxPaymentsDriver } from '../../payments/sandbox';
import { actionCount } from '../counters';
import { chargeDueSubscriptions, chargeSubscription } from './charging';
import { addDays, brazilianFromIso, todayIso } from './dates';
import { issueManageLink } from './links';

const t = useDonationServer();

let donors = 0;
/** A recurring card donation by a donor of their own; answers the subscription, its page and the donor's e-mail. */
async function subscribe(card: 'approve' | 'refuse' = 'approve') {
  donors += 1;
  const email = `donor${donors}@example.org`;
  const { page, widget } = await createDonationPage(t.server.ctx.db);
  const res = await t.visitor.post(
    `/api/mobilizations/${page.id}/donations`,
    donationBody(widget.id, { subscription: true, period: 30, customer: { ...CUSTOMER, email } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [subscription] = await t.server.ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, res.body.donation.subscription.id));
  if (!subscription) throw new Error('no subscription');
  if (card === 'refuse') {
    const refused = await t.server.ctx.payments.driver.saveCard(cardToken('refuse'));
    await t.server.ctx.db
      .update(subscriptions)
      .set({ cardData: { card_id: refused.id, brand: refused.brand, last_digits: refused.last_digits } })
      .where(eq(subscriptions.id, subscription.id));
  }
  return { subscription, page, widget, email, answer: res.body };
}

/** A message's text as read: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The manage token in the latest e-mail to `email` that says `containing`. */
async function tokenMailedTo(email: string, containing = 'donations/manage') {
  const mails = await eventually(async () => {
    const found = t.smtp.received.map((m) => ({ to: m.to, raw: decodeQuotedPrintable(m.raw) }));
    const mine = found.filter((m) => m.to.includes(email) && m.raw.includes(containing));
    return mine.length > 0 && mine;
  });
  const raw = mails.at(-1)?.raw ?? '';
  const token = /\/donations\/manage\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
  if (!token) throw new Error('no manage link');
  return { token, raw };
}

const subscriptionRow = async (id: number) =>
  (await t.server.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const chargesOf = (id: number) =>
  t.server.ctx.db
    .select()
    .from(donations)
    .where(and(eq(donations.subscriptionId, id), isNull(donations.widgetId)));
const makeDue = (id: number, date = todayIso()) =>
  t.server.ctx.db.update(subscriptions).set({ processAt: date }).where(eq(subscriptions.id, id));

describe('a recurring donation', () => {
  it('charges the first time now and starts an active subscription on the card, mailing the manage link', async () => {
    const { subscription, answer, email } = await subscribe();
    const today = todayIso();
    expect(answer.donation).toMatchObject({
      status: 'paid',
      subscription: { id: subscription.id, period: 30, process_at: addDays(today, 30) },
    });
    expect(subscription).toMatchObject({
      status: 'active',
      amount: 2000,
      period: 30,
      processAt: addDays(today, 30),
      cardData: { brand: 'visa', last_digits: '1111', card_id: expect.stringMatching(/^sandbox_card_/) },
      originDonationId: answer.donation.id,
    });
    const [first] = await t.server.ctx.db.select().from(donations).where(eq(donations.id, answer.donation.id));
    expect(first?.subscriptionId).toBe(subscription.id);
    const { raw } = await tokenMailedTo(email);
    expect(raw).toContain(`http://localhost:`);
    expect(raw).toContain(brazilianFromIso(addDays(today, 30)));
  });

  it('is charged by the job when due, once per cycle, each paid charge a donation on its widget; not when not due or canceled', async () => {
    const due = await subscribe();
    const notDue = await subscribe();
    const canceled = await subscribe();
    await makeDue(due.subscription.id);
    await makeDue(canceled.subscription.id);
    await t.server.ctx.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(subscriptions.id, canceled.subscription.id));
    const counted = await actionCount(t.server.ctx.db, due.widget.id);
    await chargeDueSubscriptions(t.server.ctx);
    await chargeDueSubscriptions(t.server.ctx);
    const charges = await chargesOf(due.subscription.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      status: 'paid',
      amount: 2000,
      period: 30,
      communityId: due.subscription.communityId,
    });
    expect(await subscriptionRow(due.subscription.id)).toMatchObject({
      status: 'active',
      processAt: addDays(todayIso(), 30),
      chargeAttempts: 0,
    });
    expect(await chargesOf(notDue.subscription.id)).toEqual([]);
    expect(await chargesOf(canceled.subscription.id)).toEqual([]);
    // A paid charge is a donation (core's actions/definitions.ts): the widget counts it, as its stats do.
    expect(await actionCount(t.server.ctx.db, due.widget.id)).toBe(counted + 1);
    // The widget's figures include what the subscription paid.
    const info = await t.visitor.get(`/api/widgets/${due.widget.id}/donation`);
    expect(info.body.stats).toMatchObject({ pledged: 4000, total_donations: 2 });
  });

  it('retries a refused charge after 1, 3 and 7 days, then is unpaid and mails a link to change the card', async () => {
    const { subscription, email } = await subscribe('refuse');
    const today = todayIso();
    await makeDue(subscription.id);
    const days = [0, 1, 3, 7];
    for (const [i, day] of days.entries()) {
      // Not yet due the day before each retry.
      if (day > 0)
        expect(await chargeSubscription(t.server.ctx, subscription.id, addDays(today, day - 1))).toBeUndefined();
      const charge = await chargeSubscription(t.server.ctx, subscription.id, addDays(today, day));
      expect(charge?.status).toBe('refused');
      const row = await subscriptionRow(subscription.id);
      expect(row?.chargeAttempts).toBe(i + 1);
      if (i < 3) expect(row).toMatchObject({ status: 'active', retryAt: addDays(today, days[i + 1] ?? 0) });
    }
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'unpaid', retryAt: null, processAt: today });
    expect(await chargesOf(subscription.id)).toHaveLength(4);
    const { token } = await tokenMailedTo(email, 'não foi aceita pelo cartão, nem nas novas tentativas');
    // A new card brings it back at once: charged now, the next cycle a period later.
    const res = await t.visitor.put(`/api/subscriptions/manage/${token}/card`, { card_hash: cardToken('approve') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      process_at: addDays(today, 30),
      card: { brand: 'visa', last_digits: '1111' },
    });
    const charges = await chargesOf(subscription.id);
    expect(charges.map((c) => c.status).sort()).toEqual(['paid', 'refused', 'refused', 'refused', 'refused']);
  });
});

describe('a scheduled charge the provider did not answer', () => {
  it('is resolved by the next run instead of charged again, moves the subscription, then follows postbacks', async () => {
    const { subscription } = await subscribe();
    const slow = await t.server.ctx.payments.driver.saveCard(cardToken('timeout'));
    await t.server.ctx.db
      .update(subscriptions)
      .set({ cardData: { card_id: slow.id, brand: slow.brand, last_digits: slow.last_digits }, processAt: todayIso() })
      .where(eq(subscriptions.id, subscription.id));
    const pending = await chargeSubscription(t.server.ctx, subscription.id);
    expect(pending?.status).toBe('pending');
    expect((await subscriptionRow(subscription.id))?.processAt).toBe(todayIso());
    // A second run (a retried job) finds the unsettled charge at the provider by its reference: no second charge.
    // (Reconciliation, 2 s later, may have settled it first: then the run finds nothing due.)
    const resolved = (await chargeSubscription(t.server.ctx, subscription.id)) ?? (await chargesOf(subscription.id))[0];
    expect(resolved).toMatchObject({ id: pending?.id, status: 'paid' });
    expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: 'active',
      processAt: addDays(todayIso(), 30),
    });
    const driver = t.server.ctx.payments.driver as SandboxPaymentsDriver;
    const postback = (status: string) =>
      new URLSearchParams({
        object: 'transaction',
        id: String(resolved?.transactionId),
        current_status: status,
      }).toString();
    const send = (raw: string) =>
      t.visitor.request('POST', '/api/payments/postback', raw, {
        'content-type': 'application/x-www-form-urlencoded',
        'x-hub-signature': driver.sign(raw),
      });
    expect((await send(postback('refused'))).body).toMatchObject({ status: 'paid' });
    expect((await send(postback('chargedback'))).body).toMatchObject({ status: 'chargedback' });
    // A chargeback is the organiser's to follow up; the subscription's schedule is not moved by it.
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: 'active',
      processAt: addDays(todayIso(), 30),
    });
  });
});

describe('POST /api/donations/:id/recurring (the post-donation offer)', () => {
  const offer = (id: number, body: unknown) => t.visitor.post(`/api/donations/${id}/recurring`, body);

  it('makes one monthly subscription on the same card, first charged 31 days later', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const customer = { ...CUSTOMER, email: 'offer@example.org' };
    const paid = (
      await t.visitor.post(`/api/mobilizations/${page.id}/donations`, donationBody(widget.id, { customer }))
    ).body.donation;
    expect((await offer(paid.id, { key: 'x'.repeat(32), amount: 2000 })).status).toBe(404);
    expect((await offer(paid.id + 1000, { key: paid.key, amount: 2000 })).status).toBe(404);
    const notOffered = await offer(paid.id, { key: paid.key, amount: 2500 });
    expect(notOffered.body.errors).toEqual({ amount: ['Escolha um dos valores oferecidos'] });
    const res = await offer(paid.id, { key: paid.key, amount: 1000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      subscription: { id: expect.any(Number), amount: 1000, period: 30, process_at: addDays(todayIso(), 31) },
    });
    const again = await offer(paid.id, { key: paid.key, amount: 5000 });
    expect(again.body).toEqual(res.body);
    const rows = await t.server.ctx.db.select().from(subscriptions).where(eq(subscriptions.originDonationId, paid.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cardData).toMatchObject({ last_digits: '1111' });
    await tokenMailedTo('offer@example.org');
  });

  it('refuses a donation that is not a paid one-off card donation', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const post = (extra: Record<string, unknown>) =>
      t.visitor.post(`/api/mobilizations/${page.id}/donations`, donationBody(widget.id, extra));
    const refused = (await post({ card_hash: cardToken('refuse') })).body.donation;
    const boleto = (await post({ payment_method: 'boleto', amount: 2300 })).body.donation;
    const recurring = (await post({ subscription: true })).body.donation;
    for (const d of [refused, boleto, recurring]) {
      const res = await offer(d.id, { key: d.key, amount: 2000 });
      expect(res.status, JSON.stringify([d, res.body])).toBe(422);
      expect(res.body.errors).toEqual({ base: ['Só uma doação única paga com cartão pode virar recorrente'] });
    }
  });
});

describe('the donor manage link', () => {
  const manage = (token: string, path = '') => `/api/subscriptions/manage/${token}${path}`;

  it('shows the subscription, changes the date, and refuses wrong, expired and revoked links', async () => {
    const { subscription, email, page } = await subscribe();
    const { token } = await tokenMailedTo(email);
    const res = await t.visitor.get(manage(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscription: {
        amount: 2000,
        period: 30,
        status: 'active',
        process_at: addDays(todayIso(), 30),
        card: { brand: 'visa', last_digits: '1111' },
        mobilization: { name: page.name },
        community: { name: expect.any(String), time_zone: 'America/Sao_Paulo' },
        canceled_at: null,
      },
      // How the page takes a new card: here the sandbox's own form.
      checkout: { driver: 'sandbox' },
    });
    const bad = await t.visitor.put(manage(token, '/process_at'), { process_at: '31/02/2030' });
    expect(bad.body.errors).toEqual({ process_at: ['Data inválida.'] });
    const past = await t.visitor.put(manage(token, '/process_at'), { process_at: '01/01/2020' });
    expect(past.body.errors).toEqual({ process_at: ['Escolha hoje ou uma data futura'] });
    const moved = await t.visitor.put(manage(token, '/process_at'), { process_at: '15/03/2031' });
    expect(moved.body.subscription.process_at).toBe('2031-03-15');

    const wrong = await t.visitor.get(manage('A'.repeat(43)));
    expect(wrong.status).toBe(404);
    expect(wrong.body.errors).toEqual(['Este link não vale mais. Peça um novo no último e-mail da sua doação.']);
    expect((await t.visitor.get(manage('short'))).status).toBe(404);
    // A new link revokes the old one.
    const fresh = await t.server.ctx.db.transaction((tx) => issueManageLink(tx, t.server.ctx.config, subscription.id));
    const freshToken = fresh.url.split('/').at(-1) ?? '';
    expect((await t.visitor.get(manage(token))).status).toBe(404);
    expect((await t.visitor.get(manage(freshToken))).status).toBe(200);
    await t.server.ctx.db
      .update(subscriptions)
      .set({ manageTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, subscription.id));
    expect((await t.visitor.get(manage(freshToken))).status).toBe(404);
  });

  it('cancels for good: no charge follows, even for a run that had already listed it, and nothing can change', async () => {
    const { subscription, email } = await subscribe();
    const { token } = await tokenMailedTo(email);
    await makeDue(subscription.id);
    const res = await t.visitor.post(manage(token, '/cancel'));
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) });
    expect(await chargeSubscription(t.server.ctx, subscription.id)).toBeUndefined();
    await chargeDueSubscriptions(t.server.ctx);
    expect(await chargesOf(subscription.id)).toEqual([]);
    const card = await t.visitor.put(manage(token, '/card'), { card_hash: cardToken('approve') });
    expect(card.body.errors).toEqual({
      base: ['Esta doação recorrente foi cancelada e não pode mais ser alterada.'],
    });
    expect((await t.visitor.post(manage(token, '/cancel'))).body.subscription.status).toBe('canceled');
  });

  it('changes the card, refusing a card the provider will not take', async () => {
    const { email } = await subscribe();
    const { token } = await tokenMailedTo(email);
    const refused = await t.visitor.put(manage(token, '/card'), { card_hash: cardToken('refuse') });
    expect(refused.body.errors).toEqual({
      card_hash: ['O cartão não foi aceito. Confira os dados ou use outro cartão.'],
    });
    const missing = await t.visitor.put(manage(token, '/card'), {});
    expect(missing.body.errors).toEqual({ card_hash: ['Informe os dados do cartão'] });
    const mastercard = await t.visitor.put(manage(token, '/card'), {
      card_hash: cardToken('approve').replace('_visa_1111_', '_mastercard_4444_'),
    });
    expect(mastercard.body.subscription).toMatchObject({
      status: 'active',
      card: { brand: 'mastercard', last_digits: '4444' },
    });
  });
});
