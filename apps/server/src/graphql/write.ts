import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';
import type { GraphQLContext } from './context';
import { columnValue } from './hasura';
import type { GraphQLNode } from './policy';
import { actorIn, type Exp, type Surface } from './read';
import type { ExposedTable } from './sdl';

/*
 * Writes of the generated surface, as Hasura does them: `insert_T` with nested relationship inserts and
 * `on_conflict`, `update_T` with `_set` and `_inc`, `delete_T`, each also `_by_pk`, and `update_T_many`. Each write
 * is bounded by the table's permission (rows outside it are not matched; an inserted row must pass its check), and
 * a table whose domain has rules of its own hands each row to the domain's `apply` instead of a generic statement.
 * A mutation document runs in one transaction (`route.ts`), so a refused row leaves nothing behind.
 */

type Row = Record<string, unknown>;

/** The change an `update_T` asks for, as Hasura's arguments name its parts. */
export interface UpdateOps {
  _set?: Exp | null;
  _inc?: Exp | null;
  _append?: Exp | null;
  _prepend?: Exp | null;
  _delete_key?: Exp | null;
}

/** PostgreSQL's jsonb `||`: arrays concatenate, objects merge (the right side wins), anything else makes an array. */
function joinJson(left: unknown, right: unknown): unknown {
  if (Array.isArray(left) || Array.isArray(right)) return [...[left ?? []].flat(), ...[right ?? []].flat()];
  if (left && right && typeof left === 'object' && typeof right === 'object') return { ...left, ...right };
  return right ?? left;
}

const denied = () => new GraphQLError('api.writeNotAllowed', { extensions: { code: 'permission-error' } });
const columnDenied = (field: string) =>
  new GraphQLError(`api.columnNotAllowed?field=${field}`, { extensions: { code: 'permission-error', field } });

export interface MutationResponse {
  affected_rows: number;
  returning: GraphQLNode[];
}

export class Writer {
  constructor(private readonly s: Surface) {}

  /** `fixed`: the parent's key of a nested insert, set by the relationship rather than by the caller. */
  async insert(t: ExposedTable, gctx: GraphQLContext, objects: Exp[], onConflict?: Exp | null, fixed: Exp = {}) {
    const ids: unknown[] = [];
    for (const object of objects) ids.push(await this.insertOne(t, gctx, object, onConflict, fixed));
    const policy = t.policy.insert;
    const returning = await this.s.byIds(t, gctx, ids, policy?.check(actorIn(gctx)));
    // A row the permission's check does not cover was written by a caller who may not write it: undo it all.
    if (returning.length !== new Set(ids).size) throw denied();
    return { affected_rows: ids.length, returning };
  }

  private async insertOne(
    t: ExposedTable,
    gctx: GraphQLContext,
    object: Exp,
    onConflict: Exp | null | undefined,
    fixed: Exp,
  ) {
    const policy = t.policy.insert;
    if (!policy) throw denied();
    const values: Row = {};
    const children: [string, Exp][] = [];
    for (const [name, value] of Object.entries(object)) {
      if (value === undefined) continue;
      const relation = t.model.relations.get(name);
      if (relation && !t.model.column.has(name)) {
        const data = (value as { data: unknown }).data;
        if (relation.kind === 'array') children.push([name, value as Exp]);
        else {
          // The object relationship's row comes first; this row then points at it.
          const target = this.s.table(relation.target);
          const [parent] = (await this.insert(target, gctx, [data as Exp])).returning;
          values[relation.from] = parent?.[relation.to];
        }
        continue;
      }
      if (!policy.columns.includes(name)) throw columnDenied(name);
      values[name] = value;
    }
    Object.assign(values, fixed, policy.preset?.(actorIn(gctx)));
    const row = this.toRow(t, values);
    let query = gctx.app.db.insert(t.model.table).values(row);
    const conflict = onConflict ? this.conflictClause(t, onConflict, row) : undefined;
    if (conflict === 'nothing') query = query.onConflictDoNothing({ target: t.model.pk.column }) as typeof query;
    else if (conflict)
      // The existing row is changed only where the caller may update it, as Hasura's upsert checks.
      query = query.onConflictDoUpdate({
        target: t.model.pk.column,
        set: conflict,
        setWhere: t.policy.update?.filter(actorIn(gctx)),
      }) as typeof query;
    const [inserted] = (await query.returning()) as Row[];
    if (!inserted) throw denied();
    const id = inserted[t.model.pk.key];
    for (const [name, value] of children) {
      const relation = t.model.relations.get(name);
      if (!relation) continue;
      const target = this.s.table(relation.target);
      const { data = [], on_conflict } = value as { data?: Exp[]; on_conflict?: Exp };
      const key = { [relation.to]: inserted[t.model.column.get(relation.from)?.key ?? relation.from] };
      await this.insert(target, gctx, data, on_conflict, key);
    }
    return id;
  }

  /** `on_conflict` on the primary key: `update_columns: []` leaves the row, otherwise those columns take the new values. */
  private conflictClause(t: ExposedTable, onConflict: Exp, row: Row) {
    const columns = (onConflict.update_columns as string[] | undefined) ?? [];
    if (!columns.length) return 'nothing' as const;
    const allowed = t.policy.update?.columns ?? [];
    const set: Row = {};
    for (const name of columns) {
      if (!allowed.includes(name) || t.policy.update?.apply) throw columnDenied(name);
      const c = t.model.column.get(name);
      if (c && row[c.key] !== undefined) set[c.key] = row[c.key];
    }
    return set;
  }

