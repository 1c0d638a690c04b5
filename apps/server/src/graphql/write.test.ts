import { eq, is } from 'drizzle-orm';
import { type AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { execute, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { workableCommunityFilter } from '../communities/access';
import * as schema from '../db/schema';
import { activists, communities, donations, formEntries } from '../db/schema';
import type { UserRow } from '../http/session';
import { createCommunity, createDonation, createMobilization, createUser } from '../seed/factories';
import type { GraphQLContext } from './context';
import type { GraphQLModule, RowFilter } from './policy';
import { presentError } from './route';
import { buildGraphQLApi } from './surface';

/*
 * The generated writes themselves, on a real engine, through a module that grants plain column writes (no domain
 * `apply`): inserts with nested rows and `on_conflict`, `_set` and `_inc`, deletes, and the permission's bounds.
 */

const ofCommunity =
  (column: AnyPgColumn): RowFilter =>
  (actor) =>
    workableCommunityFilter(actor, column);

const grants: GraphQLModule = {
  tables: {
    activists: {
      select: ofCommunity(activists.communityId),
      insert: { columns: ['id', 'community_id', 'name', 'email', 'tags'], check: ofCommunity(activists.communityId) },
      update: { filter: ofCommunity(activists.communityId), columns: ['name', 'email'] },
      delete: { filter: ofCommunity(activists.communityId) },
    },
    form_entries: {
      select: () => undefined,
      insert: { columns: ['widget_id', 'mobilization_id', 'fields'], check: () => undefined },
    },
    donations: {
      select: ofCommunity(donations.communityId),
      update: { filter: ofCommunity(donations.communityId), columns: ['amount'] },
    },
    mobilizations: { select: () => undefined },
    communities: { select: (actor) => workableCommunityFilter(actor, communities.id) },
  },
};

const api = buildGraphQLApi(
  (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)),
  [grants],
);

let server: TestServer;
let alice: UserRow;
let alphaId: number;
let betaId: number;
let widgetId: number;
let pageId: number;
let donationId: number;

/** Runs a document as the route does: a mutation in one transaction, rolled back when any field fails. */
async function run(user: UserRow, query: string, variables: Record<string, unknown> = {}) {
  const { db } = server.ctx;
  const invalid = validate(api.schema, parse(query));
  if (invalid.length) return { data: undefined, errors: invalid.map((e) => e.message) };
  let result: Awaited<ReturnType<typeof execute>> | undefined;
  await db
    .transaction(async (tx) => {
      const contextValue: GraphQLContext = {
        app: { ...server.ctx, db: tx },
        user,
        locale: 'en',
        loaders: new Map(),
        surface: api.surface,
        afterCommit: () => undefined,
      };
      result = await execute({
        schema: api.schema,
        document: parse(query),
        rootValue: api.rootValue,
        contextValue,
        variableValues: variables,
      });
      if (result.errors?.length) throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  const errors = result?.errors?.map((e) => presentError(e, 'en', console).message);
  // Tests read answers loosely: their shape is what the assertions check.
  // biome-ignore lint/suspicious/noExplicitAny: as in the harness's graphql client
  return { data: result?.data as Record<string, any> | null | undefined, errors };
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  alice = (await createUser(db, { email: 'writer-alice@example.org' })) as UserRow;
  const bob = await createUser(db, { email: 'writer-bob@example.org' });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: alice.id })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: bob.id })).id;
  const page = await createMobilization(db, {
    communityId: alphaId,
    name: 'Escrita',
    blocks: [{ name: 'Form', widgets: [{ kind: 'form', settings: {} }] }],
  });
  pageId = page.id;
  widgetId = page.widgets[0]?.id as number;
  donationId = (await createDonation(db, { communityId: alphaId, amount: 1000 })).id;
  await db.insert(activists).values({ communityId: betaId, email: 'beta@example.org', name: 'Beta' });
});
afterAll(() => server.close());

