import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { blocks, mobilizations, widgets } from '../db/schema';
import { createCommunity, createMobilization } from '../seed/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('mobilizations.cache_version, kept by triggers', () => {
  it('moves on every change to the mobilization, its blocks and their widgets, and only theirs', async () => {
    const { db } = server.ctx;
    const community = await createCommunity(db, { name: 'Cache' });
    const page = await createMobilization(db, {
      communityId: community.id,
      name: 'Página em cache',
      blocks: [{ name: 'Topo', widgets: [{ kind: 'content', settings: { content: '[]' } }] }],
    });
    const other = await createMobilization(db, { communityId: community.id, name: 'Outra página' });
    const version = async (id: number) =>
      (await db.select({ v: mobilizations.cacheVersion }).from(mobilizations).where(eq(mobilizations.id, id)))[0]?.v ??
      0;
    const steps: [string, () => Promise<unknown>][] = [
      [
        'mobilization update',
        () => db.update(mobilizations).set({ name: 'Novo nome' }).where(eq(mobilizations.id, page.id)),
      ],
      ['block insert', () => db.insert(blocks).values({ mobilizationId: page.id, position: 2, name: 'Fim' })],
      ['block update', () => db.update(blocks).set({ hidden: true }).where(eq(blocks.mobilizationId, page.id))],
      [
        'widget update',
        async () => {
          const [block] = await db.select().from(blocks).where(eq(blocks.mobilizationId, page.id)).limit(1);
          return db
            .update(widgets)
            .set({ kind: 'draft', settings: {} })
            .where(eq(widgets.blockId, block?.id ?? 0));
        },
      ],
      ['block delete', () => db.delete(blocks).where(eq(blocks.mobilizationId, page.id))],
    ];
    for (const [what, change] of steps) {
      const [before, otherBefore] = [await version(page.id), await version(other.id)];
      await change();
      expect(await version(page.id), what).toBeGreaterThan(before);
      expect(await version(other.id), what).toBe(otherBefore);
    }
  });

  it('does not stand in the way of deleting a mobilization with its blocks', async () => {
    const { db } = server.ctx;
    const community = await createCommunity(db, { name: 'Cascata' });
    const page = await createMobilization(db, {
      communityId: community.id,
      name: 'Apagar',
      blocks: [{ widgets: [{ kind: 'draft' }, { kind: 'draft' }] }, { widgets: [{ kind: 'draft' }] }],
    });
    await db.delete(mobilizations).where(eq(mobilizations.id, page.id));
    expect(await db.select().from(blocks).where(eq(blocks.mobilizationId, page.id))).toEqual([]);
  });
});
