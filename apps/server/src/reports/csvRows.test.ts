import { describe, expect, it } from 'vitest';
import { csvRows } from './copy';
import { csvLine } from './csv';

/*
 * `csvRows` rewrites COPY's CSV rows in Node into what `csvLine` writes. COPY is PostgreSQL's to test
 * (`copy.test.ts` holds the two paths' bytes against each other); here each row is written the way COPY writes it,
 * so every shape of cell is seen, including those no fixture happens to hold.
 */

/** A row as `COPY … (FORMAT csv)` writes it: NULL as nothing, '' and any cell holding `"`, `,`, CR or LF quoted. */
const copyRow = (cells: (string | null)[]) =>
  `${cells
    .map((c) => (c === null ? '' : c === '' || /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
    .join(',')}\n`;

function rewritten(row: string): string {
  const bytes = Buffer.from(row);
  const out = Buffer.alloc(csvRows.room(bytes) + 8, 0x7e);
  // Written at an offset, as into a chunk already part-filled.
  const end = csvRows.write(bytes, out, 8);
  expect(end).toBeLessThanOrEqual(out.length);
  return out.subarray(8, end).toString();
}

const CELLS = [
  'plain',
  '',
  null,
  '=1+1',
  '+55 81 99999-0000',
  '-1',
  '@bia',
  '\tcom tab',
  '\rcomeça com CR',
  '"citação" no início',
  '"',
  '""',
  ',',
  '=a,b',
  '-"x"',
  'linha 1\nlinha 2',
  'com\r\nCRLF',
  'fim com aspas"',
  'ãõç ✊🏽',
  "'já",
  '\\.',
];

describe('csvRows', () => {
  it('writes each cell as csvLine does: the formula guard, quoting kept, an empty text as nothing, CRLF', () => {
    for (const cell of CELLS) expect(rewritten(copyRow([cell]))).toBe(csvLine([cell]));
    // Every cell beside every other, first and last in the row.
    for (const a of CELLS) for (const b of CELLS) expect(rewritten(copyRow([a, b, a]))).toBe(csvLine([a, b, a]));
  });

  it('writes rows of nothing but empty cells', () => {
    expect(rewritten(copyRow([null]))).toBe('\r\n');
    expect(rewritten(copyRow(['', null, '']))).toBe(',,\r\n');
    expect(rewritten(copyRow([null, null, null, null]))).toBe(',,,\r\n');
  });

  it('stops at the row’s end however its quoting is broken, and never writes past its room', () => {
    for (const row of ['"open', '"', 'a,"b', '"a""', ',"']) {
      const text = rewritten(`${row}\n`);
      expect(text.endsWith('\r\n')).toBe(true);
    }
  });
});
