import { describe, expect, it } from 'vitest';
import { countedDb } from '../../test/countedDb';
import { createFormPage } from '../../test/formPage';
import { useFreshDatabase } from '../../test/harness';
import type { ListenHandlers } from '../db/client';
import { HostLookups } from './pages';

const fresh = useFreshDatabase();

/**
 * The page announcements, driven by the test: what `Database.listen` hands the lookups, so a change can be announced
 * at an exact moment (the real announcements are covered in public.test.ts and scaling.test.ts).
 */
function announcements() {
  let handlers: ListenHandlers | undefined;
  return {
    source: {
      listen: async (_channel: string, h: ListenHandlers) => {
        handlers = h;
        h.onUp?.();
        return async () => {};
      },
    },
    announce: () => handlers?.onNotify(''),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('host lookups kept in memory (issue 18: the public page under load)', () => {
  it('50 requests missing the same host at once make one query, and all get its page', async () => {
    const { page } = await createFormPage(fresh.database.db);
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const lookups = new HostLookups(db);
    await lookups.listen(announcements().source);
    const site = { by: 'slug' as const, slug: page.slug };
    const found = await Promise.all(Array.from({ length: 50 }, () => lookups.find(site)));
    expect(calls.n).toBe(1);
    expect(new Set(found.map((row) => row?.id))).toEqual(new Set([page.id]));
    expect(lookups.peek(site)?.row?.id).toBe(page.id);
    // An unknown host is kept as a miss, and asked once too.
    const unknown = { by: 'slug' as const, slug: 'nao-existe-aqui' };
    expect(await Promise.all([lookups.find(unknown), lookups.find(unknown)])).toEqual([undefined, undefined]);
    expect(await lookups.find(unknown)).toBeUndefined();
    expect(calls.n).toBe(2);
  });

  it('a page in use is read again in the background and never drops out of memory at its bound', async () => {
    const { page } = await createFormPage(fresh.database.db);
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const lookups = new HostLookups(db, { ttlMs: 400, refreshMs: 150 });
    await lookups.listen(announcements().source);
    const site = { by: 'slug' as const, slug: page.slug };
    await lookups.find(site);
    expect(calls.n).toBe(1);
    // Visitors keep coming for a second, two and a half bounds: each view is answered from memory.
    const until = performance.now() + 1_000;
    while (performance.now() < until) {
      expect(lookups.peek(site)?.row?.id).toBe(page.id);
      await sleep(20);
    }
    // One read per refresh interval or so, not one per view (about 50 views).
    expect(calls.n).toBeGreaterThanOrEqual(3);
    expect(calls.n).toBeLessThanOrEqual(8);
    // Left alone, it ends at its bound like before.
    await sleep(450);
    expect(lookups.peek(site)).toBeUndefined();
  });

  it('a lookup begun before an announced change is not kept, and later requests do not wait on it', async () => {
    const { page } = await createFormPage(fresh.database.db);
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const lookups = new HostLookups(db);
    const { source, announce } = announcements();
    await lookups.listen(source);
    const site = { by: 'slug' as const, slug: page.slug };
    const early = lookups.find(site);
    announce();
    expect((await early)?.id).toBe(page.id);
    // It may have read the row as it was before the change: the caller gets it, memory does not keep it.
    expect(lookups.peek(site)).toBeUndefined();
    expect(calls.n).toBe(1);
    // A request after the change does not join a lookup begun before it.
    const before = lookups.find(site);
    announce();
    const after = lookups.find(site);
    expect(calls.n).toBe(3);
    await Promise.all([before, after]);
    expect(lookups.peek(site)?.row?.id).toBe(page.id);
    await lookups.find(site);
    expect(calls.n).toBe(3);

    // The same for a background read: one under way when a change lands is dropped.
    const refreshing = new HostLookups(db, { refreshMs: 0 });
    const second = announcements();
    await refreshing.listen(second.source);
    await refreshing.find(site);
    const reads = calls.n;
    expect(refreshing.peek(site)?.row?.id).toBe(page.id);
    expect(calls.n).toBe(reads + 1);
    second.announce();
    expect(refreshing.peek(site)).toBeUndefined();
    await sleep(100);
    expect(refreshing.peek(site)).toBeUndefined();
  });
});
