/*
 * CSV as spreadsheet programs read it (RFC 4180): UTF-8 with a byte-order mark so accents survive Excel, CRLF line
 * ends, and a cell quoted when it holds a quote, a comma or a line break.
 */

/** The UTF-8 byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula (CSV injection, OWASP): those that start with `=`, `+`, `-`, `@`, a
 * tab or a carriage return. They get a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `2026-11-22 13:45:07`: UTC, in a shape every spreadsheet reads as a date and time. */
export function csvTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
