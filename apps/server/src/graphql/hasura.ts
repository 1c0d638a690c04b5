import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';

/** A Hasura-style `<table>_bool_exp` or `<table>_order_by` is translated against this whitelist only. */
export type ColumnMap = Record<string, AnyPgColumn>;

/** Object relations (`block: {mobilization_id: {_eq: 1}}`) become `column in (select ...)` subqueries. */
export type RelationMap = Record<string, (inner: Record<string, unknown>) => SQL | undefined>;

type Comparison = Record<string, unknown>;

const invalidValue = () => new GraphQLError('api.invalidValue', { extensions: { code: 'validation-failed' } });

/**
 * A value as its column takes it: a timestamp column gets a Date (a string that is no date is the caller's
 * error), and no string may carry a NUL byte, which PostgreSQL text cannot hold.
 */
function columnValue(column: AnyPgColumn, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => columnValue(column, v));
  if (typeof value === 'string' && value.includes('\u0000')) throw invalidValue();
  if (column.dataType === 'date' && value !== null) {
    const date = new Date(value as string | number);
    if (Number.isNaN(date.getTime())) throw invalidValue();
    return date;
  }
  return value;
}

function compare(column: AnyPgColumn, ops: Comparison): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  for (const [op, raw] of Object.entries(ops)) {
    const value = columnValue(column, raw);
    switch (op) {
      case '_eq':
        parts.push(value === null ? isNull(column) : eq(column, value));
        break;
      case '_neq':
        parts.push(value === null ? isNotNull(column) : ne(column, value));
        break;
      case '_gt':
        parts.push(gt(column, value));
        break;
      case '_gte':
        parts.push(gte(column, value));
        break;
      case '_lt':
        parts.push(lt(column, value));
        break;
      case '_lte':
        parts.push(lte(column, value));
        break;
      case '_in':
        parts.push(Array.isArray(value) && value.length ? inArray(column, value) : sql`false`);
        break;
      case '_nin':
        parts.push(Array.isArray(value) && value.length ? notInArray(column, value) : sql`true`);
        break;
      case '_is_null':
        parts.push(value ? isNull(column) : isNotNull(column));
        break;
      case '_ilike':
        parts.push(ilike(column, String(value)));
        break;
      case '_like':
        parts.push(like(column, String(value)));
        break;
      default:
        throw new GraphQLError(`unexpected operator ${op}`, { extensions: { code: 'validation-failed' } });
    }
  }
  return and(...parts);
}

export function boolExpToSql(
  exp: Record<string, unknown> | null | undefined,
  columns: ColumnMap,
  relations: RelationMap = {},
): SQL | undefined {
  if (!exp) return undefined;
  const parts: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(exp)) {
    if (value === undefined) continue;
    if (key === '_and')
      parts.push(and(...(value as Record<string, unknown>[]).map((e) => boolExpToSql(e, columns, relations))));
    else if (key === '_or')
      parts.push(
        or(...(value as Record<string, unknown>[]).map((e) => boolExpToSql(e, columns, relations) ?? sql`true`)),
      );
    else if (key === '_not') {
      const inner = boolExpToSql(value as Record<string, unknown>, columns, relations);
      parts.push(inner ? not(inner) : undefined);
    } else if (relations[key]) parts.push(relations[key](value as Record<string, unknown>));
    else if (columns[key]) parts.push(compare(columns[key], value as Comparison));
    else
      throw new GraphQLError(`field ${key} not found in type bool_exp`, { extensions: { code: 'validation-failed' } });
  }
  return and(...parts);
}

export function orderByToSql(orderBy: unknown, columns: ColumnMap): SQL[] {
  const list = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) as Record<string, string>[];
  const result: SQL[] = [];
  for (const entry of list) {
    for (const [key, direction] of Object.entries(entry)) {
      const column = columns[key];
      if (!column) continue;
      const nulls = direction.endsWith('_nulls_first')
        ? sql` nulls first`
        : direction.endsWith('_nulls_last')
          ? sql` nulls last`
          : sql``;
      result.push(direction.startsWith('desc') ? sql`${desc(column)}${nulls}` : sql`${asc(column)}${nulls}`);
    }
  }
  return result;
}

export const COMPARISON_INPUTS = /* GraphQL */ `
  scalar timestamptz
  scalar jsonb
  "Hasura's bigint: a JSON number."
  scalar bigint
  enum order_by { asc asc_nulls_first asc_nulls_last desc desc_nulls_first desc_nulls_last }
  input Int_comparison_exp { _eq: Int _neq: Int _gt: Int _gte: Int _lt: Int _lte: Int _in: [Int!] _nin: [Int!] _is_null: Boolean }
  input String_comparison_exp { _eq: String _neq: String _gt: String _gte: String _lt: String _lte: String _in: [String!] _nin: [String!] _is_null: Boolean _ilike: String _like: String }
  input Boolean_comparison_exp { _eq: Boolean _neq: Boolean _is_null: Boolean }
  input timestamptz_comparison_exp { _eq: timestamptz _neq: timestamptz _gt: timestamptz _gte: timestamptz _lt: timestamptz _lte: timestamptz _is_null: Boolean }
  type aggregate_count { count: Int! }
`;
