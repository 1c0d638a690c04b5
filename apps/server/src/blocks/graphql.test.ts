import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { widgets } from '../db/schema';
import { createCommunity, createFormEntries, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer of Alpha
let bob: Client; // admin of Beta only
let pageId: number;
let betaPageId: number;
let alphaId: number;

const BLOCK =
  'id name position hidden menu_hidden bg_class mobilization_id widgets { id kind sm_size md_size lg_size }';
const LIST = `query Blocks($page: Int!) {
  blocks(where: {mobilization_id: {_eq: $page}}, order_by: [{position: asc}]) { ${BLOCK} }
}`;
const MANY = `mutation Reorder($updates: [blocks_updates!]!) {
  update_blocks_many(updates: $updates) { affected_rows returning { id position } }
}`;

const FIELDS = JSON.stringify([{ uid: 'email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' }]);
const LIST_COUNTS = `query Blocks($page: Int!) {
  blocks(where: {mobilization_id: {_eq: $page}}) { widgets { form_entries_count } }
}`;

type Row = { id: number; name: string; position: number; hidden: boolean; menu_hidden: boolean };

const list = async (client: Client = alice, page = pageId): Promise<Row[]> =>
  (await client.graphql(LIST, { page })).body.data.blocks;
const insert = (client: Client, object: Record<string, unknown>) =>
  client.graphql(`mutation Add($object: blocks_insert_input!) { insert_blocks_one(object: $object) { ${BLOCK} } }`, {
    object,
  });
const swap = (client: Client, a: Row, b: Row) =>
  client.graphql(MANY, {
    updates: [
      { where: { id: { _eq: a.id } }, _set: { position: b.position } },
      { where: { id: { _eq: b.id } }, _set: { position: a.position } },
    ],
  });

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'gql-blocks-alice@example.org' });
  const m = await createUser(db, { email: 'gql-blocks-mob@example.org' });
  const b = await createUser(db, { email: 'gql-blocks-bob@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] });
  const beta = await createCommunity(db, { name: 'Beta', ownerId: b.id });
  alphaId = alpha.id;
  alice = await signIn(server, 'gql-blocks-alice@example.org');
  mob = await signIn(server, 'gql-blocks-mob@example.org');
  bob = await signIn(server, 'gql-blocks-bob@example.org');
  pageId = (await createMobilization(db, { communityId: alpha.id, name: 'Blocos por GraphQL' })).id;
  betaPageId = (
    await createMobilization(db, {
      communityId: beta.id,
      name: 'Página de Beta',
      blocks: [{ name: 'Beta 1', widgets: [{ kind: 'content', settings: { content: '[]' } }] }],
    })
  ).id;
});
afterAll(() => server.close());

beforeEach(async () => {
  await alice.graphql(
    'mutation Clear($page: Int!) { delete_blocks(where: {mobilization_id: {_eq: $page}}) { affected_rows } }',
    {
      page: pageId,
    },
  );
  for (const name of ['A', 'B', 'C', 'D'])
    await insert(alice, {
      mobilization_id: pageId,
      name,
      widgets: {
        data: [
          { sm_size: 12, md_size: 6, lg_size: 6 },
          { sm_size: 12, md_size: 6, lg_size: 6, kind: 'content', settings: { content: '[]' } },
        ],
      },
    });
});

