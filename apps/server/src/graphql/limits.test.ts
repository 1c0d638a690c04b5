import { count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, PRODUCTION_ENV, signIn, startTestServer, type TestServer } from '../../test/harness';
import { blocks } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let alice: Client;
let pageId: number;
let widgetId: number;

/** `{ widgets(where: {id: {_eq: N}}) { block { widgets { block { … } } } } }`, `levels` relations deep. */
function nested(id: number, levels: number) {
  let inner = 'id';
  for (let i = levels - 1; i >= 0; i--) inner = i % 2 ? `widgets { ${inner} }` : `block { ${inner} }`;
  return `{ widgets(where: {id: {_eq: ${id}}}) { ${inner} } }`;
}

/** The SQL statements the server sends while `fn` runs, on either engine. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  // The app's own pool on PostgreSQL: pg-boss polls through a pool of its own, which says nothing of this request.
  const pglite = server.ctx.database.pglite;
  const spy = pglite
    ? vi.spyOn(pglite, 'query')
    : vi.spyOn((server.ctx.db as unknown as { $client: pg.Pool }).$client, 'query');
  try {
    await fn();
    // On PGlite the job queue and the mail relay share the engine: their statements say nothing of this request.
    return spy.mock.calls.filter(([text]) => !/pgboss|"outbox"/i.test(String(text))).length;
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'gql-limits-alice@example.org' });
  const alpha = await createCommunity(db, { name: 'Alpha', ownerId: a.id });
  alice = await signIn(server, 'gql-limits-alice@example.org');
  const page = await createMobilization(db, {
    communityId: alpha.id,
    name: 'Limites',
    blocks: Array.from({ length: 12 }, (_, i) => ({
      name: `B${i}`,
      widgets: [
        { kind: 'content', settings: { content: '[]' } },
        { kind: 'content', settings: { content: '[]' } },
      ],
    })),
  });
  pageId = page.id;
  const list = await alice.graphql(`{ widgets(where: {block: {mobilization_id: {_eq: ${pageId}}}}) { id } }`);
  widgetId = list.body.data.widgets[0].id;
});
afterAll(() => server.close());

describe('GraphQL documents are bounded before they run', () => {
  it('refuses the 12-level nested relation query at once, and the server keeps answering', async () => {
    const res = await alice.graphql(nested(widgetId, 12));
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toBe('A consulta passa de 8 níveis de profundidade.');
    expect(res.body.errors[0].extensions.code).toBe('validation-failed');
    expect((await alice.get('/api/health')).status).toBe(200);
  });

  it('speaks the caller’s language', async () => {
    const res = await alice.graphql(nested(widgetId, 12), undefined, { 'accept-language': 'en' });
    expect(res.body.errors[0].message).toBe('The query is more than 8 levels deep.');
  });

  it('refuses a document whose lists could multiply past the cost limit, even within the depth limit', async () => {
    const res = await alice.graphql(
      `{ widgets(limit: 500) { block { widgets { block { widgets { block { widgets { id } } } } } } } }`,
    );
    expect(res.body.errors[0].message).toMatch(/^A consulta pode ler até \d+ linhas; o máximo é 20000\./);
  });

  it('counts limits passed in variables', async () => {
    const doc = 'query W($n: Int) { widgets(limit: $n) { block { widgets { block { widgets { id } } } } } }';
    expect((await alice.graphql(doc, { n: 2 })).body.data.widgets).toHaveLength(2);
    expect((await alice.graphql(doc, { n: 500 })).body.errors[0].extensions.code).toBe('validation-failed');
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: get_current_user { id }`).join(' ');
    const res = await alice.graphql(`{ ${fields} }`);
    expect(res.body.errors[0].message).toBe('A consulta usa mais de 30 apelidos (aliases).');
  });

  it('loads a relation once per level, however many rows ask for it', async () => {
    const doc = (limit: number) =>
      `{ widgets(where: {block: {mobilization_id: {_eq: ${pageId}}}}, limit: ${limit}) { id block { id widgets { id block { name } } } } }`;
    const few = await statementsDuring(() => alice.graphql(doc(2)));
    const many = await statementsDuring(async () => {
      const res = await alice.graphql(doc(24));
      expect(res.body.data.widgets).toHaveLength(24);
      expect(res.body.data.widgets[23].block.widgets[1].block.name).toBe('B11');
    });
    // One query per row would add 44 statements; the slack is for a session's last-seen write, which either request
    // may make.
    expect(many).toBeLessThanOrEqual(few + 2);
  });

  it('caps every list at 500 rows and answers a negative limit or offset with a clear error', async () => {
    const res = await alice.graphql('{ mobilizations(offset: -1) { id } }');
    expect(res.body.errors[0].message).toBe('limit e offset não podem ser negativos.');
    expect((await alice.graphql('{ communities(limit: -5) { id } }')).body.errors[0].extensions.code).toBe(
      'validation-failed',
    );
  });
});

describe('hostile values inside GraphQL are the caller’s error, never an unexpected one', () => {
  it.each([
    ['a NUL byte in a string', '{ mobilizations(where: {name: {_eq: "a\\u0000b"}}) { id } }'],
    ['a malformed timestamp', '{ mobilizations(where: {updated_at: {_gt: "not a date"}}) { id } }'],
    ['an id past 2^31-1 in a variable', 'query M($id: Int!) { mobilizations_by_pk(id: $id) { id } }'],
  ])('%s', async (_name, doc) => {
    const res = await alice.graphql(doc, { id: 2_147_483_648 });
    expect(res.status).toBe(200);
    expect(res.body.errors?.[0]?.message).toBeTruthy();
    expect(res.body.errors[0].message).not.toBe('unexpected');
  });
});

describe('a mutation document runs in one transaction', () => {
  it('keeps nothing when one of its fields fails', async () => {
    const before = await server.ctx.db.select({ n: count() }).from(blocks).where(eq(blocks.mobilizationId, pageId));
    const res = await alice.graphql(
      `mutation { a: insert_blocks_one(object: {mobilization_id: ${pageId}, name: "kept?"}) { id }
                  b: insert_mobilizations_one(object: {name: ""}) { id } }`,
    );
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(res.body.data).toBeUndefined();
    const after = await server.ctx.db.select({ n: count() }).from(blocks).where(eq(blocks.mobilizationId, pageId));
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('keeps every field when all succeed', async () => {
    const res = await alice.graphql(
      `mutation { a: insert_blocks_one(object: {mobilization_id: ${pageId}, name: "X1"}) { id }
                  b: insert_blocks_one(object: {mobilization_id: ${pageId}, name: "X2"}) { id } }`,
    );
    expect(res.body.errors).toBeUndefined();
    const ids = [res.body.data.a.id, res.body.data.b.id];
    const rows = await alice.graphql(`{ blocks(where: {id: {_in: [${ids}]}}) { name } }`);
    expect(rows.body.data.blocks.map((b: { name: string }) => b.name).sort()).toEqual(['X1', 'X2']);
  });
});

describe('introspection', () => {
  const INTROSPECT = '{ __schema { queryType { name } } }';

  it('is open in development', async () => {
    expect((await alice.graphql(INTROSPECT)).body.data.__schema.queryType.name).toBe('query_root');
  });

  it('in production, answers platform admins only', async () => {
    const prod = await startTestServer({
      env: PRODUCTION_ENV,
    });
    try {
      await createUser(prod.ctx.db, { email: 'gql-limits-user@example.org' });
      await createUser(prod.ctx.db, { email: 'gql-limits-root@example.org', isAdmin: true });
      const user = await signIn(prod, 'gql-limits-user@example.org');
      const refused = await user.graphql(INTROSPECT);
      expect(refused.body.data).toBeUndefined();
      expect(refused.body.errors[0].message).toBe('A introspecção do esquema não está disponível aqui.');
      expect((await user.graphql('{ get_current_user { __typename id } }')).body.data.get_current_user).toHaveLength(1);
      const root = await signIn(prod, 'gql-limits-root@example.org');
      expect((await root.graphql(INTROSPECT)).body.data.__schema.queryType.name).toBe('query_root');
      // The same text, validated and kept for each kind of caller, still answers each by its own rules.
      expect((await user.graphql(INTROSPECT)).body.errors[0].message).toBe(
        'A introspecção do esquema não está disponível aqui.',
      );
    } finally {
      await prod.close();
    }
  });
});
