// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are read loosely; the assertions check their shape.

import { eq } from 'drizzle-orm';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistPressures, communityUsers, formEntries, type Widget } from '../db/schema';
import { isKeptListDocument } from '../graphql/listCache';
import { AccessCache } from '../http/accessCache';
import { createActivist, createCommunity, createDonation, createMobilization, createUser } from '../seed/factories';

/*
 * The mobilization list's answers (REST and the list screen's GraphQL document) are kept in memory per process and
 * dropped on every announced change (issue 18). On the embedded engine the cache is on, so each check below that
 * an edit shows on the very next request would fail if an announcement were missing; a change no trigger announces
 * shows the cache is really in use. On PostgreSQL the cache is off by default and the same checks hold trivially.
 */

/** The exact document the list screen sends (apps/web/src/mobilizations/mobilizationsApi.ts). */
const LIST = `query Mobilizations($communityId: Int!, $status: String!, $limit: Int!, $offset: Int!) {
    mobilizations(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}, order_by: {updated_at: desc}, limit: $limit, offset: $offset)
    { id name goal slug custom_domain image: facebook_share_image created_at status users_count total_fund_raising }
    mobilizations_aggregate(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}) { aggregate { count } }
  }`;

let server: TestServer;
let client: Client;
let ownerId: number;
let communityId: number;
let mobilizationId: number;
let widgets: Widget[];
let kept: boolean;

/** A change no trigger announces (replication role): what the cache keeps shows through it. */
const silently = (statement: string) =>
  server.ctx.database.raw.executeSql(`begin; set local session_replication_role = replica; ${statement}; commit;`);

