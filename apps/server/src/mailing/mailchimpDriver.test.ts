import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondHandle, useFreshDatabase } from '../../test/harness';
import { type MailchimpDouble, startMailchimpDouble } from '../../test/mailchimp';
import type { Database } from '../db/client';
import { MailingError } from './driver';
import { MailchimpDriver } from './mailchimp';
import { subscriberHash } from './marketingApi';

const KEY = `${'e5'.repeat(16)}-us3`;
const SHARED_KEY = `${'a7'.repeat(16)}-us3`;
const LIST = 'f00d';
const account = { communityId: 1, apiKey: KEY, listId: LIST, groupId: 'g1' };

const fresh = useFreshDatabase();
let mailchimp: MailchimpDouble;
let driver: MailchimpDriver;
/** A second process's handle on the database, for a second driver. */
let other: Database;
beforeAll(async () => {
  mailchimp = await startMailchimpDouble({ [LIST]: 'Lista' }, [KEY, SHARED_KEY]);
  driver = new MailchimpDriver({
    db: fresh.database.db,
    apiUrl: mailchimp.url,
    maxRetryAfterSeconds: 2,
    backoffMs: 10,
  });
  other = await secondHandle(fresh.database, fresh.url);
});
afterAll(async () => {
  await other?.close();
  await mailchimp?.close();
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailingError);
  return error as MailingError;
};

const person = (i: number) => ({ email: `p${i}@example.org`, firstName: 'P', lastName: null, city: null, phone: null });

describe('the Mailchimp driver against a double of the Marketing API', () => {
  it('keeps to 10 simultaneous connections per key', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => driver.upsertMember(account, person(i))));
    expect(mailchimp.peakConcurrency()).toBeLessThanOrEqual(10);
    expect(mailchimp.peakConcurrency()).toBeGreaterThanOrEqual(5);
    expect(mailchimp.members.get(LIST)?.size).toBe(40);
    const put = mailchimp.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ interests: { g1: true }, merge_fields: { FNAME: 'P' } });
  });

  it('keeps to 10 simultaneous connections per key across two processes, none refused, the key never stored', async () => {
    const second = new MailchimpDriver({ db: other.db, apiUrl: mailchimp.url, maxRetryAfterSeconds: 2, backoffMs: 10 });
    const shared = { ...account, apiKey: SHARED_KEY };
    const keysOf = async () =>
      (
        (await fresh.database.db.execute(sql`select key from shared_leases`)) as unknown as { rows: { key: string }[] }
      ).rows.map((r) => r.key);
    // The leases' keys, read while the two drivers sync.
    const seen = new Set<string>();
    let syncing = true;
    const watching = (async () => {
      while (syncing) {
        for (const key of await keysOf()) seen.add(key);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await Promise.all(
      [driver, second].flatMap((d, n) =>
        Array.from({ length: 40 }, (_, i) => d.upsertMember(shared, person(1000 + 100 * n + i))),
      ),
    ).finally(() => {
      syncing = false;
    });
    await watching;
    // Mailchimp refuses an account's 11th simultaneous connection with 429: the double counts them per key.
    expect(mailchimp.connections(SHARED_KEY).refused).toBe(0);
    expect(mailchimp.connections(SHARED_KEY).peak).toBeLessThanOrEqual(10);
    expect(mailchimp.connections(SHARED_KEY).peak).toBeGreaterThanOrEqual(5);
    expect(mailchimp.members.get(LIST)?.size).toBeGreaterThanOrEqual(80);
    // The table names the key by its hash only, and every lease was given back.
    expect([...seen]).toEqual([`mailchimp:${createHash('sha256').update(SHARED_KEY).digest('hex')}`]);
    expect(await keysOf()).toEqual([]);
  });

  it("reports a member's 400 as invalid, a 5xx past the retries as unavailable, and a long Retry-After at once", async () => {
    const fake = await refusal(driver.upsertMember(account, { ...person(0), email: 'fake@example.org' }));
    expect(fake).toMatchObject({ kind: 'invalid', status: 400 });
    expect(fake.message).toContain('looks fake');
    mailchimp.failWhen(() => true);
    const before = mailchimp.requests.length;
    const down = await refusal(driver.listInfo(account));
    mailchimp.failWhen(undefined);
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(mailchimp.requests.length - before).toBe(4);
    mailchimp.throttleNext(1, 60);
    const started = Date.now();
    const throttled = await refusal(driver.listInfo(account));
    expect(throttled).toMatchObject({ kind: 'unavailable', status: 429, retryAfterSeconds: 60 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('finds a segment by name before making one, and batches members_to_add by 500', async () => {
    const first = await driver.ensureSegment(account, 'M9F');
    expect(await driver.ensureSegment(account, 'M9F')).toBe(first);
    expect(mailchimp.segments.get(LIST)?.filter((s) => s.name === 'M9F')).toHaveLength(1);
    const emails = Array.from({ length: 40 }, (_, i) => `p${i}@example.org`);
    await driver.addToSegment(account, first, [
      ...emails,
      ...Array.from({ length: 470 }, (_, i) => `x${i}@example.org`),
    ]);
    const batches = mailchimp.requests.filter((r) => r.path === `/lists/${LIST}/segments/${first}`);
    expect(batches.map((r) => (r.body as { members_to_add: string[] }).members_to_add.length)).toEqual([500, 10]);
    expect(mailchimp.segments.get(LIST)?.find((s) => s.name === 'M9F')?.members.size).toBe(40);
  });

  it('deletes a member for good by its hash, and takes one already gone as forgotten', async () => {
    await driver.upsertMember(account, person(900));
    const hash = subscriberHash('P900@example.org');
    expect(mailchimp.members.get(LIST)?.has(hash)).toBe(true);
    await driver.forgetMember(account, hash);
    expect(mailchimp.members.get(LIST)?.has(hash)).toBe(false);
    const call = mailchimp.requests.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: `/lists/${LIST}/members/${hash}/actions/delete-permanent` });
    // Asked again (a retried job), the 404 means it is already done.
    await driver.forgetMember(account, hash);
    expect(mailchimp.requests.at(-1)?.path).toContain('delete-permanent');
  });
});
