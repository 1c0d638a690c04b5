import {
  and,
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
  notIlike,
  notInArray,
  notLike,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';
import { arrayLiteral } from '../db/arrays';

/*
 * Hasura's comparison operators and `order_by` directions as SQL over one column. Values are bound parameters;
 * column names come from the generated model only, never from the caller.
 */

type Comparison = Record<string, unknown>;
/** A column, or an expression over the row (a computed field's filter), which has no column type. */
type Operand = AnyPgColumn | SQL;
const typeOf = (operand: Operand) => ('dataType' in operand ? operand.dataType : undefined);

export const invalidValue = () => new GraphQLError('api.invalidValue', { extensions: { code: 'validation-failed' } });

/**
 * A value as its column takes it: a timestamp column gets a Date (Hasura's `"now()"` included; a string that is no
 * date is the caller's error), and no string may carry a NUL byte, which PostgreSQL text cannot hold.
 */
export function columnValue(column: Operand, value: unknown): unknown {
  if (Array.isArray(value) && typeOf(column) !== 'json') return value.map((v) => columnValue(column, v));
  if (typeof value === 'string' && value.includes('\u0000')) throw invalidValue();
  if (typeOf(column) === 'date' && value !== null && value !== undefined) {
    if (value === 'now()' || value === 'now') return new Date();
    const date = new Date(value as string | number);
    if (Number.isNaN(date.getTime())) throw invalidValue();
    return date;
  }
  return value;
}

/** One `<scalar>_comparison_exp` against a column. */
export function compare(operand: Operand, ops: Comparison): SQL | undefined {
  // Drizzle's operators take an expression as well as a column; only their types insist on one of them.
  const column = operand as AnyPgColumn;
  const parts: (SQL | undefined)[] = [];
  for (const [op, raw] of Object.entries(ops)) {
    if (raw === undefined) continue;
    const value = op === '_has_key' || op === '_is_null' ? raw : columnValue(column, raw);
    switch (op) {
      case '_eq':
        parts.push(value === null ? isNull(column) : eq(column, jsonParam(column, value)));
        break;
      case '_neq':
        parts.push(value === null ? isNotNull(column) : ne(column, jsonParam(column, value)));
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
      case '_nilike':
        parts.push(notIlike(column, String(value)));
        break;
      case '_nlike':
        parts.push(notLike(column, String(value)));
        break;
      case '_contains':
        parts.push(sql`${column} @> ${containerParam(column, value)}`);
        break;
      case '_contained_in':
        parts.push(sql`${column} <@ ${containerParam(column, value)}`);
        break;
      case '_has_key':
        parts.push(sql`${column} ? ${String(value)}`);
        break;
      default:
        throw new GraphQLError(`unexpected operator ${op}`, { extensions: { code: 'validation-failed' } });
    }
  }
  return and(...parts);
}

/** jsonb equality compares documents, so the value goes in as JSON text cast to jsonb. */
function jsonParam(column: Operand, value: unknown) {
  return typeOf(column) === 'json' ? sql`${JSON.stringify(value)}::jsonb` : value;
}

/** The right side of `@>` / `<@`: a jsonb document, or a text array. */
function containerParam(column: Operand, value: unknown) {
  if (typeOf(column) !== 'array') return sql`${JSON.stringify(value)}::jsonb`;
  const numbers = (column as unknown as { baseColumn: AnyPgColumn }).baseColumn.dataType === 'number';
  return numbers ? sql`${arrayLiteral(value)}::int[]` : sql`${arrayLiteral(value)}::text[]`;
}

/** An `order_by` direction with its nulls placement, applied to any expression. */
export function ordered(expr: SQL | AnyPgColumn, direction: string): SQL {
  const nulls = direction.endsWith('_nulls_first')
    ? sql` nulls first`
    : direction.endsWith('_nulls_last')
      ? sql` nulls last`
      : sql``;
  return direction.startsWith('desc') ? sql`${expr} desc${nulls}` : sql`${expr} asc${nulls}`;
}
