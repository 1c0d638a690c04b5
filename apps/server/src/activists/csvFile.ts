import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse';
import type { ActivistImportMapping } from '../db/schema';
import { AppError } from '../http/errors';

/*
 * Reading a CSV file of people as spreadsheets save it: RFC 4180 (quoted cells, doubled quotes, line breaks inside
 * quotes, CRLF or LF), a byte-order mark or none, `,` or `;` between cells (Excel in pt-BR and es saves `;`), UTF-8,
 * or Windows-1252 when the bytes are not UTF-8 (Excel's "CSV" on Windows), so accents survive either way.
 *
 * The file never sits whole in memory. The upload goes to a temporary file as it arrives (`receiveCsv`), which also
 * counts its bytes and learns its encoding; csv-parse then reads that file a chunk at a time (`readCsv`), and the
 * import stores its rows a batch at a time as they come.
 */

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_COLUMNS = 100;

export type CsvEncoding = 'utf-8' | 'latin1';

export const importTooLarge = () =>
  new AppError('payload_too_large', undefined, `activists.importTooLarge?mb=${IMPORT_MAX_BYTES / 1024 / 1024}`);
const notCsv = () => new AppError('unprocessable', { file: ['activists.importNotCsv'] });

/** An upload kept in a temporary file until `remove`. */
export interface ReceivedCsv {
  path: string;
  bytes: number;
  encoding: CsvEncoding;
  remove: () => Promise<void>;
}

/**
 * Writes the body to a temporary file as it arrives, and refuses it once it passes `IMPORT_MAX_BYTES` or holds a
 * NUL byte (a spreadsheet's binary format, not its CSV). The bytes are UTF-8 when a strict decoder takes all of
 * them, otherwise Windows-1252. The body is not destroyed on a refusal, so the answer can still be sent.
 */
export async function receiveCsv(body: Readable): Promise<ReceivedCsv> {
  const dir = await mkdtemp(join(tmpdir(), 'mutirao-import-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload.csv');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let bytes = 0;
  try {
    const file = await open(path, 'w');
    try {
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > IMPORT_MAX_BYTES) throw importTooLarge();
        if (chunk.includes(0)) throw notCsv();
        if (isUtf8) isUtf8 = decodes(utf8, chunk);
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
    if (isUtf8) isUtf8 = decodes(utf8);
    return { path, bytes, encoding: isUtf8 ? 'utf-8' : 'latin1', remove };
  } catch (error) {
    await remove();
    // A sender that went away mid-file is not the server's failure (no one is left to read the answer).
    if (!(error instanceof AppError) && body.errored)
      throw new AppError('bad_request', undefined, 'errors.invalidBody');
    throw error;
  }
}

/** Whether a strict decoder takes the chunk (or, with none, ends without a sequence left open). */
function decodes(decoder: TextDecoder, chunk?: Uint8Array) {
  try {
    if (chunk) decoder.decode(chunk, { stream: true });
    else decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The separator the header uses, and whether the text holds the header's end (a line break outside quotes). */
function scanHeader(text: string) {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let ended = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      ended = true;
      break;
    } else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return { separator: semicolons > commas ? ';' : ',', ended } as const;
}

/** `;` when the first line holds more of them than commas, outside quotes. */
export const detectSeparator = (text: string) => scanHeader(text).separator;

/** A record with the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvReading {
  separator: ',' | ';';
  header: string[];
  /** The data rows, read as they are asked for; blank lines are skipped. */
  rows: AsyncGenerator<CsvRecord>;
}

/** How much of the file is read, at most, to find where its header ends. */
const HEADER_SCAN = 1024 * 1024;

/**
 * The header and the data rows of CSV bytes, or the field-named error that says why they are not a CSV of people.
 * The separator is chosen from the header, so the text is read until the header's end (or 1 MB of it).
 */
export async function readCsv(source: AsyncIterable<Uint8Array>, encoding: CsvEncoding): Promise<CsvReading> {
  // A UTF-8 decoder drops a leading byte-order mark (`ignoreBOM: false`, the default).
  const decoder = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'windows-1252');
  const chunks = (async function* () {
    for await (const chunk of source) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const text = decoder.decode();
    if (text) yield text;
  })();
  let head = '';
  while (!scanHeader(head).ended && head.length < HEADER_SCAN) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value;
  }
  const separator = scanHeader(head).separator;
  const records = csvRecords(
    (async function* () {
      if (head) yield head;
      yield* chunks;
    })(),
    separator,
  );
  const first = await records.next();
  if (first.done) throw new AppError('unprocessable', { file: ['activists.importEmpty'] });
  const header = first.value.cells.map((h) => h.trim());
  if (header.length > IMPORT_MAX_COLUMNS) {
    await records.return(undefined);
    throw new AppError('unprocessable', { file: [`activists.importTooManyColumns?max=${IMPORT_MAX_COLUMNS}`] });
  }
  return { separator, header, rows: records };
}

/** Reads a received upload from its temporary file. */
export const readReceivedCsv = async (received: ReceivedCsv) => ({
  ...(await readCsv(createReadStream(received.path), received.encoding)),
  encoding: received.encoding,
});

/**
 * Every record of the text with the line it starts on, through csv-parse. A cell's quote that is not its first
 * character is kept as written (`Ana "Aninha" Souza`), rows may differ in length, and blank lines are skipped.
 */
async function* csvRecords(text: AsyncIterable<string>, separator: string): AsyncGenerator<CsvRecord> {
  const parser = pipeline(
    Readable.from(text),
    parse({
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }),
    () => {
      // Errors reach the reader below, through the parser.
    },
  );
  // A record ends on `info.lines`; it starts on the line after the previous one's end and the blank lines skipped.
  let end = 0;
  let blank = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      const line = end + 1 + (info.empty_lines - blank);
      end = info.lines;
      blank = info.empty_lines;
      if (record.length === 1 && record[0] === '') continue;
      yield { line, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new AppError('unprocessable', { file: ['activists.importUnclosedQuote'] });
    if (error instanceof CsvError) throw notCsv();
    throw error;
  } finally {
    parser.destroy();
  }
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