describe('blocks over GraphQL (Hasura names)', () => {
  it('lists a page’s blocks with their widgets, filtered and ordered, and counts them', async () => {
    const blocks = await list();
    expect(blocks.map((b) => [b.name, b.position])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
    ]);
    const [first] = (await alice.graphql(LIST, { page: pageId })).body.data.blocks;
    expect(first.widgets.map((w: { kind: string; md_size: number }) => [w.kind, w.md_size])).toEqual([
      ['draft', 6],
      ['content', 6],
    ]);
    const widgets = await mob.graphql(
      `query W($page: Int!) { widgets(where: {block: {mobilization_id: {_eq: $page}}, kind: {_eq: "content"}}) { id kind block { name } } }`,
      { page: pageId },
    );
    expect(widgets.body.data.widgets.map((w: { block: { name: string } }) => w.block.name)).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    const count = await alice.graphql(
      `query N($page: Int!) { blocks_aggregate(where: {mobilization_id: {_eq: $page}, position: {_gt: 2}}) { aggregate { count } } }`,
      { page: pageId },
    );
    expect(count.body.data.blocks_aggregate.aggregate.count).toBe(2);
  });

  it('adds blocks after the last one, with one widget per column, and names a bad field', async () => {
    const added = await insert(mob, { mobilization_id: pageId, name: 'E', bg_class: '{"r":1,"g":2,"b":3,"a":1}' });
    expect(added.body.data.insert_blocks_one).toMatchObject({ name: 'E', position: 5 });
    expect(added.body.data.insert_blocks_one.widgets).toEqual([
      expect.objectContaining({ kind: 'draft', sm_size: 12, md_size: 12, lg_size: 12 }),
    ]);
    const bad = await insert(alice, { mobilization_id: pageId, bg_class: 'url(javascript:x)' });
    expect(bad.body.errors[0].message).toBe('Cor de fundo inválida');
    expect(bad.body.errors[0].extensions.fields).toEqual({ bg_class: ['Cor de fundo inválida'] });
    const none = await insert(alice, { name: 'Sem página' });
    expect(none.body.errors[0].extensions.fields).toEqual({ mobilization_id: ['Informe a mobilização'] });
    const several = await alice.graphql(
      `mutation Add($objects: [blocks_insert_input!]!) { insert_blocks(objects: $objects) { affected_rows returning { name position } } }`,
      {
        objects: [
          { mobilization_id: pageId, name: 'F' },
          { mobilization_id: pageId, name: 'G' },
        ],
      },
    );
    expect(several.body.data.insert_blocks).toEqual({
      affected_rows: 2,
      returning: [
        { name: 'F', position: 6 },
        { name: 'G', position: 7 },
      ],
    });
  });

  it('updates one block, or every block a condition matches', async () => {
    const [a] = await list();
    const one = await alice.graphql(
      `mutation U($id: Int!) { update_blocks_by_pk(pk_columns: {id: $id}, _set: {name: "Abertura", hidden: true}) { name hidden } }`,
      { id: a?.id },
    );
    expect(one.body.data.update_blocks_by_pk).toEqual({ name: 'Abertura', hidden: true });
    const many = await alice.graphql(
      `mutation U($page: Int!) { update_blocks(where: {mobilization_id: {_eq: $page}, hidden: {_eq: false}}, _set: {menu_hidden: true}) { affected_rows } }`,
      { page: pageId },
    );
    expect(many.body.data.update_blocks.affected_rows).toBe(3);
    expect((await list()).map((b) => [b.hidden, b.menu_hidden])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [false, true],
    ]);
  });

  it('reorders with update_blocks_many, all or nothing, never leaving two blocks on one position', async () => {
    const [a, b, c, d] = await list();
    if (!a || !b || !c || !d) throw new Error('no blocks');
    const res = await swap(alice, a, b);
    expect(res.body.data.update_blocks_many).toEqual([
      { affected_rows: 1, returning: [{ id: a.id, position: 2 }] },
      { affected_rows: 1, returning: [{ id: b.id, position: 1 }] },
    ]);
    // Half a swap would put two blocks on position 3: refused, and the first update is undone with it.
    const clash = await alice.graphql(MANY, {
      updates: [
        { where: { id: { _eq: c.id } }, _set: { name: 'Mudou' } },
        { where: { id: { _eq: d.id } }, _set: { position: 3 } },
      ],
    });
    expect(clash.body.errors[0].message).toBe('Posição inválida');
    expect((await list()).map((x) => [x.name, x.position])).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
      ['D', 4],
    ]);
    const zero = await alice.graphql(MANY, { updates: [{ where: { id: { _eq: c.id } }, _set: { position: 0 } }] });
    expect(zero.body.errors[0].extensions.fields).toEqual({ position: ['Posição inválida'] });
  });

  it('keeps positions distinct when stale reorders race over GraphQL and REST', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c, d] = await list();
      if (!a || !b || !c || !d) throw new Error('no blocks');
      const answers = await Promise.all([
        swap(alice, a, b),
        swap(mob, b, c),
        swap(alice, c, d),
        alice.put('/api/blocks', {
          mobilization_id: pageId,
          blocks: [
            { id: b.id, position: c.position },
            { id: c.id, position: b.position },
          ],
        }),
        insert(mob, { mobilization_id: pageId, name: `novo ${round}` }),
      ]);
      expect(answers.some((r) => r.body?.data?.update_blocks_many)).toBe(true);
      const after = (await list()).map((x) => x.position);
      expect(after).toEqual(after.map((_, i) => i + 1));
    }
  });

  it('deletes blocks and closes the gaps', async () => {
    const [a, b] = await list();
    const gone = await alice.graphql(`mutation D($id: Int!) { delete_blocks_by_pk(id: $id) { name } }`, { id: b?.id });
    expect(gone.body.data.delete_blocks_by_pk).toEqual({ name: 'B' });
    await alice.graphql(
      `mutation U($id: Int!) { update_blocks_by_pk(pk_columns: {id: $id}, _set: {hidden: true}) { id } }`,
      {
        id: a?.id,
      },
    );
    const hidden = await alice.graphql(
      `mutation D($page: Int!) { delete_blocks(where: {mobilization_id: {_eq: $page}, hidden: {_eq: true}}) { affected_rows returning { name } } }`,
      { page: pageId },
    );
    expect(hidden.body.data.delete_blocks).toEqual({ affected_rows: 1, returning: [{ name: 'A' }] });
    expect((await list()).map((x) => [x.name, x.position])).toEqual([
      ['C', 1],
      ['D', 2],
    ]);
  });
});