describe('generated writes', () => {
  it('insert rows with nested array rows, and return them with their relationships', async () => {
    const res = await run(
      alice,
      `mutation Add($objects: [activists_insert_input!]!) {
        insert_activists(objects: $objects) {
          affected_rows
          returning { name email tags community { name } form_entries { widget_id fields } }
        }
      }`,
      {
        objects: [
          {
            community_id: alphaId,
            name: 'Ana',
            email: 'ana@example.org',
            tags: ['a', 'b'],
            form_entries: { data: [{ widget_id: widgetId, mobilization_id: pageId, fields: [{ uid: 'x' }] }] },
          },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.insert_activists).toEqual({
      affected_rows: 1,
      returning: [
        {
          name: 'Ana',
          email: 'ana@example.org',
          tags: ['a', 'b'],
          community: { name: 'Alpha' },
          form_entries: [{ widget_id: widgetId, fields: [{ uid: 'x' }] }],
        },
      ],
    });
    const tagged = await run(alice, '{ activists(where: {tags: {_contains: ["b"]}}) { email } }');
    expect(tagged.data?.activists).toEqual([{ email: 'ana@example.org' }]);
  });

  it('refuses a row outside the insert check, a column not granted, and a duplicate, keeping nothing', async () => {
    const foreign = await run(
      alice,
      `mutation { a: insert_activists_one(object: {community_id: ${alphaId}, email: "kept@example.org"}) { id }
        b: insert_activists_one(object: {community_id: ${betaId}, email: "x@example.org"}) { id } }`,
    );
    expect(foreign.errors).toEqual(['You cannot make this change.']);
    const column = await run(
      alice,
      `mutation { insert_activists_one(object: {community_id: ${alphaId}, email: "y@example.org", city: "Recife"}) { id } }`,
    );
    expect(column.errors).toEqual(['You cannot set city here.']);
    const [kept] = await server.ctx.db.select().from(activists).where(eq(activists.email, 'kept@example.org'));
    expect(kept).toBeUndefined();
    const dup = await run(
      alice,
      `mutation { insert_activists_one(object: {community_id: ${alphaId}, email: "ANA@example.org"}) { id } }`,
    );
    expect(dup.errors).toEqual(['A record with this value already exists.']);
  });

  it('upsert with on_conflict only rows the caller may update', async () => {
    const [ana] = await server.ctx.db.select().from(activists).where(eq(activists.email, 'ana@example.org'));
    const [beta] = await server.ctx.db.select().from(activists).where(eq(activists.communityId, betaId));
    const upsert = (id: number, community: number) =>
      run(
        alice,
        `mutation { insert_activists_one(object: {id: ${id}, community_id: ${community}, email: "u@example.org", name: "Upserted"},
          on_conflict: {constraint: activists_pkey, update_columns: [name]}) { id name email } }`,
      );
    expect((await upsert(ana?.id as number, alphaId)).data?.insert_activists_one).toEqual({
      id: ana?.id,
      name: 'Upserted',
      email: 'ana@example.org',
    });
    expect((await upsert(beta?.id as number, alphaId)).errors).toEqual(['You cannot make this change.']);
    const [still] = await server.ctx.db
      .select()
      .from(activists)
      .where(eq(activists.id, beta?.id as number));
    expect(still?.name).toBe('Beta');
  });

  it('update with _set and _inc within the permission, and delete', async () => {
    const set = await run(
      alice,
      `mutation { update_activists(where: {email: {_ilike: "%@example.org"}}, _set: {name: "Renamed"}) { affected_rows returning { email } } }`,
    );
    // Beta's activist matches the filter but not the permission.
    expect(set.data?.update_activists).toEqual({ affected_rows: 1, returning: [{ email: 'ana@example.org' }] });
    const inc = await run(
      alice,
      `mutation { update_donations_by_pk(pk_columns: {id: ${donationId}}, _inc: {amount: 250}) { amount } }`,
    );
    expect(inc.data?.update_donations_by_pk).toEqual({ amount: 1250 });
    const denied = await run(
      alice,
      `mutation { update_donations(where: {}, _set: {status: "paid"}) { affected_rows } }`,
    );
    expect(denied.errors).toEqual(['You cannot set status here.']);
    const gone = await run(alice, 'mutation { delete_activists(where: {}) { affected_rows returning { email } } }');
    expect(gone.data?.delete_activists).toEqual({ affected_rows: 1, returning: [{ email: 'ana@example.org' }] });
    const beta = await server.ctx.db.select().from(activists).where(eq(activists.communityId, betaId));
    expect(beta).toHaveLength(1);
    const rows = await server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, widgetId));
    expect(rows).toEqual([]);
  });
});
