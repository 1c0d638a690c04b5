import { describe, expect, it } from 'vitest';
import { filenameOf } from './exportCsv';

describe('filenameOf', () => {
  it('reads the server’s file name, or falls back', () => {
    expect(filenameOf('attachment; filename="doacoes-1-2026-01-02.csv"', 'x.csv')).toBe('doacoes-1-2026-01-02.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
