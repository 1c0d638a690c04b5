import { describe, expect, it } from 'vitest';
import { filenameOf, headerOnly } from './exportCsv';

describe('headerOnly', () => {
  it('tells a report with no row from one with rows, line breaks inside cells included', () => {
    expect(headerOnly('\uFEFFID,Nome\r\n')).toBe(true);
    expect(headerOnly('\uFEFFID,Nome')).toBe(true);
    expect(headerOnly('\uFEFFID,Nome\r\n1,Ana\r\n')).toBe(false);
    expect(headerOnly('\uFEFFID,Nome\r\n1,"Ana\r\nSegunda linha"\r\n')).toBe(false);
  });
});

describe('filenameOf', () => {
  it('reads the server’s file name, or falls back', () => {
    expect(filenameOf('attachment; filename="doacoes-1-2026-01-02.csv"', 'x.csv')).toBe('doacoes-1-2026-01-02.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
