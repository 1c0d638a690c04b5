import { type SQL, sql } from 'drizzle-orm';

/**
 * A PostgreSQL array literal (`{"a","b"}`), to bind as one text parameter and cast: Drizzle would spread a JS array
 * into a list of parameters, and the drivers do not agree on arrays.
 */
export function arrayLiteral(value: unknown): string {
  const items = (Array.isArray(value) ? value : [value]).map(
    (v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * `= any(...)` of a batch's keys, beside a join to the batch's `jsonb_to_recordset`: the planner cannot tell how many
 * rows the JSON holds (it guesses 100) and would scan the whole table with a hash join; an array of the keys lets it
 * use the table's index.
 */
export const anyInt = (values: number[]): SQL => sql`any(${arrayLiteral(values)}::int[])`;
export const anyText = (values: string[]): SQL => sql`any(${arrayLiteral(values)}::text[])`;