  async update(t: ExposedTable, gctx: GraphQLContext, where: Exp | null | undefined, ops: UpdateOps) {
    const policy = t.policy.update;
    if (!policy) throw denied();
    const scope = and(policy.filter(actorIn(gctx)), this.s.boolExp(t, where, gctx) ?? sql`true`);
    if (policy.apply) {
      if (ops._inc && Object.keys(ops._inc).length) throw columnDenied('_inc');
      const ids = await this.matching(t, gctx, scope);
      for (const id of ids) await policy.apply(gctx, id as number, await this.mergedSet(t, gctx, id, ops));
      return this.response(t, gctx, ids, policy.filter(actorIn(gctx)));
    }
    const columns = policy.columns ?? [];
    const values: Record<string, unknown> = this.toRow(t, this.allowed(ops._set ?? {}, columns));
    const change = (part: Exp | null | undefined, expr: (c: AnyPgColumn, v: unknown) => SQL) => {
      for (const [name, v] of Object.entries(this.allowed(part ?? {}, columns))) {
        const c = t.model.column.get(name);
        if (c) values[c.key] = expr(c.column, v);
      }
    };
    change(ops._inc, (c, by) => sql`${c} + ${by}`);
    change(ops._append, (c, v) => sql`${c} || ${JSON.stringify(v)}::jsonb`);
    change(ops._prepend, (c, v) => sql`${JSON.stringify(v)}::jsonb || ${c}`);
    change(ops._delete_key, (c, key) => sql`${c} - ${String(key)}`);
    const updatedAt = t.model.column.get('updated_at');
    if (updatedAt && !(ops._set && 'updated_at' in ops._set)) values[updatedAt.key] = new Date();
    const rows = (await gctx.app.db.update(t.model.table).set(values).where(scope).returning()) as Row[];
    return { affected_rows: rows.length, returning: rows.map((r) => this.s.node(t, r)) };
  }

  /**
   * One row's `_set` with the jsonb operators applied to its current values, for a domain's `apply`, which takes
   * whole values: `_append` merges an object (or extends an array), `_prepend` the other way, `_delete_key` drops one.
   */
  private async mergedSet(t: ExposedTable, gctx: GraphQLContext, id: unknown, ops: UpdateOps): Promise<Exp> {
    const set: Exp = { ...(ops._set ?? {}) };
    const parts = [ops._append, ops._prepend, ops._delete_key];
    if (!parts.some((p) => p && Object.keys(p).length)) return set;
    const [row] = (await gctx.app.db.select().from(t.model.table).where(eq(t.model.pk.column, id))) as Row[];
    const current = (name: string) => set[name] ?? row?.[t.model.column.get(name)?.key ?? name] ?? null;
    for (const [name, v] of Object.entries(ops._append ?? {})) set[name] = joinJson(current(name), v);
    for (const [name, v] of Object.entries(ops._prepend ?? {})) set[name] = joinJson(v, current(name));
    for (const [name, key] of Object.entries(ops._delete_key ?? {})) {
      const { [String(key)]: _dropped, ...rest } = (current(name) ?? {}) as Record<string, unknown>;
      set[name] = rest;
    }
    return set;
  }

  async delete(t: ExposedTable, gctx: GraphQLContext, where: Exp | null | undefined) {
    const policy = t.policy.delete;
    if (!policy) throw denied();
    const scope = and(policy.filter(actorIn(gctx)), this.s.boolExp(t, where, gctx) ?? sql`true`);
    if (policy.apply) {
      const ids = await this.matching(t, gctx, scope);
      // Read first: a hard delete leaves nothing to read after; a soft one is read again to show `deleted_at`.
      const before = await this.s.byIds(t, gctx, ids, undefined);
      if (ids.length) await policy.apply(gctx, ids as number[]);
      const after = new Map((await this.s.byIds(t, gctx, ids, undefined)).map((n) => [n[t.model.pk.name], n]));
      return { affected_rows: ids.length, returning: before.map((n) => after.get(n[t.model.pk.name]) ?? n) };
    }
    const rows = (await gctx.app.db.delete(t.model.table).where(scope).returning()) as Row[];
    return { affected_rows: rows.length, returning: rows.map((r) => this.s.node(t, r)) };
  }

  private async matching(t: ExposedTable, gctx: GraphQLContext, scope: SQL | undefined) {
    const rows = await gctx.app.db
      .select({ id: t.model.pk.column as PgColumn })
      .from(t.model.table)
      .where(scope)
      .orderBy(t.model.pk.column);
    return rows.map((r) => r.id);
  }

  private async response(t: ExposedTable, gctx: GraphQLContext, ids: unknown[], filter: SQL | undefined) {
    const returning = ids.length ? await this.s.byIds(t, gctx, ids, and(filter, inArray(t.model.pk.column, ids))) : [];
    return { affected_rows: ids.length, returning };
  }

  private allowed(values: Exp, columns: readonly string[]) {
    for (const name of Object.keys(values)) if (!columns.includes(name)) throw columnDenied(name);
    return values;
  }

  /** GraphQL names to Drizzle properties, each value as its column takes it. */
  private toRow(t: ExposedTable, values: Exp): Row {
    const row: Row = {};
    for (const [name, value] of Object.entries(values)) {
      const c = t.model.column.get(name);
      if (!c) throw columnDenied(name);
      row[c.key] = columnValue(c.column, value);
    }
    return row;
  }
}
