import type { ColumnModel, ScalarName, TableModel } from './model';
import type { TablePolicy } from './policy';

/*
 * Hasura's schema for a set of tables, with Hasura's names and argument shapes: for each table its object type,
 * `_bool_exp`, `_order_by`, `_select_column`, `_aggregate`, the insert/set/inc inputs and the mutation response,
 * then `T`, `T_by_pk`, `T_aggregate` on query_root and `insert_T(_one)`, `update_T(_by_pk|_many)`,
 * `delete_T(_by_pk)` on mutation_root. Documents written for the original service validate against it.
 */

export interface ExposedTable {
  model: TableModel;
  policy: TablePolicy;
  /** The columns in the schema (hidden ones left out). */
  columns: ColumnModel[];
}

const NUMERIC: ReadonlySet<ScalarName> = new Set(['Int', 'bigint']);
const ORDERED: ReadonlySet<ScalarName> = new Set(['Int', 'bigint', 'String', 'timestamptz', 'timestamp', 'date']);

export const SCALAR_SDL = /* GraphQL */ `
  scalar timestamptz
  scalar timestamp
  scalar date
  scalar jsonb
  "Hasura's bigint: a JSON number."
  scalar bigint
  "A PostgreSQL text[]: a JSON array of strings."
  scalar _text
  "A PostgreSQL integer[]: a JSON array of numbers."
  scalar _int4
  enum order_by { asc asc_nulls_first asc_nulls_last desc desc_nulls_first desc_nulls_last }
  input Int_comparison_exp { _eq: Int _neq: Int _gt: Int _gte: Int _lt: Int _lte: Int _in: [Int!] _nin: [Int!] _is_null: Boolean }
  input bigint_comparison_exp { _eq: bigint _neq: bigint _gt: bigint _gte: bigint _lt: bigint _lte: bigint _in: [bigint!] _nin: [bigint!] _is_null: Boolean }
  input String_comparison_exp {
    _eq: String _neq: String _gt: String _gte: String _lt: String _lte: String _in: [String!] _nin: [String!]
    _is_null: Boolean _ilike: String _like: String _nilike: String _nlike: String
  }
  input Boolean_comparison_exp { _eq: Boolean _neq: Boolean _in: [Boolean!] _nin: [Boolean!] _is_null: Boolean }
  input timestamptz_comparison_exp { _eq: timestamptz _neq: timestamptz _gt: timestamptz _gte: timestamptz _lt: timestamptz _lte: timestamptz _in: [timestamptz!] _nin: [timestamptz!] _is_null: Boolean }
  input timestamp_comparison_exp { _eq: timestamp _neq: timestamp _gt: timestamp _gte: timestamp _lt: timestamp _lte: timestamp _in: [timestamp!] _nin: [timestamp!] _is_null: Boolean }
  input date_comparison_exp { _eq: date _neq: date _gt: date _gte: date _lt: date _lte: date _in: [date!] _nin: [date!] _is_null: Boolean }
  input _text_comparison_exp { _eq: _text _neq: _text _contains: _text _contained_in: _text _is_null: Boolean }
  input _int4_comparison_exp { _eq: _int4 _neq: _int4 _contains: _int4 _contained_in: _int4 _is_null: Boolean }
  input jsonb_comparison_exp { _eq: jsonb _neq: jsonb _contains: jsonb _contained_in: jsonb _has_key: String _is_null: Boolean }
`;

const fieldType = (c: ColumnModel, writeOnly: boolean) => `${c.type}${c.notNull && !writeOnly ? '!' : ''}`;
const LIST_ARGS = (t: string) =>
  `distinct_on: [${t}_select_column!], where: ${t}_bool_exp, order_by: [${t}_order_by!], limit: Int, offset: Int`;
const lines = (items: string[]) => items.join('\n    ');

