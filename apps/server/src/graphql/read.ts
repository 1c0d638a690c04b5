import type { Actor } from '@mutirao/core';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';
import { type GraphQLContext, loaderOf, pageOf } from './context';
import { compare, ordered } from './hasura';
import { GRAPHQL_LIMITS } from './limits';
import type { ColumnModel, RelationModel } from './model';
import type { GraphQLNode } from './policy';
import type { ExposedTable } from './sdl';

/*
 * Reads of the generated surface. Every read of a table, at the root, through a relationship, inside a `_bool_exp`
 * or an aggregate, goes through `visibleRows`: the table's select permission (and `deleted_at is null` for tables
 * read live). Relationships load through per-request DataLoaders, one query per relationship and level.
 */

export type Exp = Record<string, unknown>;

/** The caller as the permissions see them. */
export const actorIn = (gctx: GraphQLContext): Actor => ({ id: gctx.user.id, isAdmin: gctx.user.isAdmin });
export interface ListArgs {
  distinct_on?: string[] | null;
  where?: Exp | null;
  order_by?: unknown;
  limit?: number | null;
  offset?: number | null;
}

/** The row behind a node, with Drizzle's property names, for computed fields. */
export const ROW = Symbol('row');
export const rowOf = (node: GraphQLNode) => (node as Record<symbol, Record<string, unknown>>)[ROW] ?? {};

export class Surface {
  private readonly protos = new Map<string, object>();

  constructor(readonly exposed: Map<string, ExposedTable>) {
    for (const t of exposed.values()) this.protos.set(t.model.name, this.protoOf(t));
  }

  table(name: string): ExposedTable {
    const t = this.exposed.get(name);
    if (!t) throw new Error(`table ${name} is not exposed`);
    return t;
  }

  col(t: ExposedTable, name: string): AnyPgColumn {
    const c = t.model.column.get(name);
    if (!c) throw new Error(`no column ${name} in ${t.model.name}`);
    return c.column;
  }

  /** The select permission, and live rows only where the table says so. */
  visibleRows(t: ExposedTable, gctx: GraphQLContext): SQL | undefined {
    const deleted = t.policy.live ? t.model.column.get('deleted_at') : undefined;
    return and(t.policy.select(actorIn(gctx)), deleted ? isNull(deleted.column) : undefined);
  }

  /** A `<table>_bool_exp`, relationships becoming subqueries that carry the related table's permission too. */
  boolExp(t: ExposedTable, exp: Exp | null | undefined, gctx: GraphQLContext): SQL | undefined {
    if (!exp) return undefined;
    const parts: (SQL | undefined)[] = [];
    for (const [key, value] of Object.entries(exp)) {
      if (value === undefined || value === null) continue;
      if (key === '_and') parts.push(and(...(value as Exp[]).map((e) => this.boolExp(t, e, gctx) ?? sql`true`)));
      else if (key === '_or')
        parts.push(
          sql`(${sql.join(
            (value as Exp[]).map((e) => this.boolExp(t, e, gctx) ?? sql`true`),
            sql` or `,
          )})`,
        );
      else if (key === '_not') {
        const inner = this.boolExp(t, value as Exp, gctx);
        parts.push(inner ? sql`not (${inner})` : sql`false`);
      } else if (t.model.column.has(key)) parts.push(compare(this.col(t, key), value as Exp));
      else if (t.policy.fields?.[key]?.filter)
        parts.push(compare((t.policy.fields[key].filter as { sql: () => SQL }).sql(), value as Exp));
      else {
        const r = t.model.relations.get(key);
        if (!r || !this.exposed.has(r.target)) throw notFound(key, `${t.model.name}_bool_exp`);
        const target = this.table(r.target);
        const inner = and(this.visibleRows(target, gctx), this.boolExp(target, value as Exp, gctx)) ?? sql`true`;
        parts.push(
          sql`${this.col(t, r.from)} in (select ${this.col(target, r.to)} from ${target.model.table} where ${inner})`,
        );
      }
    }
    // Parenthesised so an `or` inside never binds to what the caller joins it with.
    const joined = and(...parts);
    return joined ? sql`(${joined})` : undefined;
  }

