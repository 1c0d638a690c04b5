import type { ActivistImportMapping } from '../db/schema';
import { AppError } from '../http/errors';

/*
 * Reading a CSV file of people as spreadsheets save it: RFC 4180 (quoted cells, doubled quotes, line breaks inside
 * quotes, CRLF or LF), a byte-order mark or none, `,` or `;` between cells (Excel in pt-BR and es saves `;`), UTF-8,
 * or Windows-1252 when the bytes are not UTF-8 (Excel's "CSV" on Windows), so accents survive either way.
 */

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_COLUMNS = 100;

/** The text of the file: UTF-8 when the bytes are, otherwise Windows-1252 (a superset of Latin-1). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin1' } {
  if (bytes.includes(0)) throw new AppError('unprocessable', { file: ['activists.importNotCsv'] });
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'latin1' };
  }
}

/** `;` when the first line holds more of them than commas, outside quotes. */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Every record of the text with the line it starts on (1-based); blank lines are skipped. */
export function* csvRecords(text: string, separator: string): Generator<{ line: number; cells: string[] }> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = function* () {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') yield { line: start, cells: row };
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      yield* end();
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) throw new AppError('unprocessable', { file: ['activists.importUnclosedQuote'] });
  if (cell !== '' || row.length) yield* end();
}

export interface ParsedCsv {
  header: string[];
  rows: { line: number; cells: string[] }[];
  separator: ',' | ';';
  encoding: 'utf-8' | 'latin1';
}

/** The file's header and data rows, or the field-named error that says why it is not a CSV of people. */
export function parseCsvFile(bytes: Uint8Array): ParsedCsv {
  const { text: raw, encoding } = decodeCsv(bytes);
  const text = raw.replace(/^\uFEFF/, '');
  const separator = detectSeparator(text);
  const records = csvRecords(text, separator);
  const first = records.next();
  if (first.done) throw new AppError('unprocessable', { file: ['activists.importEmpty'] });
  const header = first.value.cells.map((h) => h.trim());
  if (header.length > IMPORT_MAX_COLUMNS)
    throw new AppError('unprocessable', { file: [`activists.importTooManyColumns?max=${IMPORT_MAX_COLUMNS}`] });
  const rows = [...records];
  if (!rows.length) throw new AppError('unprocessable', { file: ['activists.importNoRows'] });
  return { header, rows, separator, encoding };
}

/** Header names, in pt-BR, es and en, that suggest a field (compared without accents, case or punctuation). */
const HEADER_NAMES: Record<keyof ActivistImportMapping, string[]> = {
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electronico', 'endereco de email', 'email address'],
  name: ['nome', 'name', 'nombre', 'nome completo', 'full name', 'nombre completo'],
  first_name: ['primeiro nome', 'first name', 'firstname', 'given name', 'primer nombre', 'nome proprio'],
  last_name: ['sobrenome', 'ultimo nome', 'last name', 'lastname', 'surname', 'family name', 'apellido', 'apellidos'],
  phone: ['telefone', 'phone', 'telefono', 'celular', 'whatsapp', 'movil', 'mobile', 'fone', 'tel'],
  city: ['cidade', 'city', 'ciudad', 'municipio', 'town'],
  tags: ['etiquetas', 'etiqueta', 'tags', 'tag', 'marcadores'],
};

const normal = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The mapping a header suggests: each field to the first column whose name is one of the field's. */
export function suggestMapping(header: string[]): Partial<ActivistImportMapping> {
  const names = header.map(normal);
  const mapping: Partial<ActivistImportMapping> = {};
  const taken = new Set<number>();
  for (const [field, candidates] of Object.entries(HEADER_NAMES) as [keyof ActivistImportMapping, string[]][]) {
    const wanted = candidates.map(normal);
    const index = names.findIndex((n, i) => !taken.has(i) && wanted.includes(n));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}