function objectType(t: ExposedTable, exposed: Map<string, ExposedTable>) {
  const { name } = t.model;
  const writeOnly = new Set(t.policy.writeOnly ?? []);
  const fields = t.columns.map((c) =>
    c.type === 'jsonb'
      ? `${c.name}("JSON path, e.g. \\"a.b[0]\\"" path: String): ${fieldType(c, writeOnly.has(c.name))}`
      : `${c.name}: ${fieldType(c, writeOnly.has(c.name))}`,
  );
  for (const r of relationsOf(t, exposed)) {
    if (r.kind === 'object') fields.push(`${r.name}: ${r.target}`);
    else
      fields.push(
        `${r.name}(${LIST_ARGS(r.target)}): [${r.target}!]!`,
        `${r.name}_aggregate(${LIST_ARGS(r.target)}): ${r.target}_aggregate!`,
      );
  }
  for (const f of Object.values(t.policy.fields ?? {})) fields.push(f.sdl);
  return `type ${name} {\n    ${lines(fields)}\n  }`;
}

export function relationsOf(t: ExposedTable, exposed: Map<string, ExposedTable>) {
  return [...t.model.relations.values()].filter(
    (r) => exposed.has(r.target) && !t.policy.fields?.[r.name] && t.columns.some((c) => c.name === r.from),
  );
}

function aggregateTypes(t: ExposedTable) {
  const { name } = t.model;
  const numeric = t.columns.filter((c) => NUMERIC.has(c.type));
  const ordered = t.columns.filter((c) => ORDERED.has(c.type) && !(t.policy.writeOnly ?? []).includes(c.name));
  const parts = [
    `type ${name}_aggregate { aggregate: ${name}_aggregate_fields nodes: [${name}!]! }`,
    `enum ${name}_select_column { ${t.columns.map((c) => c.name).join(' ')} }`,
  ];
  const fields = [`count(columns: [${name}_select_column!], distinct: Boolean): Int!`];
  if (numeric.length) {
    fields.push(`sum: ${name}_sum_fields`, `avg: ${name}_avg_fields`);
    parts.push(
      `type ${name}_sum_fields { ${numeric.map((c) => `${c.name}: bigint`).join(' ')} }`,
      `type ${name}_avg_fields { ${numeric.map((c) => `${c.name}: Float`).join(' ')} }`,
    );
  }
  if (ordered.length) {
    fields.push(`max: ${name}_max_fields`, `min: ${name}_min_fields`);
    const list = ordered.map((c) => `${c.name}: ${c.type}`).join(' ');
    parts.push(`type ${name}_max_fields { ${list} }`, `type ${name}_min_fields { ${list} }`);
  }
  parts.push(`type ${name}_aggregate_fields {\n    ${lines(fields)}\n  }`);
  return parts.join('\n  ');
}

function inputTypes(t: ExposedTable, exposed: Map<string, ExposedTable>) {
  const { name } = t.model;
  const relations = relationsOf(t, exposed);
  const numeric = t.columns.filter((c) => NUMERIC.has(c.type));
  const boolExp = [
    `_and: [${name}_bool_exp!]`,
    `_or: [${name}_bool_exp!]`,
    `_not: ${name}_bool_exp`,
    ...t.columns
      .filter((c) => !(t.policy.writeOnly ?? []).includes(c.name))
      .map((c) => `${c.name}: ${c.type}_comparison_exp`),
    ...relations.map((r) => `${r.name}: ${r.target}_bool_exp`),
    ...Object.entries(t.policy.fields ?? {}).flatMap(([n, f]) =>
      f.filter ? [`${n}: ${f.filter.type}_comparison_exp`] : [],
    ),
  ];
  const orderBy = [
    ...t.columns.map((c) => `${c.name}: order_by`),
    ...relations.filter((r) => r.kind === 'object').map((r) => `${r.name}: ${r.target}_order_by`),
  ];
  const insert = [
    ...t.columns.map((c) => `${c.name}: ${c.type}`),
    ...relations.map((r) => `${r.name}: ${r.target}_${r.kind === 'object' ? 'obj' : 'arr'}_rel_insert_input`),
  ];
  const set = t.columns.map((c) => `${c.name}: ${c.type}`);
  const parts = [
    `input ${name}_bool_exp {\n    ${lines(boolExp)}\n  }`,
    `input ${name}_order_by {\n    ${lines(orderBy)}\n  }`,
    `input ${name}_pk_columns_input { ${t.model.pk.name}: ${t.model.pk.type}! }`,
    `input ${name}_insert_input {\n    ${lines(insert)}\n  }`,
    `input ${name}_obj_rel_insert_input { data: ${name}_insert_input! on_conflict: ${name}_on_conflict }`,
    `input ${name}_arr_rel_insert_input { data: [${name}_insert_input!]! on_conflict: ${name}_on_conflict }`,
    `input ${name}_set_input {\n    ${lines(set)}\n  }`,
    `enum ${name}_constraint { ${name}_pkey }`,
    `enum ${name}_update_column { ${t.columns.map((c) => c.name).join(' ')} }`,
    `input ${name}_on_conflict { constraint: ${name}_constraint! update_columns: [${name}_update_column!]! = [] where: ${name}_bool_exp }`,
    `type ${name}_mutation_response { affected_rows: Int! returning: [${name}!]! }`,
  ];
  if (numeric.length) parts.push(`input ${name}_inc_input { ${numeric.map((c) => `${c.name}: ${c.type}`).join(' ')} }`);
  const json = t.columns.filter((c) => c.type === 'jsonb');
  if (json.length) {
    const list = (type: string) => json.map((c) => `${c.name}: ${type}`).join(' ');
    parts.push(
      `input ${name}_append_input { ${list('jsonb')} }`,
      `input ${name}_prepend_input { ${list('jsonb')} }`,
      `input ${name}_delete_key_input { ${list('String')} }`,
    );
  }
  parts.push(`input ${name}_updates { where: ${name}_bool_exp! ${updateArgs(t).replaceAll(',', '')} }`);
  return parts.join('\n  ');
}

