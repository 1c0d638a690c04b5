import { ApiError } from '../api/client';
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from './activistsApi';

/** The server's messages of a failed call for the named fields; with `orAny`, any it gave when none is theirs. */
export function messagesOf(error: unknown, fields: string[], orAny = false): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'response') return undefined;
  const named = fields.flatMap((f) => error.fields[f] ?? []);
  const any = [...Object.values(error.fields).flat(), ...error.messages];
  return (named.length || !orAny ? named : any).join(' ') || undefined;
}

/** The mapping with a field fed by the column at `value` (a select's value), or by none when it is ''. */
export function withColumn(mapping: ImportMapping, field: ImportField, value: string): ImportMapping {
  const next = { ...mapping };
  if (value === '') delete next[field];
  else next[field] = Number(value);
  return next;
}

/** A field's choices: no column first, then the file's columns by position, a nameless one as '#n'. */
export const columnOptions = (header: string[], noColumn: string) => [
  { value: '', label: noColumn },
  ...header.map((name, index) => ({ value: String(index), label: name || `#${index + 1}` })),
];

/**
 * Where a refused start's messages go: on the field they name (`mapping.email`), on the tags, or, when they name
 * none of those, in one alert above the button.
 */
export function startErrors(error: unknown) {
  const fields: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const message = messagesOf(error, [`mapping.${field}`]);
    if (message) fields[field] = message;
  }
  const tags = messagesOf(error, ['tags']);
  const alert = Object.keys(fields).length || tags ? undefined : messagesOf(error, ['mapping', 'base'], true);
  return { fields, tags, alert };
}
