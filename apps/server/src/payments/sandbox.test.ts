import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CUSTOMER, cardToken, createDonationPage, donationBody, useDonationServer } from '../../test/donationPage';
import { Client, startSecondProcess } from '../../test/harness';
import { buildApp } from '../app';
import { closeContext, createContext } from '../bootstrap';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { pgliteDir } from '../db/embedded';
import { donations, sandboxPaymentCharges } from '../db/schema';
import { type ChargeRequest, PaymentError } from './driver';
import type { SandboxPaymentsDriver } from './sandbox';

/*
 * The sandbox is a provider: what it charged must be there for every process that asks, and after a restart. Two
 * web processes on one PostgreSQL (a charge made through one is found, paid and refunded through the other), and the
 * embedded database closed and opened again from the same data directory.
 */

const sandboxOf = (ctx: AppContext) => ctx.payments.driver as SandboxPaymentsDriver;
const reference = (donationId: number) => `mutirao-donation-${donationId}`;

/** A signed transaction postback, as the provider posts it, through the process at `baseUrl`. */
function postback(baseUrl: string, ctx: AppContext, id: string, status: string) {
  const raw = new URLSearchParams({ object: 'transaction', id, current_status: status }).toString();
  return new Client(baseUrl).request('POST', '/api/payments/postback', raw, {
    'content-type': 'application/x-www-form-urlencoded',
    'x-hub-signature': sandboxOf(ctx).sign(raw),
  });
}

const boleto = (extra: Record<string, unknown> = {}) => ({
  payment_method: 'boleto',
  card_hash: undefined,
  amount: 2300,
  ...extra,
});

function chargeRequest(extra: Partial<ChargeRequest>): ChargeRequest {
  return {
    reference: `sandbox-test-${randomBytes(4).toString('hex')}`,
    amount: 2000,
    method: 'credit_card',
    customer: CUSTOMER as never,
    recipientId: 'sandbox_re_x',
    postbackUrl: 'http://127.0.0.1/api/payments/postback',
    description: 'test',
    ...extra,
  };
}

describe.skipIf(inject('engine') !== 'postgres')('the sandbox across two web processes on one PostgreSQL', () => {
  const t = useDonationServer();
  let peer: Awaited<ReturnType<typeof startSecondProcess>>;
  beforeAll(async () => {
    peer = await startSecondProcess(t.server);
  });
  afterAll(() => peer?.close());

  it('finds, pays and refunds through one process a boleto made through the other', async () => {
    const { page, widget } = await createDonationPage(t.server.ctx.db);
    const res = await t.visitor.post(`/api/mobilizations/${page.id}/donations`, donationBody(widget.id, boleto()));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id } = res.body.donation;
    const [row] = await t.server.ctx.db.select().from(donations).where(eq(donations.id, id));
    const tx = String(row?.transactionId);
    expect(await sandboxOf(peer.ctx).findCharge(reference(id))).toMatchObject({
      id: tx,
      status: 'waiting_payment',
      boleto: { url: `sandbox://boleto/${tx}` },
    });
    expect((await postback(peer.url, peer.ctx, tx, 'paid')).body).toMatchObject({ status: 'paid' });
    expect((await sandboxOf(t.server.ctx).findCharge(reference(id)))?.status).toBe('paid');
    expect((await postback(t.server.url, t.server.ctx, tx, 'refunded')).body).toMatchObject({ status: 'refunded' });
    expect((await sandboxOf(peer.ctx).findCharge(reference(id)))?.status).toBe('refunded');
  });

  it('charges through one process a card saved through the other, and one reference once whichever asks', async () => {
    const card = await sandboxOf(t.server.ctx).saveCard(cardToken('approve'));
    const charged = await sandboxOf(peer.ctx).charge(chargeRequest({ cardId: card.id }));
    expect(charged).toMatchObject({ status: 'paid', card: { id: card.id, brand: card.brand } });
    const same = chargeRequest({ cardToken: cardToken('approve') });
    const both = await Promise.allSettled([sandboxOf(t.server.ctx).charge(same), sandboxOf(peer.ctx).charge(same)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(PaymentError);
    const rows = await t.server.ctx.db
      .select()
      .from(sandboxPaymentCharges)
      .where(eq(sandboxPaymentCharges.reference, same.reference));
    expect(rows).toHaveLength(1);
  });
});

describe.skipIf(inject('engine') !== 'pglite')('the sandbox across a restart of the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('hex') });

  /** The server as `npm start` runs it on the embedded database in `dataDir` (loaded from the migrated snapshot once). */
  async function start(fromSnapshot: boolean) {
    const pglite = fromSnapshot
      ? new PGlite(pgliteDir(dataDir), { loadDataDir: new Blob([readFileSync(inject('snapshotFile'))]) })
      : undefined;
    const ctx = await createContext(config, { pglite: pglite?.waitReady.then(() => pglite) });
    const app = await buildApp(ctx, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return {
      ctx,
      url,
      close: async () => {
        await app.close();
        await closeContext(ctx);
      },
    };
  }

  it('keeps its charges and cards: a boleto made before the restart is paid after it, a saved card charged', async () => {
    const before = await start(true);
    const { page, widget } = await createDonationPage(before.ctx.db);
    const res = await new Client(before.url).post(
      `/api/mobilizations/${page.id}/donations`,
      donationBody(widget.id, boleto()),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id } = res.body.donation;
    const card = await sandboxOf(before.ctx).saveCard(cardToken('approve'));
    await before.close();

    const after = await start(false);
    try {
      const charge = await sandboxOf(after.ctx).findCharge(reference(id));
      expect(charge).toMatchObject({ status: 'waiting_payment', boleto: { barcode: expect.stringMatching(/2300$/) } });
      expect((await postback(after.url, after.ctx, String(charge?.id), 'paid')).body).toMatchObject({
        status: 'paid',
      });
      expect((await sandboxOf(after.ctx).findCharge(reference(id)))?.status).toBe('paid');
      expect(await sandboxOf(after.ctx).charge(chargeRequest({ cardId: card.id }))).toMatchObject({
        status: 'paid',
        card: { id: card.id, last_digits: card.last_digits },
      });
    } finally {
      await after.close();
    }
  }, 120_000);
});
