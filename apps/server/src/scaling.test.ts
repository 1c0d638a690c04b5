import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import { freePort, type RunningProcess, runEntry, waitHealthy } from '../test/process';
import { startSmtp } from '../test/smtp';

/** A page on its public host, through one process: the HTML as a visitor gets it. */
function pageHtml(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve((res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString());
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const ENTRIES = 10;

/**
 * Past one process (issue 18, "Scale past one machine"): two web processes and one worker on one PostgreSQL, as
 * `docs/scaling.md` lays them out. Each web process keeps its own page cache and host lookups; PostgreSQL's
 * NOTIFY tells both of every edit. Mail leaves through the outbox, whichever process took the submission.
 */
describe.skipIf(inject('engine') !== 'postgres')('two web processes and a worker on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const procs: RunningProcess[] = [];
  const ports: number[] = [];
  let seeded: { communities: { form: { mobilization_id: number; widget_id: number; slug: string } }[] };

  beforeAll(async () => {
    smtp = await startSmtp();
    fresh = await freshDatabase();
    const env = {
      DATABASE_URL: fresh.url ?? '',
      PUBLIC_HOST: 'paginas.scaling.test',
      SEED_DEMO: 'false',
      ENABLE_TEST_SEED: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mutirão <no-reply@scaling.test>',
      ACTION_MAX_PER_IP: '100000',
      // Each process keeps its own lookups, and NOTIFY tells both of an edit.
      PUBLIC_LOOKUP_CACHE: 'true',
      HOST: '127.0.0.1',
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      ports.push(port);
      const web = runEntry('main', { ...env, PORT: String(port), PROCESS_ROLE: 'web' });
      procs.push(web);
      await waitHealthy(`http://127.0.0.1:${port}`, web);
    }
    procs.push(runEntry('main', { ...env, PORT: String(await freePort()), PROCESS_ROLE: 'worker' }));
    const res = await fetch(`http://127.0.0.1:${ports[0]}/api/dev/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: { email: 'scaling@example.org', password: 'scaling-password', firstName: 'Sol' },
        communities: [{ name: 'Rede Escala', formEntries: 0 }],
      }),
    });
    expect(res.status).toBe(201);
    seeded = (await res.json()) as typeof seeded;
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await smtp?.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it('sends the thank-you of a submission taken by either web process exactly once', async () => {
    const form = seeded.communities[0]?.form;
    if (!form) throw new Error('no form page seeded');
    const emails = Array.from({ length: ENTRIES }, (_, i) => `escala-${i}@example.org`);
    for (const [i, email] of emails.entries()) {
      const port = ports[i % 2];
      const fields = [
        { uid: 'field-participe-nome', value: `Pessoa ${i}` },
        { uid: 'field-participe-email', value: email },
        { uid: 'field-participe-whatsapp', value: '' },
        { uid: 'field-participe-ajuda', value: 'Divulgar nas redes' },
      ];
      const res = await fetch(`http://127.0.0.1:${port}/api/mobilizations/${form.mobilization_id}/form_entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ form_entry: { widget_id: form.widget_id, fields: JSON.stringify(fields) } }),
      });
      expect(res.status, await res.text()).toBe(201);
    }
    const arrived = () => smtp.received.filter((m) => emails.some((e) => m.to.includes(e)));
    for (let i = 0; i < 300 && new Set(arrived().flatMap((m) => m.to)).size < ENTRIES; i++)
      await new Promise((r) => setTimeout(r, 100));
    // Long enough for any second sender (a web process and the worker both relaying) to show itself.
    await new Promise((r) => setTimeout(r, 3000));
    for (const email of emails)
      expect(
        arrived().filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
  });

  it("drops both processes' cached page the moment the page is edited through either", async () => {
    const form = seeded.communities[0]?.form;
    if (!form) throw new Error('no form page seeded');
    const host = `${form.slug}.paginas.scaling.test`;
    // Both processes render and cache the page (and its host lookup).
    for (const port of ports) expect(await pageHtml(port, host)).toContain('<html');
    for (const port of ports) expect(await pageHtml(port, host)).not.toContain('Nome novo da página');
    await fresh.database.db.execute(
      // An edit as any process would write it; the row's triggers bump its version and NOTIFY every listener.
      sql`update mobilizations set name = 'Nome novo da página' where id = ${form.mobilization_id}`,
    );
    for (const port of ports) {
      let html = '';
      for (let i = 0; i < 50 && !html.includes('Nome novo da página'); i++) {
        html = await pageHtml(port, host);
        if (!html.includes('Nome novo da página')) await new Promise((r) => setTimeout(r, 20));
      }
      expect(html, `process on ${port}`).toContain('Nome novo da página');
    }
  });
});
