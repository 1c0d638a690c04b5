import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort, runEntry, waitHealthy } from '../../test/process';
import { EXIT_DATA_DIR_BUSY, EXIT_DATABASE_UNOPENABLE } from './explain';

const FIXTURE = join(import.meta.dirname, '../../test/fixtures/pglite-unrecoverable.tgz');

/** The embedded database only: on PostgreSQL the suite has nothing of this to test. */
describe.skipIf(inject('engine') !== 'pglite')('a broken embedded database is never a dead end', () => {
  it('says what happened, keeps the folder, and db:restore brings back the snapshot made before the damage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-restore-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      BACKUP_INTERVAL_MINUTES: '0',
    };
    try {
      const first = runEntry('main', env);
      await waitHealthy(url, first);
      const signUp = await fetch(`${url}/api/auth/sign_up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Rosa',
          email: 'rosa@example.org',
          password: 'rosa-password',
          password_confirmation: 'rosa-password',
        }),
      });
      expect(signUp.status).toBe(201);

      // A second server on the same folder is refused: PGlite cannot share it.
      const second = runEntry('main', { ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(EXIT_DATA_DIR_BUSY);
      expect(second.output()).toContain(`já usa os dados em ${dataDir}`);

      // db:backup asks the running server for the snapshot.
      const backup = runEntry('cli', env, ['backup']);
      expect(await backup.exited).toBe(0);
      expect(backup.output()).toMatch(/Snapshot salvo em .*pglite-\d{8}T\d{6}Z-on-demand\.tar\.gz/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // The damage: the files left by the instance that could not start again.
      rmSync(join(dataDir, 'pglite'), { recursive: true });
      execFileSync('tar', ['xzf', FIXTURE, '-C', dataDir]);
      const broken = runEntry('main', env);
      expect(await broken.exited).toBe(EXIT_DATABASE_UNOPENABLE);
      const said = broken.output();
      expect(said).toContain(`Não foi possível abrir o banco de dados embutido em ${join(dataDir, 'pglite')}`);
      expect(said).toContain('A pasta foi mantida como estava');
      expect(said).toMatch(/O último snapshot é .*-on-demand\.tar\.gz, de (agora|há \d+ segundos?|há \d+ minutos?)/);
      expect(said).toContain(`DATA_DIR=${dataDir} npm run db:restore`);
      expect(said).not.toContain('Aborted()');

      const restore = runEntry('cli', env, ['restore']);
      expect(await restore.exited).toBe(0);
      expect(restore.output()).toMatch(/Restaurado o snapshot .*-on-demand\.tar\.gz/);
      const kept = readdirSync(dataDir).find((name) => name.startsWith('pglite-broken-'));
      expect(kept).toBeTruthy();
      expect(existsSync(join(dataDir, kept ?? '', 'PG_VERSION'))).toBe(true);

      const again = runEntry('main', env);
      await waitHealthy(url, again);
      const signIn = await fetch(`${url}/api/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'rosa@example.org', password: 'rosa-password' }),
      });
      expect(signIn.status).toBe(200);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(inject('engine') !== 'pglite')('a stop as soon as the server answers', () => {
  it('closes in order while the job workers are still starting: exit 0, the database closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-early-stop-'));
    const port = await freePort();
    try {
      const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
      const proc = runEntry('main', env);
      await waitHealthy(`http://127.0.0.1:${port}`, proc);
      proc.child.kill('SIGTERM');
      expect(await proc.exited, proc.output()).toBe(0);
      expect(proc.output()).toContain('Encerrado.');
      // The files close cleanly: the next start opens them.
      const again = runEntry('main', env);
      await waitHealthy(`http://127.0.0.1:${port}`, again);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(inject('engine') !== 'pglite')('the embedded database is one process', () => {
  it('refuses PROCESS_ROLE=web and WEB_PROCESSES above 1 with a message saying what to do, touching nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-one-process-'));
    try {
      for (const env of [{ PROCESS_ROLE: 'web' }, { WEB_PROCESSES: '2' }] as Record<string, string>[]) {
        const run = runEntry('main', { DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: 'false', ...env });
        expect(await run.exited, run.output()).toBe(1);
        expect(run.output()).toContain(
          'O banco de dados embutido admite um só processo: mantenha PROCESS_ROLE=all e WEB_PROCESSES=1, ou defina DATABASE_URL.',
        );
        // Nothing but the development session secret, which reading the configuration creates.
        expect(readdirSync(dataDir).filter((name) => name !== 'session-secret')).toEqual([]);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
