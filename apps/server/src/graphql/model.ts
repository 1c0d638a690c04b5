import { getTableColumns } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/*
 * The data model as Hasura would track it, read from the Drizzle tables: every column under its database name, and
 * every single-column foreign key as two relationships, an object one on the referencing table and an array one on
 * the referenced table. The GraphQL surface (`sdl.ts`, `read.ts`, `write.ts`) is generated from this alone.
 */

/** GraphQL scalar names, as Hasura names PostgreSQL types. */
export type ScalarName =
  | 'Int'
  | 'bigint'
  | 'float8'
  | 'String'
  | 'Boolean'
  | 'timestamptz'
  | 'timestamp'
  | 'date'
  | 'jsonb'
  | '_text'
  | '_int4';

export interface ColumnModel {
  /** The database name, which is the GraphQL field name. */
  name: string;
  /** The Drizzle property, under which query results carry the value. */
  key: string;
  column: AnyPgColumn;
  type: ScalarName;
  notNull: boolean;
  hasDefault: boolean;
}

export interface RelationModel {
  name: string;
  kind: 'object' | 'array';
  /** The table this relationship leads to. */
  target: string;
  /** This table's column, and the target's column it equals. */
  from: string;
  to: string;
}

export interface TableModel {
  name: string;
  table: PgTable;
  columns: ColumnModel[];
  column: Map<string, ColumnModel>;
  pk: ColumnModel;
  relations: Map<string, RelationModel>;
}

const SCALARS: Record<string, ScalarName> = {
  PgSerial: 'Int',
  PgInteger: 'Int',
  PgSmallInt: 'Int',
  PgBigInt53: 'bigint',
  PgDoublePrecision: 'float8',
  PgText: 'String',
  PgVarchar: 'String',
  PgBoolean: 'Boolean',
  PgDate: 'date',
  PgDateString: 'date',
  PgJsonb: 'jsonb',
};

function scalarOf(column: AnyPgColumn): ScalarName {
  if (column.columnType === 'PgTimestamp' || column.columnType === 'PgTimestampString')
    return (column as unknown as { withTimezone: boolean }).withTimezone ? 'timestamptz' : 'timestamp';
  // Hasura names an array type by its element's PostgreSQL name with a leading underscore.
  if (column.columnType === 'PgArray') {
    const base = (column as unknown as { baseColumn: AnyPgColumn }).baseColumn;
    return base.columnType === 'PgInteger' ? '_int4' : '_text';
  }
  const scalar = SCALARS[column.columnType];
  if (!scalar) throw new Error(`no GraphQL scalar for ${column.name} (${column.columnType})`);
  return scalar;
}

/** True when a unique index covers exactly this column (a one-to-one key). */
function isUnique(table: PgTable, column: string) {
  return getTableConfig(table).indexes.some(
    (i) =>
      i.config.unique &&
      i.config.columns.length === 1 &&
      (i.config.columns[0] as { name?: string } | undefined)?.name === column,
  );
}

/** `community_id` → `community`; a name a column already has gets a `_rel` suffix. */
function objectName(column: string, taken: (name: string) => boolean) {
  const base = column.endsWith('_id') ? column.slice(0, -3) : `${column}_rel`;
  return taken(base) ? `${base}_rel` : base;
}

/**
 * Builds the model of the given tables. Relationships are made only between tables of the set, so a table left out
 * (sessions, rate limits) is invisible from every other table too.
 */
export function buildModel(tables: readonly PgTable[]): Map<string, TableModel> {
  const models = new Map<string, TableModel>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const byColumn = new Map(Object.entries(getTableColumns(table)).map(([key, c]) => [c as AnyPgColumn, key]));
    const columns = config.columns.map(
      (c): ColumnModel => ({
        name: c.name,
        key: byColumn.get(c as AnyPgColumn) ?? c.name,
        column: c as AnyPgColumn,
        type: scalarOf(c as AnyPgColumn),
        notNull: c.notNull,
        hasDefault: c.hasDefault,
      }),
    );
    const pk = columns.find((c) => c.column.primary);
    if (!pk) throw new Error(`table ${config.name} has no single-column primary key`);
    models.set(config.name, {
      name: config.name,
      table,
      columns,
      column: new Map(columns.map((c) => [c.name, c])),
      pk,
      relations: new Map(),
    });
  }
  const arrays: { source: TableModel; target: TableModel; from: string; to: string; unique: boolean }[] = [];
  for (const source of models.values()) {
    for (const fk of getTableConfig(source.table).foreignKeys) {
      const ref = fk.reference();
      const targetName = getTableConfig(ref.foreignTable).name;
      const target = models.get(targetName);
      if (!target || ref.columns.length !== 1) continue;
      const from = ref.columns[0]?.name as string;
      const to = ref.foreignColumns[0]?.name as string;
      const name = objectName(from, (n) => source.column.has(n) || source.relations.has(n));
      source.relations.set(name, { name, kind: 'object', target: targetName, from, to });
      arrays.push({ source, target, from: to, to: from, unique: isUnique(source.table, from) });
    }
  }
  // An array relationship is named after the referencing table; when two keys of one table point at the same
  // table, each is named after its column as well. A key that is unique makes a one-to-one: an object relationship
  // named in the singular (`communities.recipient`).
  for (const a of arrays) {
    const twins = arrays.filter((b) => b.source === a.source && b.target === a.target).length > 1;
    const base = a.unique ? a.source.name.replace(/s$/, '') : a.source.name;
    const name = twins ? `${base}_by_${a.to}` : base;
    const kind = a.unique ? 'object' : 'array';
    a.target.relations.set(name, { name, kind, target: a.source.name, from: a.from, to: a.to });
  }
  return models;
}