  /** `order_by` terms; an object relationship orders by the related row's column through a scalar subquery. */
  orderBy(t: ExposedTable, orderBy: unknown): SQL[] {
    const entries = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) as Exp[];
    return entries.flatMap((entry) => this.orderTerms(t, entry).map(({ expr, direction }) => ordered(expr, direction)));
  }

  private orderTerms(t: ExposedTable, entry: Exp): { expr: SQL | AnyPgColumn; direction: string }[] {
    const terms: { expr: SQL | AnyPgColumn; direction: string }[] = [];
    for (const [key, value] of Object.entries(entry)) {
      if (value === undefined || value === null) continue;
      if (t.model.column.has(key)) terms.push({ expr: this.col(t, key), direction: String(value) });
      else {
        const r = t.model.relations.get(key);
        if (r?.kind !== 'object' || !this.exposed.has(r.target)) throw notFound(key, `${t.model.name}_order_by`);
        const target = this.table(r.target);
        for (const inner of this.orderTerms(target, value as Exp))
          terms.push({
            direction: inner.direction,
            expr: sql`(select ${inner.expr} from ${target.model.table} where ${this.col(target, r.to)} = ${this.col(t, r.from)} limit 1)`,
          });
      }
    }
    return terms;
  }

  /** Rows of a list field; `scope` narrows it (a relationship's parent, a set of ids). */
  async rows(t: ExposedTable, gctx: GraphQLContext, args: ListArgs, scope?: SQL): Promise<GraphQLNode[]> {
    const { limit, offset } = pageOf(args);
    const distinct = (args.distinct_on ?? []).map((name) => this.col(t, name));
    const where = and(this.visibleRows(t, gctx), this.boolExp(t, args.where, gctx), scope);
    const order = [...distinct.map((c) => sql`${c}`), ...this.orderBy(t, args.order_by), sql`${t.model.pk.column}`];
    const db = gctx.app.db;
    const base = distinct.length ? db.selectDistinctOn(distinct).from(t.model.table) : db.select().from(t.model.table);
    const rows = await base
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((row) => this.node(t, row as Record<string, unknown>));
  }

  /** Rows by primary key in the given order, through `filter` instead of the read permission (mutation results). */
  async byIds(t: ExposedTable, gctx: GraphQLContext, ids: readonly unknown[], filter: SQL | undefined) {
    if (!ids.length) return [];
    const rows = await gctx.app.db
      .select()
      .from(t.model.table)
      .where(and(filter, inArray(t.model.pk.column, [...ids])));
    const byId = new Map(rows.map((r) => [(r as Record<string, unknown>)[t.model.pk.key], r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.node(t, row as Record<string, unknown>)] : [];
    });
  }

  /** `<table>_aggregate`: counts and column aggregates over the same rows the list would return. */
  aggregate(t: ExposedTable, gctx: GraphQLContext, args: ListArgs, scope?: SQL) {
    const paged = args.limit != null || args.offset != null || Boolean(args.distinct_on?.length);
    const where = and(this.visibleRows(t, gctx), this.boolExp(t, args.where, gctx), scope);
    const pk = t.model.pk.column;
    const rowsOf = async (): Promise<SQL | undefined> => {
      if (!paged) return where;
      const ids = (await this.rows(t, gctx, args, scope)).map((n) => n[t.model.pk.name]);
      return ids.length ? inArray(pk, ids) : sql`false`;
    };
    const one = async (expr: SQL) => {
      const [row] = await gctx.app.db
        .select({ v: expr })
        .from(t.model.table)
        .where(await rowsOf());
      return row?.v ?? null;
    };
    const columnsOf = (fn: string) =>
      Object.fromEntries(
        t.columns.map((c) => [
          c.name,
          async () => {
            const value = await one(sql`${sql.raw(fn)}(${c.column})`);
            // Sums and averages come back as numeric text from node-postgres; the API sends numbers.
            return (fn === 'sum' || fn === 'avg') && value !== null ? Number(value) : present(c, value);
          },
        ]),
      );
    return {
      aggregate: {
        count: async ({ columns, distinct }: { columns?: string[]; distinct?: boolean }) => {
          const cols = (columns ?? []).map((name) => this.col(t, name));
          const inner = cols.length ? sql.join(cols, sql`, `) : sql`*`;
          const expr =
            cols.length && distinct
              ? sql`count(distinct (${inner}))`
              : sql`count(${cols.length ? (cols.length > 1 ? sql`(${inner})` : inner) : sql`*`})`;
          return Number(await one(sql`${expr}::int`));
        },
        sum: () => columnsOf('sum'),
        avg: () => columnsOf('avg'),
        max: () => columnsOf('max'),
        min: () => columnsOf('min'),
      },
      nodes: () => this.rows(t, gctx, args, scope),
    };
  }

  node(t: ExposedTable, row: Record<string, unknown>): GraphQLNode {
    const node = Object.create(this.protos.get(t.model.name) ?? null) as GraphQLNode;
    const writeOnly = new Set(t.policy.writeOnly ?? []);
    for (const c of t.columns) {
      const value = writeOnly.has(c.name) ? null : present(c, row[c.key]);
      node[c.name] = c.type === 'jsonb' ? ({ path }: { path?: string }) => atPath(value, path) : value;
    }
    (node as Record<symbol, unknown>)[ROW] = row;
    return node;
  }

  /** Relationships and computed fields, as methods graphql-js's default resolver calls with (args, context). */
  private protoOf(t: ExposedTable) {
    const proto: Record<string, unknown> = {};
    const surface = this;
    for (const r of t.model.relations.values()) {
      if (!this.exposed.has(r.target) || t.policy.fields?.[r.name]) continue;
      if (r.kind === 'object')
        proto[r.name] = function (this: GraphQLNode, _args: unknown, gctx: GraphQLContext) {
          const key = this[r.from];
          return key === null || key === undefined ? null : surface.objectLoader(t, r, gctx).load(key as number);
        };
      else {
        proto[r.name] = function (this: GraphQLNode, args: ListArgs, gctx: GraphQLContext) {
          return surface
            .arrayLoader(t, r, gctx, args)
            .load(this[r.from] as number)
            .then((rows) => rows ?? []);
        };
        proto[`${r.name}_aggregate`] = function (this: GraphQLNode, args: ListArgs, gctx: GraphQLContext) {
          const target = surface.table(r.target);
          return surface.aggregate(target, gctx, args, sql`${surface.col(target, r.to)} = ${this[r.from]}`);
        };
      }
    }
    for (const [name, field] of Object.entries(t.policy.fields ?? {}))
      proto[name] = function (this: GraphQLNode, args: Record<string, unknown>, gctx: GraphQLContext) {
        return field.resolve(this, args, gctx);
      };
    return proto;
  }

  private objectLoader(t: ExposedTable, r: RelationModel, gctx: GraphQLContext) {
    const target = this.table(r.target);
    return loaderOf(gctx, `${t.model.name}.${r.name}`, async (keys) => {
      const to = this.col(target, r.to);
      const rows = await this.rows(target, gctx, { limit: keys.length }, inArray(to, [...keys]));
      return new Map(rows.map((n) => [n[r.to] as number, n]));
    });
  }

  /**
   * Each parent's rows of an array relationship, with the field's own where, order and limit applied per parent:
   * one query numbers every parent's rows with a window function and keeps those inside each parent's page.
   */
  private arrayLoader(t: ExposedTable, r: RelationModel, gctx: GraphQLContext, args: ListArgs) {
    const target = this.table(r.target);
    return loaderOf(gctx, `${t.model.name}.${r.name}:${JSON.stringify(args)}`, async (keys) => {
      const { limit, offset } = pageOf(args, GRAPHQL_LIMITS.relationRows);
      const to = this.col(target, r.to);
      const order = [...this.orderBy(target, args.order_by), sql`${target.model.pk.column}`];
      const where = and(this.visibleRows(target, gctx), this.boolExp(target, args.where, gctx), inArray(to, [...keys]));
      const numbered = gctx.app.db
        .select({
          pk: sql`${target.model.pk.column}`.as('pk'),
          n: sql<number>`row_number() over (partition by ${to} order by ${sql.join(order, sql`, `)})`.as('n'),
        })
        .from(target.model.table)
        .where(where)
        .as('numbered');
      const ids = await gctx.app.db
        .select({ pk: numbered.pk })
        .from(numbered)
        .where(sql`${numbered.n} > ${offset} and ${numbered.n} <= ${offset + limit}`)
        .orderBy(numbered.n);
      const rows = await this.byIds(
        target,
        gctx,
        ids.map((i) => i.pk),
        undefined,
      );
      const byParent = new Map<number, GraphQLNode[]>();
      for (const n of rows) byParent.set(n[r.to] as number, [...(byParent.get(n[r.to] as number) ?? []), n]);
      return byParent;
    });
  }
}

/** Column values as the API sends them: timestamps as ISO text. */
function present(c: ColumnModel, value: unknown) {
  if (value instanceof Date) return value.toISOString();
  if (c.type === 'bigint' && typeof value === 'string') return Number(value);
  return value;
}

/** Hasura's jsonb `path` argument: `a.b[0]`, with or without a leading `$.`. */
export function atPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  const steps = path
    .replace(/^\$\.?/, '')
    .split(/\.|\[(\d+)\]/)
    .filter((s) => s !== undefined && s !== '');
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[step];
  }
  return current ?? null;
}

function notFound(field: string, type: string) {
  return new GraphQLError(`field '${field}' not found in type: '${type}'`, {
    extensions: { code: 'validation-failed' },
  });
}
