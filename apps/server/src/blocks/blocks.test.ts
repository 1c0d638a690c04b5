import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { blocks } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer of Alpha
let bob: Client; // admin of Beta only
let pageId: number;

const SIX_SIX = [
  { sm_size: 12, md_size: 6, lg_size: 6 },
  { sm_size: 12, md_size: 6, lg_size: 6 },
];
const ONE = [{ sm_size: 12, md_size: 12, lg_size: 12 }];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'blocks-alice@example.org' });
  const m = await createUser(db, { email: 'blocks-mob@example.org' });
  const b = await createUser(db, { email: 'blocks-bob@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] });
  await createCommunity(db, { name: 'Beta', ownerId: b.id });
  alice = await signIn(server, 'blocks-alice@example.org');
  mob = await signIn(server, 'blocks-mob@example.org');
  bob = await signIn(server, 'blocks-bob@example.org');
  pageId = (await createMobilization(db, { communityId: alpha.id, name: 'Página de blocos' })).id;
});
afterAll(() => server.close());

const addBlock = (client: Client, block: Record<string, unknown>, id = pageId) =>
  client.post(`/api/mobilizations/${id}/blocks`, { block });
const positions = async () =>
  (
    (await alice.get(`/api/mobilizations/${pageId}/blocks`)).body as { id: number; position: number; name: string }[]
  ).map((b) => [b.name, b.position]);

