import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

  async update(
    t: ExposedTable,
    gctx: GraphQLContext,
    where: Exp | null | undefined,
    set?: Exp | null,
    inc?: Exp | null,
  ) {
    const policy = t.policy.update;
    if (!policy) throw denied();
    const scope = and(policy.filter(actorIn(gctx)), this.s.boolExp(t, where, gctx) ?? sql`true`);
    if (policy.apply) {
      if (inc && Object.keys(inc).length) throw columnDenied('_inc');
      const ids = await this.matching(t, gctx, scope);
      for (const id of ids) await policy.apply(gctx, id as number, set ?? {});
      return this.response(t, gctx, ids, policy.filter(actorIn(gctx)));
    }
    const values: Record<string, unknown> = this.toRow(t, this.allowed(set ?? {}, policy.columns ?? []));
    for (const [name, by] of Object.entries(this.allowed(inc ?? {}, policy.columns ?? []))) {
      const c = t.model.column.get(name);
      if (c) values[c.key] = sql`${c.column} + ${by}`;
    }
    const updatedAt = t.model.column.get('updated_at');
    if (updatedAt && !(set && 'updated_at' in set)) values[updatedAt.key] = new Date();
    const rows = (await gctx.app.db.update(t.model.table).set(values).where(scope).returning()) as Row[];
    return { affected_rows: rows.length, returning: rows.map((r) => this.s.node(t, r)) };
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
