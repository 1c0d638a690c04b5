import { eq, getTableColumns, Subquery } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from './context';
import { domainErrors } from './errors';
import { buildModel } from './model';
import type { GraphQLModule, Resolver, TablePolicy } from './policy';
import { type Exp, type ListArgs, Surface } from './read';
import { type ExposedTable, generateSdl } from './sdl';
import { type UpdateOps, Writer } from './write';

export interface GraphQLApi {
  schema: GraphQLSchema;
  rootValue: Record<string, Resolver>;
  /** The root of subscription operations: each field's event source. */
  subscriptionRoot: Record<string, unknown>;
  surface: Surface;
  sdl: string;
  /** Root fields a signed-out caller may use (`GraphQLModule.signedOut`). */
  signedOut: ReadonlySet<string>;
}

type Args = Record<string, unknown>;

/**
 * The whole GraphQL API from the data model and the domains' modules: Hasura's generated surface for every table a
 * domain gives a policy, then each module's own SDL and root fields, which replace generated ones of the same name.
 */
export function buildGraphQLApi(tables: readonly PgTable[], modules: readonly GraphQLModule[]): GraphQLApi {
  const policies = new Map<string, TablePolicy>();
  for (const m of modules) for (const [name, policy] of Object.entries(m.tables ?? {})) policies.set(name, policy);
  for (const m of modules)
    for (const [name, fields] of Object.entries(m.fields ?? {})) {
      const policy = policies.get(name);
      if (!policy) throw new Error(`fields for table ${name}, which has no policy`);
      policies.set(name, { ...policy, fields: { ...policy.fields, ...fields } });
    }
  // Only tables some domain exposes are modelled, so relationships never lead to a table outside the API.
  const views = [...policies.values()].flatMap((p) => (p.view ? [p.view.table] : []));
  const model = buildModel([...tables.filter((t) => policies.has(getTableConfig(t).name)), ...views]);
  for (const [name, policy] of policies)
    for (const [rel, r] of Object.entries(policy.relations ?? {}))
      model.get(name)?.relations.set(rel, { name: rel, ...r });
  const exposed = new Map<string, ExposedTable>();
  for (const [name, policy] of policies) {
    const table = model.get(name);
    if (!table) throw new Error(`policy for unknown table ${name}`);
    const hidden = new Set(policy.hidden ?? []);
    // A view's rows are its query's, aliased with the table's name so that the columns' references resolve.
    const from = policy.view ? new Subquery(policy.view.rows, getTableColumns(table.table), name) : table.table;
    exposed.set(name, { model: table, policy, from, columns: table.columns.filter((c) => !hidden.has(c.name)) });
  }
  const surface = new Surface(exposed);
  const writer = new Writer(surface);
  const subscriptionRoot = Object.assign({}, ...modules.map((m) => m.subscriptions ?? {}));
  const roots = `schema { query: query_root mutation: mutation_root${
    Object.keys(subscriptionRoot).length ? ' subscription: subscription_root' : ''
  } }`;
  const sdl = [generateSdl(exposed), ...modules.map((m) => m.sdl ?? ''), roots].join('\n');
  const generated: Record<string, Resolver> = {};
  for (const t of exposed.values()) Object.assign(generated, rootResolvers(surface, writer, t));
  const custom = Object.assign({}, ...modules.map((m) => m.resolvers ?? {})) as Record<string, Resolver>;
  // The SDL is validated by a test (surface.test.ts), not at every start.
  return {
    schema: buildSchema(sdl, { assumeValidSDL: true }),
    rootValue: { ...generated, ...custom },
    subscriptionRoot,
    surface,
    sdl,
    signedOut: new Set(modules.flatMap((m) => m.signedOut ?? [])),
  };
}

function rootResolvers(s: Surface, w: Writer, t: ExposedTable): Record<string, Resolver> {
  const { name, pk } = t.model;
  const byPk = (id: unknown): Exp => ({ [pk.name]: { _eq: id } });
  const first = async (p: Promise<{ returning: unknown[] }>) => (await p).returning[0] ?? null;
  const r = <A>(fn: (args: A, gctx: GraphQLContext) => unknown, nullOnMissing = false): Resolver =>
    ((args: A, gctx: GraphQLContext) => domainErrors(gctx.locale, () => fn(args, gctx), nullOnMissing)) as Resolver;
  const reads = {
    [name]: r((args: ListArgs, gctx) => s.rows(t, gctx, args)),
    [`${name}_aggregate`]: r((args: ListArgs, gctx) => s.aggregate(t, gctx, args)),
  };
  if (t.policy.view) return reads;
  return {
    ...reads,
    [`${name}_by_pk`]: r(
      async (args: Args, gctx) => (await s.rows(t, gctx, { limit: 1 }, eq(pk.column, args[pk.name])))[0] ?? null,
    ),
    [`insert_${name}`]: r((a: { objects: Exp[]; on_conflict?: Exp }, gctx) =>
      w.insert(t, gctx, a.objects, a.on_conflict),
    ),
    [`insert_${name}_one`]: r(
      (a: { object: Exp; on_conflict?: Exp }, gctx) => first(w.insert(t, gctx, [a.object], a.on_conflict)),
      true,
    ),
    [`update_${name}`]: r((a: { where: Exp } & UpdateOps, gctx) => w.update(t, gctx, a.where, a)),
    [`update_${name}_by_pk`]: r(
      (a: { pk_columns: Args } & UpdateOps, gctx) => first(w.update(t, gctx, byPk(a.pk_columns[pk.name]), a)),
      true,
    ),
    [`update_${name}_many`]: r(async (a: { updates: ({ where: Exp } & UpdateOps)[] }, gctx) => {
      const results = [];
      for (const u of a.updates) results.push(await w.update(t, gctx, u.where, u));
      return results;
    }),
    [`delete_${name}`]: r((a: { where: Exp }, gctx) => w.delete(t, gctx, a.where)),
    [`delete_${name}_by_pk`]: r((a: Args, gctx) => first(w.delete(t, gctx, byPk(a[pk.name]))), true),
  };
}
