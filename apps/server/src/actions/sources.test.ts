import { CALL_STANDINGS, countsAsAction, DONATION_STANDINGS } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/** The SQL of migration 0032 says what core says, state by state: one definition, in two languages. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function countsInSql(fn: string, state: string | null): Promise<boolean> {
  const result = (await server.ctx.db.execute(
    sql`select coalesce(${sql.raw(fn)}(${state}::text), false) as counts`,
  )) as unknown as { rows: { counts: boolean }[] };
  return Boolean(result.rows[0]?.counts);
}

describe('what counts, in SQL', () => {
  it('a donation: every state core knows, and one it does not', async () => {
    for (const state of [...Object.keys(DONATION_STANDINGS), 'something_new', null])
      expect(await countsInSql('mutirao_donation_counts', state), String(state)).toBe(
        countsAsAction('donation', state),
      );
  });

  it('a call: every state core knows', async () => {
    for (const state of [...Object.keys(CALL_STANDINGS), null])
      expect(await countsInSql('mutirao_call_counts', state), String(state)).toBe(
        countsAsAction('pressure-phone', state),
      );
  });

  it('a pressure row: an e-mail pressure is an action, a phone visit is not', async () => {
    expect(await countsInSql('mutirao_pressure_counts', 'email')).toBe(true);
    expect(await countsInSql('mutirao_pressure_counts', 'phone')).toBe(false);
  });
});
