import { describe, expect, it } from 'vitest';
import { GroupWriter } from './groupWriter';

/** An error as node-postgres raises it when PostgreSQL broke a deadlock, wrapped as Drizzle wraps driver errors. */
const deadlock = () =>
  Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });

const writerOf = (writeBatch: (rows: string[]) => Promise<string[]>) =>
  new GroupWriter(writeBatch, { kind: 'test', writers: 1, maxBatch: 10, person: () => undefined });

describe('GroupWriter', () => {
  it('writes a batch again once when PostgreSQL rolled it back to break a deadlock', async () => {
    const tries: string[][] = [];
    const writer = writerOf(async (rows) => {
      tries.push(rows);
      if (tries.length === 1) throw deadlock();
      return rows.map((row) => `${row} written`);
    });
    expect(await Promise.all([writer.write('a'), writer.write('b')])).toEqual(['a written', 'b written']);
    expect(tries).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(writer.stats).toMatchObject({ batches: 1, rows: 2, retries: 1, fallbacks: 0 });
  });

  it('does not try again a batch that failed for another reason, nor a deadlock twice', async () => {
    const other = writerOf(async () => {
      throw Object.assign(new Error('Failed query'), { cause: { code: '23505' } });
    });
    await expect(other.write('a')).rejects.toThrow('Failed query');
    expect(other.stats.retries).toBe(0);
    let calls = 0;
    const stuck = writerOf(async () => {
      calls += 1;
      throw deadlock();
    });
    await expect(stuck.write('a')).rejects.toThrow('Failed query');
    expect(calls).toBe(2);
  });
});
