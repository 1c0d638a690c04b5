import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort, runEntry, waitHealthy } from '../../test/process';
import { startSmtp } from '../../test/smtp';

const MAILS = 8;
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * The worker is killed with SIGKILL while mails are in flight to a real (slow) SMTP server. After a restart every
 * message arrives. A message the server took but whose confirmation the dead worker never recorded goes out again
 * when its lease runs out, with the same Message-ID, so a server that deduplicates by it delivers it once: the test
 * counts both. On the embedded database the worker is the server process itself.
 */
describe.skipIf(inject('engine') !== 'pglite')('the outbox after its worker is killed mid-send', () => {
  it('delivers every mail after the restart, each under one Message-ID', async () => {
    const smtp = await startSmtp(0, { acceptAfterMs: 1500 });
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-relay-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      BACKUP_INTERVAL_MINUTES: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_LEASE_SECONDS: '2',
      MAIL_RETRY_DELAY_SECONDS: '1',
    };
    try {
      const first = runEntry('main', env);
      await waitHealthy(url, first);
      const emails = Array.from({ length: MAILS }, (_, i) => `relay-${i}@example.org`);
      for (const email of emails) {
        const res = await post(url, '/api/auth/sign_up', {
          name: 'Relay',
          email,
          password: 'relay-password',
          password_confirmation: 'relay-password',
        });
        expect(res.status).toBe(201);
      }
      for (const email of emails) expect((await post(url, '/api/auth/password', { email })).status).toBe(202);
      // Kill it while the SMTP server holds messages it has not confirmed yet.
      for (let i = 0; i < 200 && smtp.received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.length).toBeGreaterThan(0);
      first.child.kill('SIGKILL');
      await first.exited;
      // In flight: what the server had taken from the dead worker, counted once the server has read the last bytes it
      // wrote. The rest of a round of five can still arrive between the count above and the kill.
      await new Promise((r) => setTimeout(r, 300));
      const inFlight = smtp.received.length;

      const second = runEntry('main', env);
      await waitHealthy(url, second);
      const arrived = () => new Set(smtp.received.flatMap((m) => m.to));
      for (let i = 0; i < 300 && emails.some((e) => !arrived().has(e)); i++)
        await new Promise((r) => setTimeout(r, 100));
      // Let any late retry show itself before counting.
      await new Promise((r) => setTimeout(r, 3000));
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const recovery = smtp.received.filter((m) => m.to.some((to) => emails.includes(to)));
      const ids = recovery.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim());
      const distinct = new Set(ids);
      const twice = recovery.length - distinct.size;
      console.log(
        `relay: ${MAILS} mails, ${inFlight} in flight at the kill; ${recovery.length} arrived, ${twice} of them twice on the wire, ${distinct.size} distinct Message-IDs`,
      );
      expect(emails.filter((e) => !arrived().has(e))).toEqual([]);
      // One Message-ID per message: a repeat is the same message again, never a new one.
      expect(distinct.size).toBe(MAILS);
      expect(ids.every(Boolean)).toBe(true);
      // Only a message that was in flight at the kill can go out twice.
      expect(twice).toBeLessThanOrEqual(inFlight);
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