describe('another community gets nothing', () => {
  it('sees no block or widget of Alpha, changes none, and learns nothing about them', async () => {
    const [a] = await list();
    expect(await list(bob)).toEqual([]);
    expect(await list(alice, betaPageId)).toEqual([]);
    const byPk = await bob.graphql(`query B($id: Int!) { blocks_by_pk(id: $id) { id } }`, { id: a?.id });
    expect(byPk.body.data.blocks_by_pk).toBeNull();
    const widgets = await bob.graphql(`query { widgets { block { mobilization_id } } }`);
    expect(
      widgets.body.data.widgets.every(
        (w: { block: { mobilization_id: number } }) => w.block.mobilization_id === betaPageId,
      ),
    ).toBe(true);
    const attempts = await Promise.all([
      insert(bob, { mobilization_id: pageId, name: 'Intruso' }),
      bob.graphql(`mutation U($id: Int!) { update_blocks_by_pk(pk_columns: {id: $id}, _set: {name: "X"}) { id } }`, {
        id: a?.id,
      }),
      bob.graphql(`mutation D($id: Int!) { delete_blocks_by_pk(id: $id) { id } }`, { id: a?.id }),
    ]);
    expect(attempts.map((r) => Object.values(r.body.data)[0])).toEqual([null, null, null]);
    expect(attempts.every((r) => !r.body.errors)).toBe(true);
    const many = await bob.graphql(MANY, { updates: [{ where: { id: { _eq: a?.id } }, _set: { hidden: true } }] });
    expect(many.body.data.update_blocks_many).toEqual([{ affected_rows: 0, returning: [] }]);
    const all = await bob.graphql(`mutation { delete_blocks(where: {}) { affected_rows } }`);
    expect(all.body.data.delete_blocks.affected_rows).toBe(1); // Beta's own block only
    expect((await list()).map((x) => x.name)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('form widgets', () => {
  it('carry their entry count, as REST gives it', async () => {
    const { db } = server.ctx;
    const page = await createMobilization(db, {
      communityId: alphaId,
      name: 'Abaixo-assinado por GraphQL',
      blocks: [{ name: 'Assine', widgets: [{ kind: 'form', settings: { fields: FIELDS } }, { kind: 'content' }] }],
    });
    const [form] = await db.select().from(widgets).where(eq(widgets.kind, 'form')).limit(1);
    expect(form).toBeDefined();
    const formWidget = { id: form?.id ?? 0, settings: form?.settings as Record<string, unknown> };
    await createFormEntries(db, {
      communityId: page.communityId,
      mobilizationId: page.id,
      widget: formWidget,
      count: 7,
    });
    const gql = await alice.graphql(
      `query W($page: Int!) { widgets(where: {block: {mobilization_id: {_eq: $page}}}) { kind form_entries_count } }`,
      { page: page.id },
    );
    const rest = await alice.get(`/api/mobilizations/${page.id}/widgets`);
    const counts = (rows: { kind: string; form_entries_count: number }[]) =>
      rows.map((w) => [w.kind, w.form_entries_count]).sort();
    expect(counts(gql.body.data.widgets)).toEqual([
      ['content', 0],
      ['form', 7],
    ]);
    expect(counts(rest.body)).toEqual(counts(gql.body.data.widgets));
    const nested = await alice.graphql(LIST_COUNTS, { page: page.id });
    expect(nested.body.data.blocks[0].widgets.map((w: { form_entries_count: number }) => w.form_entries_count)).toEqual(
      [7, 0],
    );
  });
});
