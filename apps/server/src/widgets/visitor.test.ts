import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countedDb } from '../../test/countedDb';
import { createFormPage } from '../../test/formPage';
import { useFreshDatabase } from '../../test/harness';
import { mobilizations, widgets } from '../db/schema';
import { AppError } from '../http/errors';
import { PublishedWidgets } from './visitor';

const fresh = useFreshDatabase();

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe('published widgets read once for everyone who misses them at the same moment (issue 18)', () => {
  it('50 concurrent first lookups of a cold widget make one query, and all get the same widget', async () => {
    const { page, form } = await createFormPage(fresh.database.db);
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const published = new PublishedWidgets(db);
    const found = await Promise.all(Array.from({ length: 50 }, () => published.refresh(form.id, page.id)));
    expect(calls.n).toBe(1);
    expect(new Set(found.map((f) => f.widget.id))).toEqual(new Set([form.id]));
    expect(published.cached(form.id, page.id)?.version).toBe(found[0]?.version);
  });

  it('gives each waiter the shared lookup error, keeps nothing, and the next lookup asks again', async () => {
    const { page, form } = await createFormPage(fresh.database.db, { status: 'archived' });
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const published = new PublishedWidgets(db);
    const missed = await settle(Array.from({ length: 50 }, () => published.refresh(form.id, page.id)));
    expect(calls.n).toBe(1);
    for (const m of missed) {
      expect(m.status).toBe('rejected');
      const error = (m as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'not_found', message: 'formEntries.widgetNotFound' });
    }
    expect(published.cached(form.id, page.id)).toBeUndefined();
    // Published since: the next lookup reads again and finds it.
    await fresh.database.db.update(mobilizations).set({ status: 'active' }).where(eq(mobilizations.id, page.id));
    expect((await published.refresh(form.id, page.id)).widget.id).toBe(form.id);
    expect(calls.n).toBe(2);

    // A query the database refuses (an id past the integer range) reaches every waiter the same way.
    const before = calls.n;
    const failed = await settle(Array.from({ length: 20 }, () => published.refresh(2 ** 40, page.id)));
    expect(calls.n - before).toBe(1);
    const reasons = failed.map((f) => (f as PromiseRejectedResult).reason);
    expect(failed.every((f) => f.status === 'rejected')).toBe(true);
    expect(new Set(reasons).size).toBe(1);
    for (let i = 0; i < 2; i++) await expect(published.refresh(2 ** 40, page.id)).rejects.toThrow();
    expect(calls.n - before).toBe(3);
  });

  it('after an edit, the visitors holding the old copy share one newer read, never one begun before the edit', async () => {
    const { page, form } = await createFormPage(fresh.database.db);
    const { db, calls } = countedDb(fresh.database.db, 'select');
    const published = new PublishedWidgets(db);
    const old = await published.refresh(form.id, page.id);
    // A read begun before the edit is still under way when the edit lands.
    const early = published.refresh(form.id, page.id);
    const since = performance.now();
    await fresh.database.db
      .update(widgets)
      .set({ settings: { ...form.settings, button_text: 'Assinar' } })
      .where(eq(widgets.id, form.id));
    const stale = { version: old.version, since };
    const again = await Promise.all(Array.from({ length: 30 }, () => published.refresh(form.id, page.id, stale)));
    await early;
    for (const f of again) {
      expect(f.version).toBeGreaterThan(old.version);
      expect(f.widget.settings).toMatchObject({ button_text: 'Assinar' });
    }
    // The kept copy's read, the one begun before the edit, and at most one more for all thirty.
    expect(calls.n).toBeLessThanOrEqual(3);
    expect(published.cached(form.id, page.id)?.version).toBe(again[0]?.version);
    // A copy already newer than the caller's is taken from memory.
    const count = calls.n;
    expect((await published.refresh(form.id, page.id, stale)).version).toBe(again[0]?.version);
    expect(calls.n).toBe(count);
  });
});