/** `_inc` for numeric columns; `_append`, `_prepend` and `_delete_key` for jsonb ones, as Hasura offers them. */
function updateArgs(t: ExposedTable) {
  const { name } = t.model;
  const args = [`_set: ${name}_set_input`];
  if (t.columns.some((c) => NUMERIC.has(c.type))) args.push(`_inc: ${name}_inc_input`);
  if (t.columns.some((c) => c.type === 'jsonb'))
    args.push(
      `_append: ${name}_append_input`,
      `_prepend: ${name}_prepend_input`,
      `_delete_key: ${name}_delete_key_input`,
    );
  return args.join(', ');
}

function rootFields(t: ExposedTable) {
  const { name, pk } = t.model;
  const update = updateArgs(t);
  return {
    query: [
      `${name}(${LIST_ARGS(name)}): [${name}!]!`,
      `${name}_by_pk(${pk.name}: ${pk.type}!): ${name}`,
      `${name}_aggregate(${LIST_ARGS(name)}): ${name}_aggregate!`,
    ],
    mutation: [
      `insert_${name}(objects: [${name}_insert_input!]!, on_conflict: ${name}_on_conflict): ${name}_mutation_response`,
      `insert_${name}_one(object: ${name}_insert_input!, on_conflict: ${name}_on_conflict): ${name}`,
      `update_${name}(where: ${name}_bool_exp!, ${update}): ${name}_mutation_response`,
      `update_${name}_by_pk(pk_columns: ${name}_pk_columns_input!, ${update}): ${name}`,
      `update_${name}_many(updates: [${name}_updates!]!): [${name}_mutation_response]`,
      `delete_${name}(where: ${name}_bool_exp!): ${name}_mutation_response`,
      `delete_${name}_by_pk(${pk.name}: ${pk.type}!): ${name}`,
    ],
  };
}

/** The whole generated SDL; custom SDL is appended by the composition root. */
export function generateSdl(exposed: Map<string, ExposedTable>) {
  const types: string[] = [SCALAR_SDL];
  const query: string[] = [];
  const mutation: string[] = [];
  for (const t of exposed.values()) {
    types.push(objectType(t, exposed), aggregateTypes(t), inputTypes(t, exposed));
    const root = rootFields(t);
    query.push(...root.query);
    mutation.push(...root.mutation);
  }
  return [
    ...types,
    `type query_root {\n    ${lines(query)}\n  }`,
    `type mutation_root {\n    ${lines(mutation)}\n  }`,
  ].join('\n\n  ');
}
