import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migratedDump } from '../migratedDump';
import { openPglite, pgliteDir } from './embedded';
import { migrationsFolder } from './migrate';
import { saveTemplate, templateCurrent, templateKey, unpackTemplate } from './template';

const journalEntries = () =>
  (JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/** A one-entry ustar archive, gzipped, as PGlite's dump writes them. */
function archiveOf(name: string, body: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'latin1');
  header.write('0000644\0', 100, 'latin1');
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write('0', 156, 'latin1');
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body, 0, 'latin1');
  return gzipSync(Buffer.concat([header, data, Buffer.alloc(1024)]));
}

/** The embedded database only: on PostgreSQL the suite has nothing of this to test. */
describe.skipIf(inject('engine') !== 'pglite')('new embedded databases from the built template', () => {
  let dir: string;
  let template: string;
  const key = templateKey(migrationsFolder());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mutirao-template-'));
    template = join(dir, 'pglite-template.tar.gz');
    saveTemplate(template, await migratedDump('gzip'), key);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is found only for the same migrations and PGlite and pg-boss versions', () => {
    expect(templateCurrent(template, key)).toBe(true);
    expect(templateCurrent(template, 'another-key')).toBe(false);
    expect(templateCurrent(join(dir, 'missing.tar.gz'), key)).toBe(false);
  });

  it('gives a new data folder every migration and every job queue before the server migrates anything', async () => {
    const dataDir = join(dir, 'fresh');
    const pglite = await openPglite(dataDir, { template });
    try {
      const applied = await pglite.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]?.n).toBe(journalEntries());
      const queues = await pglite.query<{ name: string }>('select name from pgboss.queue');
      expect(queues.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['mail-relay', 'upload-variants', 'session-sweep']),
      );
    } finally {
      await pglite.close();
    }
    expect(readdirSync(dir).some((name) => name.includes('.unpacking-'))).toBe(false);
  });

  it('never touches a folder that already holds a database', async () => {
    const dataDir = join(dir, 'existing');
    const first = await openPglite(dataDir, { template });
    await first.exec("create table kept (v text); insert into kept values ('still here')");
    await first.close();
    const again = await openPglite(dataDir, { template });
    try {
      expect((await again.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('falls back to a database of its own when the template is damaged', async () => {
    const damaged = join(dir, 'damaged.tar.gz');
    writeFileSync(damaged, readFileSync(template).subarray(0, 4096));
    const dataDir = join(dir, 'from-damaged');
    const pglite = await openPglite(dataDir, { template: damaged });
    try {
      const table = await pglite.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations') as t");
      expect(table.rows[0]?.t).toBeNull();
    } finally {
      await pglite.close();
    }
    expect(existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))).toBe(true);
  });

  it('refuses an entry that would land outside the folder, and leaves nothing behind', () => {
    const evil = join(dir, 'evil.tar.gz');
    writeFileSync(evil, archiveOf('../escaped', 'x'));
    const target = join(dir, 'target');
    expect(() => unpackTemplate(evil, target)).toThrow(/outside the folder/);
    expect(existsSync(join(dir, 'escaped'))).toBe(false);
    expect(existsSync(target)).toBe(false);
    mkdirSync(target);
    writeFileSync(join(target, 'other'), 'data');
    expect(() => unpackTemplate(template, target)).toThrow(/not empty/);
    expect(readdirSync(target)).toEqual(['other']);
  });
});
