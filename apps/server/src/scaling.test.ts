import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoSignUpBody } from '../test/demoSignUp';
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

/** What the test seed route answers for a community with a form page. */
type Seeded = { communities: { form: { mobilization_id: number; widget_id: number; slug: string } }[] };

type SeededForm = Seeded['communities'][number]['form'];

/** An organiser and a community with the sign-up form page, through the test seed route of the process at `url`. */
async function seedFormCommunity(url: string, email: string, name: string): Promise<Seeded> {
  const res = await fetch(`${url}/api/dev/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { email, password: 'scaling-password', firstName: 'Sol' },
      communities: [{ name, formEntries: 0 }],
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Seeded;
}

/** One visitor's sign-up through the web process at `url`, on a new connection: it must be accepted. */
async function submit(url: string, form: SeededForm, email: string, i: number) {
  const res = await fetch(`${url}/api/mobilizations/${form.mobilization_id}/form_entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(demoSignUpBody(form.widget_id, `Pessoa ${i}`, email)),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** Each address got exactly one thank-you over SMTP, waiting long enough for a second sender to show itself. */
async function expectOneThankYouEach(smtp: Awaited<ReturnType<typeof startSmtp>>, emails: string[]) {
  const arrived = () => smtp.received.filter((m) => emails.some((e) => m.to.includes(e)));
  for (let i = 0; i < 300 && new Set(arrived().flatMap((m) => m.to)).size < emails.length; i++)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 3000));
  for (const email of emails)
    expect(
      arrived().filter((m) => m.to.includes(email)),
      email,
    ).toHaveLength(1);
}

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
  let seeded: Seeded;

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
      ANTISPAM_BURST_ACTIONS: '0',
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
    seeded = await seedFormCommunity(`http://127.0.0.1:${ports[0]}`, 'scaling@example.org', 'Rede Escala');
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
    for (const [i, email] of emails.entries()) await submit(`http://127.0.0.1:${ports[i % 2]}`, form, email, i);
    await expectOneThankYouEach(smtp, emails);
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

/** The processes whose parent is `pid` (from /proc, as `pgrep -P` reads it). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent is the fourth field, after the command in parentheses (which may hold spaces).
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/**
 * One command, every core (`WEB_PROCESSES`, docs/scaling.md): the first process forks the web processes and runs
 * the jobs; a web process that dies is replaced; a stop ends them all.
 */
describe.skipIf(inject('engine') !== 'postgres')('WEB_PROCESSES: several web processes from one command', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let proc: RunningProcess;
  let url: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    fresh = await freshDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    proc = runEntry('main', {
      DATABASE_URL: fresh.url ?? '',
      WEB_PROCESSES: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ENABLE_TEST_SEED: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mutirão <no-reply@scaling.test>',
      ACTION_MAX_PER_IP: '100000',
      ANTISPAM_BURST_ACTIONS: '0',
    });
    await waitHealthy(url, proc);
  }, 120_000);

  afterAll(async () => {
    if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await smtp?.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it('serves from two web processes, replaces one that dies, and sends each thank-you once', async () => {
    const primary = proc.child.pid ?? 0;
    const web = childrenOf(primary);
    expect(web).toHaveLength(2);
    // Printed once, by the first process, when both listen.
    for (let i = 0; i < 100 && !proc.output().includes('Mutirão is running at'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(proc.output().match(/Mutirão is running at/g)).toHaveLength(1);
    expect(proc.output()).toContain('2 web processes');

    const [victim] = web;
    process.kill(victim ?? 0, 'SIGKILL');
    let replaced: number[] = [];
    for (let i = 0; i < 100 && replaced.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      replaced = childrenOf(primary).filter((pid) => pid !== victim);
    }
    expect(replaced).toHaveLength(2);
    expect(proc.output()).toMatch(new RegExp(`O processo web ${victim} parou`));
    await waitHealthy(url, proc);

    const form = (await seedFormCommunity(url, 'processos@example.org', 'Rede Processos')).communities[0]?.form;
    if (!form) throw new Error('no form page seeded');
    const emails = Array.from({ length: ENTRIES }, (_, i) => `processo-${i}@example.org`);
    // A new connection each time: the first process hands connections to the web processes in turn.
    await Promise.all(emails.map((email, i) => submit(url, form, email, i)));
    await expectOneThankYouEach(smtp, emails);

    // A stop ends every web process, then the first one, cleanly.
    const all = [primary, ...childrenOf(primary)];
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    for (const pid of all) expect(alive(pid), `process ${pid}`).toBe(false);
  }, 120_000);
});

describe.skipIf(inject('engine') !== 'postgres')('web processes booting together on a new database', () => {
  it('start: one at a time creates the job queues (pg-boss deadlocked on its queue table otherwise)', async () => {
    const fresh = await freshDatabase();
    const port = await freePort();
    const proc = runEntry('main', {
      DATABASE_URL: fresh.url ?? '',
      PROCESS_ROLE: 'web',
      WEB_PROCESSES: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      for (let i = 0; i < 600 && !proc.output().includes('Mutirão is running at'); i++) {
        if (proc.child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(proc.output()).toContain('2 web processes');
      expect(proc.output()).not.toContain('deadlock');
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);
});
