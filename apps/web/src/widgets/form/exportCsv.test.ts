import { describe, expect, it } from 'vitest';
import { filenameOf, readWithProgress } from './exportCsv';

describe('filenameOf', () => {
  it('reads the server’s file name, or falls back', () => {
    expect(filenameOf('attachment; filename="doacoes-1-2026-01-02.csv"', 'x.csv')).toBe('doacoes-1-2026-01-02.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});

describe('readWithProgress', () => {
  it('reads the whole body when nobody listens for progress (the form export)', async () => {
    const blob = await readWithProgress(new Response('\uFEFFID\r\n1\r\n', { headers: { 'content-type': 'text/csv' } }));
    expect(await blob.text()).toContain('1\r\n');
  });

  it('tells the bytes received after each chunk of a streamed report, and keeps them all', async () => {
    const chunks = ['\uFEFFID,Nome\r\n', '1,Ana\r\n', '2,"Zé, o ""bom"""\r\n'].map((c) => new TextEncoder().encode(c));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const seen: number[] = [];
    const blob = await readWithProgress(
      new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      (bytes) => seen.push(bytes),
    );
    let total = 0;
    expect(seen).toEqual(chunks.map((c) => (total += c.byteLength)));
    expect(blob.size).toBe(total);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(
      '\uFEFFID,Nome\r\n1,Ana\r\n2,"Zé, o ""bom"""\r\n',
    );
  });
});
