import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../../test/harness';
import type { MobilizationStatus } from '../../db/schema';
import { blocks, widgets } from '../../db/schema';
import { createCommunity, createDonation, createMobilization, createUser } from '../../seed/factories';
import { donationStats } from './stats';

let server: TestServer;
let stranger: Client;
beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(server.ctx.db, { email: 'stats-stranger@example.org' });
  // Someone of no community at all: the figures are public, as the page shows them.
  stranger = await signIn(server, user.email);
});
afterAll(() => server.close());

let serial = 0;
async function donationPage(attrs: { goal?: number | null; status?: MobilizationStatus; kind?: 'donation' | 'form' }) {
  const n = ++serial;
  const db = server.ctx.db;
  const owner = await createUser(db, { email: `stats-${n}@example.org` });
  const community = await createCommunity(db, { name: `Stats ${n}`, ownerId: owner.id });
  const page = await createMobilization(db, {
    communityId: community.id,
    name: `Meta ${n}`,
    slug: `meta-${n}`,
    status: attrs.status ?? 'active',
    blocks: [{ widgets: [{ kind: attrs.kind ?? 'donation', goal: attrs.goal ?? null }, { kind: 'donation' }] }],
  });
  const [widget, sibling] = page.widgets;
  if (!widget || !sibling) throw new Error('no widgets');
  return { community, page, widget, sibling };
}

const QUERY = /* GraphQL */ `
  query ($widgetId: Int!) {
    widgetDonationStats: get_widget_donation_stats(args: { widget_id: $widgetId }) {
      widget_id
      stats
    }
  }
`;

const statsOf = async (widgetId: number, client = stranger) => {
  const res = await client.graphql(QUERY, { widgetId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.widgetDonationStats;
};

describe('donationStats and get_widget_donation_stats', () => {
  it('sums paid donations only, of this widget only, against the goal', async () => {
    const { community, page, widget, sibling } = await donationPage({ goal: 100_000 });
    const db = server.ctx.db;
    const on = { communityId: community.id, widgetId: widget.id, mobilizationId: page.id };
    await createDonation(db, { ...on, amount: 25_000 });
    await createDonation(db, { ...on, amount: 5_050 });
    await createDonation(db, { ...on, amount: 9_999, status: 'refused' });
    await createDonation(db, { ...on, amount: 3_300, status: 'waiting_payment', paymentMethod: 'boleto' });
    await createDonation(db, { ...on, amount: 7_000, status: 'refunded' });
    await createDonation(db, { ...on, widgetId: sibling.id, amount: 50_000 });

    // The shared function answers cents, for the REST widget endpoint.
    expect(await donationStats(db, widget.id)).toEqual({ pledged: 30_050, progress: 30.05, total_donations: 2 });
    // GraphQL keeps the original function's json: reais.
    expect(await statsOf(widget.id)).toEqual([
      {
        widget_id: widget.id,
        stats: { widget_id: widget.id, pledged: 300.5, goal: 1000, progress: 30.05, total_donations: 2 },
      },
    ]);
  });

  it('gives zeros before any donation and a null progress without a goal', async () => {
    const { widget, sibling, community, page } = await donationPage({ goal: 50_000 });
    expect(await donationStats(server.ctx.db, widget.id)).toEqual({ pledged: 0, progress: 0, total_donations: 0 });
    await createDonation(server.ctx.db, {
      communityId: community.id,
      widgetId: sibling.id,
      mobilizationId: page.id,
      amount: 1_000,
    });
    const [row] = await statsOf(sibling.id);
    expect(row.stats).toEqual({ widget_id: sibling.id, pledged: 10, goal: null, progress: null, total_donations: 1 });
  });

  it('lets progress pass 100 percent (the bar caps its width, not the figure)', async () => {
    const { widget, community } = await donationPage({ goal: 1_000 });
    await createDonation(server.ctx.db, { communityId: community.id, widgetId: widget.id, amount: 2_500 });
    expect((await donationStats(server.ctx.db, widget.id)).progress).toBe(250);
  });

  it('answers no row for a widget visitors cannot see or that takes no donations', async () => {
    const archived = await donationPage({ status: 'archived' });
    const form = await donationPage({ kind: 'form' });
    const removed = await donationPage({});
    const hidden = await donationPage({});
    const db = server.ctx.db;
    for (const p of [archived, form, removed, hidden])
      await createDonation(db, { communityId: p.community.id, widgetId: p.widget.id, amount: 1_000 });
    await db.update(widgets).set({ deletedAt: new Date() }).where(eq(widgets.id, removed.widget.id));
    await db.update(blocks).set({ hidden: true }).where(eq(blocks.id, hidden.widget.blockId));
    for (const p of [archived, form, removed, hidden]) expect(await statsOf(p.widget.id)).toEqual([]);
    expect(await statsOf(2_000_000_000)).toEqual([]);
  });

  it('is answered to signed-in callers only, as every field of the API', async () => {
    const { widget } = await donationPage({});
    const res = await new Client(server.url).graphql(QUERY, { widgetId: widget.id });
    expect(res.body.errors?.[0]?.message).toBe('field get_widget_donation_stats not found in type query_root');
  });
});