/** The raw answer: bytes and content type, as the browser gets them. */
async function raw(path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method: body ? 'POST' : 'GET',
    headers: { cookie: `session=${client.cookie('session')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text: await res.text(),
    total: res.headers.get('x-total-count'),
  };
}

const rest = () => raw(`/api/mobilizations?community_id=${communityId}&status=active`);
const graphql = (limit = 20) =>
  raw('/v1/graphql', { query: LIST, variables: { communityId, status: 'active', limit, offset: 0 } });
/** The row of the page under test, wherever it sits in the list. */
const first = (answer: { text: string }, path: 'rest' | 'graphql'): any =>
  (path === 'rest' ? JSON.parse(answer.text) : JSON.parse(answer.text).data.mobilizations).find(
    (m: any) => m.id === mobilizationId,
  );

beforeAll(async () => {
  server = await startTestServer();
  kept = server.ctx.database.kind === 'pglite';
  const { db } = server.ctx;
  ownerId = (await createUser(db, { email: 'cache-lista@example.org' })).id;
  communityId = (await createCommunity(db, { name: 'Cache', ownerId })).id;
  const m = await createMobilization(db, {
    communityId,
    name: 'Guardada',
    slug: 'guardada-cache',
    blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }] }],
  });
  mobilizationId = m.id;
  widgets = m.widgets as Widget[];
  client = await signIn(server, 'cache-lista@example.org');
});
afterAll(() => server.close());

describe('the mobilization list kept in memory', () => {
  for (const path of ['rest', 'graphql'] as const) {
    const ask = path === 'rest' ? rest : () => graphql();

    it(`${path}: answers the same bytes from memory as computed, and keeps them until a change is announced`, async () => {
      const computed = await ask();
      expect(computed.status).toBe(200);
      expect(first(computed, path).name).toBe('Guardada');
      const again = await ask();
      expect(again).toEqual(computed);
      await silently(`update mobilizations set name = 'Silenciosa' where id = ${mobilizationId}`);
      expect(first(await ask(), path).name).toBe(kept ? 'Guardada' : 'Silenciosa');
      // An announcement that changes nothing visible: the next answer is computed again, byte for byte the same.
      const held = await ask();
      await server.ctx.database.raw.executeSql(`select pg_notify('mutirao_lists', 'test')`);
      const recomputed = await ask();
      expect(first(recomputed, path).name).toBe('Silenciosa');
      if (kept) expect(recomputed.text).not.toBe(held.text);
      await silently(`update mobilizations set name = 'Guardada' where id = ${mobilizationId}`);
      await server.ctx.database.raw.executeSql(`select pg_notify('mutirao_lists', 'test')`);
      expect(await ask()).toEqual(computed);
    });

    it(`${path}: shows an edit of the page on the very next request`, async () => {
      await ask();
      const res = await client.put(`/api/mobilizations/${mobilizationId}`, { mobilization: { goal: `Meta ${path}` } });
      expect(res.status).toBe(200);
      expect(first(await ask(), path).goal).toBe(`Meta ${path}`);
    });

    it(`${path}: shows a new form entry, pressure and paid donation in the counts on the very next request`, async () => {
      const { db } = server.ctx;
      const [form, pressure, donation] = widgets as [Widget, Widget, Widget];
      const before = first(await ask(), path);
      const a = await createActivist(db, { communityId, email: `forma-${path}@example.org` });
      await db.insert(formEntries).values({ widgetId: form.id, mobilizationId, activistId: a.id, fields: [] });
      const afterEntry = first(await ask(), path);
      expect(afterEntry.users_count).toBe(before.users_count + 1);
      const b = await createActivist(db, { communityId, email: `pressao-${path}@example.org` });
      await db
        .insert(activistPressures)
        .values({ widgetId: pressure.id, mobilizationId, activistId: b.id, mail: { subject: 's', body: 'b' } });
      expect(first(await ask(), path).users_count).toBe(before.users_count + 2);
      const gift = await createDonation(db, {
        communityId,
        widgetId: donation.id,
        mobilizationId,
        amount: 5_000,
        status: 'processing',
      });
      const processing = first(await ask(), path).total_fund_raising;
      await server.ctx.database.raw.executeSql(`update donations set status = 'paid' where id = $1`, [gift.id]);
      expect(first(await ask(), path).total_fund_raising).toBe(processing + 5_000);
    });

    it(`${path}: a new page shows on the very next request`, async () => {
      await ask();
      await createMobilization(server.ctx.db, { communityId, name: `Nova ${path}`, slug: `nova-cache-${path}` });
      const answer = await ask();
      const names =
        path === 'rest'
          ? JSON.parse(answer.text).map((m: any) => m.name)
          : JSON.parse(answer.text).data.mobilizations.map((m: any) => m.name);
      expect(names).toContain(`Nova ${path}`);
    });
  }

  it('REST: a caller who loses the membership gets the 404 at once, though the answer was kept', async () => {
    const { db } = server.ctx;
    const visitor = await createUser(db, { email: 'de-passagem@example.org' });
    await db.insert(communityUsers).values({ communityId, userId: visitor.id, role: 2 });
    const passing = await signIn(server, 'de-passagem@example.org');
    const path = `/api/mobilizations?community_id=${communityId}&status=active`;
    expect((await passing.get(path)).status).toBe(200);
    await db.delete(communityUsers).where(eq(communityUsers.userId, visitor.id));
    const refused = await passing.get(path);
    expect(refused.status).toBe(404);
    const graph = await passing.graphql(LIST, { communityId, status: 'active', limit: 20, offset: 0 });
    expect(graph.body.data.mobilizations).toEqual([]);
    expect(graph.body.data.mobilizations_aggregate.aggregate.count).toBe(0);
  });

  it("another community's caller never gets a kept answer", async () => {
    const { db } = server.ctx;
    const stranger = await createUser(db, { email: 'estranha-cache@example.org' });
    await createCommunity(db, { name: 'Estranha', ownerId: stranger.id });
    const other = await signIn(server, 'estranha-cache@example.org');
    await rest();
    await graphql();
    const res = await other.get(`/api/mobilizations?community_id=${communityId}&status=active`);
    expect(res.status).toBe(404);
    const graph = await other.graphql(LIST, { communityId, status: 'active', limit: 20, offset: 0 });
    expect(graph.body.data.mobilizations).toEqual([]);
  });
});

describe('which GraphQL documents the list cache may keep', () => {
  const keepable = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const operation = document.definitions[0];
    return isKeptListDocument(document, operation?.kind === 'OperationDefinition' ? operation : undefined, variables);
  };

  it("keeps the list screen's document", () => {
    expect(keepable(LIST, { communityId: 1, status: 'active', limit: 20, offset: 0 })).toBe(true);
  });

  it('keeps nothing that reads through a relation, another table, a fragment or a write', () => {
    expect(keepable('{ mobilizations { id community { name } } }')).toBe(false);
    expect(keepable('{ mobilizations { id subthemes { label } } }')).toBe(false);
    expect(keepable('{ mobilizations { id } communities { id } }')).toBe(false);
    expect(keepable('{ mobilizations(where: {community: {name: {_eq: "x"}}}) { id } }')).toBe(false);
    expect(
      keepable('query Q($w: mobilizations_bool_exp) { mobilizations(where: $w) { id } }', { w: { blocks: {} } }),
    ).toBe(false);
    expect(keepable('{ mobilizations(where: {_or: [{id: {_eq: 1}}, {community: {id: {_eq: 1}}}]}) { id } }')).toBe(
      false,
    );
    expect(keepable('{ mobilizations(order_by: {community: {name: asc}}) { id } }')).toBe(false);
    expect(keepable('{ mobilizations { ...F } } fragment F on mobilizations { id }')).toBe(false);
    expect(keepable('{ mobilizations { ... on mobilizations { id } } }')).toBe(false);
    expect(keepable('{ mobilizations_aggregate { nodes { id } } }')).toBe(false);
    expect(keepable('mutation { update_mobilizations(where: {}, _set: {name: "x"}) { affected_rows } }')).toBe(false);
  });

  it('keeps reads of own columns joined by _and, _or and _not, from literals or variables', () => {
    expect(
      keepable(
        'query Q($w: mobilizations_bool_exp) { mobilizations(where: $w, order_by: [{name: asc}]) { id name } }',
        {
          w: { _and: [{ status: { _eq: 'active' } }, { _not: { name: { _ilike: '%x%' } } }] },
        },
      ),
    ).toBe(true);
  });
});

describe('AccessCache loads', () => {
  it('loads once for callers that miss together, and not across an announced change', async () => {
    const cache = new AccessCache(['test_channel']);
    let notify: (payload: string) => void = () => {};
    await cache.listen({
      listen: async (_channel, handlers) => {
        notify = handlers.onNotify;
        handlers.onUp?.();
        return async () => {};
      },
    });
    let loads = 0;
    let release: (v: number) => void = () => {};
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    expect(loads).toBe(1);
    release(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
    // A change while a load is under way: a caller after it does not wait for the old load, and nothing is kept.
    notify('x');
    const c = cache.get('k', load);
    const releaseC = release;
    notify('y');
    const d = cache.get('k', load);
    expect(loads).toBe(3);
    releaseC(2);
    release(3);
    expect(await Promise.all([c, d])).toEqual([2, 3]);
    await cache.close();
  });
});