describe('blocks', () => {
  beforeEach(async () => {
    for (const b of (await alice.get(`/api/mobilizations/${pageId}/blocks`)).body as { id: number }[]) {
      await alice.request('DELETE', `/api/blocks/${b.id}`);
    }
  });

  it('adds a block at the end with one draft widget per column, in one call', async () => {
    const first = await addBlock(alice, { name: 'Topo', widgets_attributes: ONE });
    expect(first.status).toBe(200);
    const second = await addBlock(mob, {
      name: 'Colunas',
      bg_class: JSON.stringify({ r: 238, g: 0, b: 153, a: 0.5 }),
      widgets_attributes: SIX_SIX,
    });
    expect(second.body).toMatchObject({
      mobilization_id: pageId,
      position: first.body.position + 1,
      hidden: false,
      menu_hidden: false,
    });
    expect(second.body.widgets.map((w: { kind: string; md_size: number }) => [w.kind, w.md_size])).toEqual([
      ['draft', 6],
      ['draft', 6],
    ]);
    const list = await alice.get(`/api/mobilizations/${pageId}/blocks`);
    expect(list.body.map((b: { name: string }) => b.name)).toEqual(['Topo', 'Colunas']);
    expect((await alice.get(`/api/blocks?mobilization_id=${pageId}`)).body).toEqual(list.body);
    const widgets = await alice.get(`/api/mobilizations/${pageId}/widgets`);
    expect(widgets.body).toHaveLength(3);
    expect((await alice.get(`/api/widgets?mobilization_id=${pageId}`)).body).toEqual(widgets.body);
  });

  it('copies kinds and settings when given, for a duplicate', async () => {
    const res = await addBlock(alice, {
      name: 'Cópia',
      widgets_attributes: [
        { ...ONE[0], kind: 'content', settings: { content: '[{"type":"paragraph","children":[{"text":"oi"}]}]' } },
      ],
    });
    expect(res.body.widgets[0]).toMatchObject({
      kind: 'content',
      settings: { content: expect.stringContaining('oi') },
    });
  });

  it('refuses a bad layout, colour or kind with the field named, in the caller’s language', async () => {
    const none = await addBlock(alice, { widgets_attributes: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.widgets_attributes).toEqual(['Escolha um layout de 1 a 4 colunas']);
    const five = await addBlock(alice, { widgets_attributes: [...SIX_SIX, ...SIX_SIX, ...ONE] });
    expect(five.status).toBe(422);
    const size = await alice.post(
      `/api/mobilizations/${pageId}/blocks`,
      { block: { widgets_attributes: [{ sm_size: 13, md_size: 6, lg_size: 6 }] } },
      { 'accept-language': 'en' },
    );
    expect(size.body.errors['widgets_attributes.0.sm_size']).toEqual(['Invalid column size (1 to 12)']);
    const colour = await addBlock(alice, { bg_class: '{"r":300}', widgets_attributes: ONE });
    expect(colour.body.errors.bg_class).toEqual(['Cor de fundo inválida']);
    const kind = await addBlock(alice, { widgets_attributes: [{ ...ONE[0], kind: 'carousel' }] });
    expect(kind.status).toBe(422);
    expect((await positions()).length).toBe(0);
  });

  it('renames, hides, leaves out of the menu and changes the background', async () => {
    const { body } = await addBlock(alice, { name: 'Antes', widgets_attributes: ONE });
    const res = await alice.put(`/api/blocks/${body.id}`, {
      block: { name: 'Depois', hidden: true, menu_hidden: true, bg_image: '/uploads/2026/11/fundo.png' },
    });
    expect(res.body).toMatchObject({
      name: 'Depois',
      hidden: true,
      menu_hidden: true,
      bg_image: '/uploads/2026/11/fundo.png',
    });
    const cleared = await alice.put(`/api/blocks/${body.id}`, { block: { bg_image: null, hidden: false } });
    expect(cleared.body).toMatchObject({ name: 'Depois', hidden: false, menu_hidden: true, bg_image: null });
  });

  it('swaps neighbours in one request, and refuses moves past either end', async () => {
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await addBlock(alice, { name, widgets_attributes: ONE })).body.id);
    const swap = await alice.put('/api/blocks', {
      mobilization_id: pageId,
      blocks: [
        { id: ids[0], position: 2 },
        { id: ids[1], position: 1 },
      ],
    });
    expect(swap.status).toBe(200);
    expect(await positions()).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
    ]);
    const up = await alice.put('/api/blocks', { mobilization_id: pageId, blocks: [{ id: ids[1], position: 0 }] });
    expect(up.status, JSON.stringify(up.body)).toBe(422);
    expect(up.body.errors.blocks, JSON.stringify(up.body)).toEqual(['O primeiro bloco não pode subir']);
    const top = await alice.put('/api/blocks', { mobilization_id: pageId, blocks: [{ id: ids[1], position: -1 }] });
    expect(top.status).toBe(422);
    const down = await alice.put('/api/blocks', { mobilization_id: pageId, blocks: [{ id: ids[2], position: 4 }] });
    expect(down.body.errors.blocks).toEqual(['O último bloco não pode descer']);
    const clash = await alice.put('/api/blocks', { mobilization_id: pageId, blocks: [{ id: ids[2], position: 1 }] });
    expect(clash.body.errors.blocks).toEqual(['Posição inválida']);
    expect(await positions()).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
    ]);
  });

  it('never leaves two blocks on one position when swaps and additions race', async () => {
    const ids: number[] = [];
    for (const name of ['1', '2', '3', '4'])
      ids.push((await addBlock(alice, { name, widgets_attributes: ONE })).body.id);
    const swap = (a: number, b: number) =>
      alice.put('/api/blocks', {
        mobilization_id: pageId,
        blocks: [
          { id: ids[a], position: b + 1 },
          { id: ids[b], position: a + 1 },
        ],
      });
    await Promise.all([
      swap(0, 1),
      swap(2, 3),
      addBlock(mob, { name: '5', widgets_attributes: ONE }),
      addBlock(alice, { name: '6', widgets_attributes: ONE }),
    ]);
    const after = (await positions()).map(([, p]) => p);
    expect(after).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never leaves two blocks on one position when stale swaps of the same blocks race', async () => {
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      ids.push((await addBlock(alice, { name, widgets_attributes: ONE })).body.id);
    // Every client moves from the same view of the page (positions 1..5), as two organisers would.
    const swap = (client: Client, a: number, b: number) =>
      client.put('/api/blocks', {
        mobilization_id: pageId,
        blocks: [
          { id: ids[a], position: b + 1 },
          { id: ids[b], position: a + 1 },
        ],
      });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        swap(alice, 0, 1),
        swap(mob, 1, 2),
        swap(alice, 2, 3),
        swap(mob, 3, 4),
        swap(alice, 1, 0),
      ]);
      for (const res of answers) expect([200, 422]).toContain(res.status);
      expect(answers.some((res) => res.status === 200)).toBe(true);
      const after = (await positions()).map(([, p]) => p);
      expect(after).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('lets the database refuse two live blocks on one position, whoever writes them', async () => {
    const { db } = server.ctx;
    const a = (await addBlock(alice, { name: 'P', widgets_attributes: ONE })).body.id;
    const b = (await addBlock(alice, { name: 'Q', widgets_attributes: ONE })).body.id;
    const results = await Promise.allSettled([
      db.update(blocks).set({ position: 40 }).where(eq(blocks.id, a)),
      db.update(blocks).set({ position: 40 }).where(eq(blocks.id, b)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const live = await db
      .select({ position: blocks.position })
      .from(blocks)
      .where(and(eq(blocks.mobilizationId, pageId), isNull(blocks.deletedAt)));
    expect(new Set(live.map((r) => r.position)).size).toBe(live.length);
    // A swap inside one transaction may pass through equal positions: the check waits for the commit.
    await db.transaction(async (tx) => {
      const [pa] = await tx.select().from(blocks).where(eq(blocks.id, a));
      const [pb] = await tx.select().from(blocks).where(eq(blocks.id, b));
      await tx.update(blocks).set({ position: pb?.position }).where(eq(blocks.id, a));
      await tx.update(blocks).set({ position: pa?.position }).where(eq(blocks.id, b));
    });
  });

  it('removes a block and closes the gap', async () => {
    const ids: number[] = [];
    for (const name of ['X', 'Y', 'Z']) ids.push((await addBlock(alice, { name, widgets_attributes: ONE })).body.id);
    const res = await alice.request('DELETE', `/api/blocks/${ids[1]}`);
    expect(res.status).toBe(204);
    expect(await positions()).toEqual([
      ['X', 1],
      ['Z', 2],
    ]);
    expect((await alice.request('DELETE', `/api/blocks/${ids[1]}`)).status).toBe(404);
  });
});

describe('lists with filters', () => {
  it('filter blocks by hidden and menu_hidden, and widgets by block and kind', async () => {
    const shown = (await addBlock(alice, { name: 'Visível', widgets_attributes: SIX_SIX })).body;
    const hidden = (await addBlock(alice, { name: 'Oculto', hidden: true, widgets_attributes: ONE })).body;
    const offMenu = (await addBlock(alice, { name: 'Sem menu', menu_hidden: true, widgets_attributes: ONE })).body;
    await alice.put(`/api/mobilizations/${pageId}/widgets/${shown.widgets[0].id}`, {
      widget: { kind: 'content', settings: { content: '[]' } },
    });
    const names = (res: { body: { name: string }[] }) => res.body.map((b) => b.name);
    const onlyHidden = await alice.get(`/api/blocks?mobilization_id=${pageId}&hidden=true`);
    expect(names(onlyHidden)).toContain('Oculto');
    expect(names(onlyHidden)).not.toContain('Visível');
    expect(names(await alice.get(`/api/mobilizations/${pageId}/blocks?hidden=false`))).not.toContain('Oculto');
    const menu = await alice.get(`/api/blocks?mobilization_id=${pageId}&menu_hidden=true`);
    expect(names(menu)).toEqual(expect.arrayContaining(['Sem menu']));
    expect(names(menu)).not.toContain('Visível');
    const ofBlock = await alice.get(`/api/widgets?mobilization_id=${pageId}&block_id=${shown.id}`);
    expect(ofBlock.body.map((w: { id: number }) => w.id)).toEqual(shown.widgets.map((w: { id: number }) => w.id));
    const content = await alice.get(`/api/mobilizations/${pageId}/widgets?kind=content`);
    expect(content.body.map((w: { id: number }) => w.id)).toContain(shown.widgets[0].id);
    expect(content.body.every((w: { kind: string }) => w.kind === 'content')).toBe(true);
    expect((await alice.get(`/api/widgets?mobilization_id=${pageId}&block_id=${hidden.id}`)).body).toHaveLength(1);
    expect(offMenu.menu_hidden).toBe(true);
  });

  it('name what is missing or wrong in the filters, in the caller’s language', async () => {
    const none = await alice.get('/api/blocks');
    expect(none.status).toBe(400);
    expect(none.body.errors.mobilization_id).toEqual(['Informe a mobilização']);
    const flag = await alice.get(`/api/blocks?mobilization_id=${pageId}&hidden=sim`, { 'accept-language': 'en' });
    expect(flag.body.errors.hidden).toEqual(['Use true or false']);
    expect((await alice.get('/api/widgets')).body.errors.mobilization_id).toEqual(['Informe a mobilização']);
    const kind = await alice.get(`/api/widgets?mobilization_id=${pageId}&kind=carrossel`);
    expect(kind.body.errors.kind).toEqual(['Tipo de widget desconhecido']);
    const block = await alice.get(`/api/widgets?mobilization_id=${pageId}&block_id=x`);
    expect(block.body.errors.block_id).toEqual(['Bloco inválido']);
  });
});

describe('widgets', () => {
  it('sets a kind with settings, and removing resets it to an empty draft', async () => {
    const { body } = await addBlock(alice, { name: 'W', widgets_attributes: ONE });
    const widgetId = body.widgets[0].id;
    const url = `/api/mobilizations/${pageId}/widgets/${widgetId}`;
    const set = await alice.put(url, { widget: { kind: 'content', settings: { content: '[]' } } });
    expect(set.body).toMatchObject({ id: widgetId, kind: 'content', settings: { content: '[]' } });
    const keep = await alice.put(url, {
      widget: { settings: { content: '[{"type":"paragraph","children":[{"text":"x"}]}]' } },
    });
    expect(keep.body.kind).toBe('content');
    const removed = await alice.put(url, { widget: { kind: 'draft' } });
    expect(removed.body).toMatchObject({ kind: 'draft', settings: {} });
    const bad = await alice.put(url, { widget: { kind: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.kind).toEqual(['Tipo de widget desconhecido']);
  });

  it('gives a kind picked without settings its defaults, in the page’s language, ready to save as they are', async () => {
    const { body } = await addBlock(alice, { name: 'Novos', widgets_attributes: SIX_SIX });
    const [formSlot, donationSlot] = body.widgets as { id: number }[];
    const url = (id = 0) => `/api/mobilizations/${pageId}/widgets/${id}`;
    const form = await alice.put(url(formSlot?.id), { widget: { kind: 'form' } });
    expect(form.status).toBe(200);
    expect(form.body.settings).toMatchObject({
      call_to_action: 'Assine e faça parte desta mobilização',
      button_text: 'Assinar',
      finish_message_type: 'share',
    });
    expect(JSON.parse(form.body.settings.fields).map((f: { label: string }) => f.label)).toEqual([
      'Nome',
      'Sobrenome',
      'E-mail',
    ]);
    // Saved back untouched, as a tab would: nothing to fix first.
    expect((await alice.put(url(formSlot?.id), { widget: { settings: form.body.settings } })).status).toBe(200);
    await alice.put(`/api/mobilizations/${pageId}`, { mobilization: { language: 'es' } });
    try {
      const donation = await alice.put(url(donationSlot?.id), { widget: { kind: 'donation' } });
      expect(donation.body.settings).toMatchObject({
        call_to_action: 'Apoya esta movilización',
        button_text: 'Donar ahora',
        payment_type: 'unique',
        donation_value5: '500',
      });
      expect(donation.body.goal).toBeNull();
      // Settings sent with the kind are the caller's, as before.
      const content = await alice.put(url(donationSlot?.id), {
        widget: { kind: 'content', settings: { content: '[]' } },
      });
      expect(content.body.settings).toEqual({ content: '[]' });
    } finally {
      await alice.put(`/api/mobilizations/${pageId}`, { mobilization: { language: 'pt-BR' } });
    }
  });
});

describe('another community gets nothing', () => {
  it('answers every route like a missing page, block or widget', async () => {
    const { body } = await addBlock(alice, { name: 'Privado', widgets_attributes: ONE });
    const widgetId = body.widgets[0].id;
    const attempts = [
      bob.get(`/api/mobilizations/${pageId}/blocks`),
      bob.get(`/api/blocks?mobilization_id=${pageId}`),
      addBlock(bob, { widgets_attributes: ONE }),
      bob.put(`/api/blocks/${body.id}`, { block: { name: 'Meu' } }),
      bob.put('/api/blocks', { mobilization_id: pageId, blocks: [{ id: body.id, position: 1 }] }),
      bob.request('DELETE', `/api/blocks/${body.id}`),
      bob.get(`/api/mobilizations/${pageId}/widgets`),
      bob.get(`/api/widgets?mobilization_id=${pageId}`),
      bob.put(`/api/mobilizations/${pageId}/widgets/${widgetId}`, { widget: { kind: 'content' } }),
    ];
    const missing = await bob.get('/api/mobilizations/999999/blocks');
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const still = (await alice.get(`/api/mobilizations/${pageId}/blocks`)).body.find(
      (b: { id: number }) => b.id === body.id,
    );
    expect(still).toMatchObject({ name: 'Privado' });
  });

  it('needs a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get(`/api/mobilizations/${pageId}/blocks`)).status).toBe(401);
  });
});
