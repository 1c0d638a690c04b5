import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CUSTOMER, createDonationPage, donationBody, useDonationServer } from '../../../test/donationPage';
import { Client, startSecondProcess } from '../../../test/harness';
import { activists, donationPostbacks, donations, outbox, widgetCounters } from '../../db/schema';
import type { SandboxPaymentsDriver } from '../../payments/sandbox';

/*
 * The provider retries a postback until it hears a 200, and may send one late: a replay (the same transaction and
 * status) changes nothing and adds no row, however many processes receive it at the same moment. On PostgreSQL the
 * replays are split between two web processes on one database.
 */

const t = useDonationServer();
let peer: Awaited<ReturnType<typeof startSecondProcess>> | undefined;
beforeAll(async () => {
  if (inject('engine') === 'postgres') peer = await startSecondProcess(t.server);
});
afterAll(() => peer?.close());

let donors = 0;
const sandbox = () => t.server.ctx.payments.driver as SandboxPaymentsDriver;

/** The same signed postback, `times` times at once, spread over every process. */
function replayed(transactionId: string, status: string, times: number) {
  const raw = new URLSearchParams({ object: 'transaction', id: transactionId, current_status: status }).toString();
  const urls = [t.server.url, peer?.url ?? t.server.url];
  return Promise.all(
    Array.from({ length: times }, (_, i) =>
      new Client(urls[i % urls.length] as string).request('POST', '/api/payments/postback', raw, {
        'content-type': 'application/x-www-form-urlencoded',
        'x-hub-signature': sandbox().sign(raw),
      }),
    ),
  );
}

/** What a donation left behind: its state, its postback rows, the receipts queued, the counts it moved. */
async function traces(donationId: number, email: string) {
  const { db } = t.server.ctx;
  const [row] = await db.select().from(donations).where(eq(donations.id, donationId));
  const postbacks = await db.select().from(donationPostbacks).where(eq(donationPostbacks.donationId, donationId));
  const mails = await db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.toAddress, email));
  const [counter] = await db
    .select({ actions: sql<number>`coalesce(sum(${widgetCounters.actions}), 0)::int` })
    .from(widgetCounters)
    .where(eq(widgetCounters.widgetId, Number(row?.widgetId)));
  const [person] = await db
    .select({ actions: activists.actionsCount })
    .from(activists)
    .where(eq(activists.id, Number(row?.activistId)));
  return {
    status: row?.status,
    moves: postbacks.map((p) => `${p.fromStatus}→${p.status}`).sort(),
    receipts: mails.filter((m) => m.kind === 'donation-receipt').length,
    widgetActions: counter?.actions,
    personActions: person?.actions,
  };
}

async function donation(extra: Record<string, unknown>) {
  const { page, widget } = await createDonationPage(t.server.ctx.db);
  const email = `replay-${++donors}@example.org`;
  const res = await t.visitor.post(
    `/api/mobilizations/${page.id}/donations`,
    donationBody(widget.id, { customer: { ...CUSTOMER, email }, ...extra }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await t.server.ctx.db.select().from(donations).where(eq(donations.id, res.body.donation.id));
  return { id: res.body.donation.id as number, tx: String(row?.transactionId), email };
}

describe('POST /api/payments/postback, replayed', () => {
  it('moves a boleto once when the same postback arrives many times at once: one receipt, one count', async () => {
    const { id, tx, email } = await donation({ payment_method: 'boleto', card_hash: undefined, amount: 2300 });
    const answers = await replayed(tx, 'paid', 6);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.status)).toEqual(Array(6).fill('paid'));
    expect(await traces(id, email)).toEqual({
      status: 'paid',
      moves: ['waiting_payment→paid'],
      receipts: 1,
      widgetActions: 1,
      personActions: 1,
    });
    // Later, once more: still nothing.
    await replayed(tx, 'paid', 2);
    expect((await traces(id, email)).moves).toEqual(['waiting_payment→paid']);
  });

  it('changes nothing when an earlier move is replayed after the donation came back (paid → pending_refund → paid)', async () => {
    const { id, tx, email } = await donation({});
    expect((await replayed(tx, 'pending_refund', 1))[0]?.body.status).toBe('pending_refund');
    expect((await replayed(tx, 'paid', 1))[0]?.body.status).toBe('paid');
    const settled = await traces(id, email);
    expect(settled).toMatchObject({ status: 'paid', moves: ['paid→pending_refund', 'pending_refund→paid'] });
    // The refund request's postback again, and the give-up's: the provider's retries, not new news.
    await replayed(tx, 'pending_refund', 3);
    await replayed(tx, 'paid', 3);
    expect(await traces(id, email)).toEqual(settled);
    // An older state after a newer one is refused by the allowed moves, and leaves no row either.
    await replayed(tx, 'waiting_payment', 2);
    expect(await traces(id, email)).toEqual(settled);
  });
});
