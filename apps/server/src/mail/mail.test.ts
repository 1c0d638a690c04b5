import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedDb } from '../../test/countedDb';
import { Client, eventually, freshDatabase, signIn, startTestServer, type TestServer } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { loadConfig } from '../config';
import { outbox } from '../db/schema';
import { JobQueue } from '../jobs/queue';
import { createUser } from '../seed/factories';
import { SandboxMailDriver, SmtpMailDriver } from './drivers';
import { Mailer, queueMail } from './outbox';

describe('SMTP driver through pg-boss', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Mutirão <no-reply@mutirao.test>' },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('delivers the password-recovery e-mail to a real SMTP server', async () => {
    await createUser(server.ctx.db, { email: 'smtp@example.org', firstName: 'Sol' });
    const res = await new Client(server.url).post('/api/auth/password', { email: 'smtp@example.org' });
    expect(res.status).toBe(202);
    const mail = await eventually(async () => smtp.received.find((m) => m.to.includes('smtp@example.org')));
    expect(mail.from).toBe('no-reply@mutirao.test');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/i);
    // The body is quoted-printable: soft line breaks (`=` at a line's end) and `=3D` are undone before reading it.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('http://localhost:3000/reset-password?token=');
    const row = await eventually(async () => {
      const [r] = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'smtp@example.org'));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'sent', driver: 'smtp', attempts: 1 });
  });

  it('sends a message once even when its job is dispatched twice', async () => {
    const id = await queueMail(server.ctx.db, {
      idempotencyKey: 'twice-1',
      kind: 'test',
      to: 'twice@example.org',
      subject: 'Uma vez',
      text: 'Só uma vez',
    });
    expect(
      await queueMail(server.ctx.db, {
        idempotencyKey: 'twice-1',
        kind: 'test',
        to: 'twice@example.org',
        subject: 'x',
        text: 'x',
      }),
    ).toBeUndefined();
    await server.ctx.mailer.deliver(id ?? 0);
    await server.ctx.mailer.deliver(id ?? 0);
    expect(smtp.received.filter((m) => m.to.includes('twice@example.org'))).toHaveLength(1);
  });
});

/** A real SMTP server and a database of its own for one test, both gone after it. */
/** `count` test messages, `{key}-{i}` to `{to}-{i}@example.org`. */
async function queueMany(db: Parameters<typeof queueMail>[0], count: number, key: string, to: string) {
  for (let i = 0; i < count; i++)
    await queueMail(db, {
      idempotencyKey: `${key}-${i}`,
      kind: 'test',
      to: `${to}-${i}@example.org`,
      subject: 'Oi',
      text: 'Oi',
    });
}

async function withSmtpAndDatabase(
  test: (
    smtp: Awaited<ReturnType<typeof startSmtp>>,
    database: Awaited<ReturnType<typeof freshDatabase>>['database'],
  ) => Promise<void>,
) {
  const smtp = await startSmtp();
  const fresh = await freshDatabase();
  try {
    await test(smtp, fresh.database);
  } finally {
    await fresh.database.close();
    await fresh.drop();
    await smtp.close();
  }
}

describe('the relay under a crowd (issue 18)', () => {
  it('claims a batch in one statement and marks what was sent in one per batch, not one per round', async () => {
    const fresh = await freshDatabase();
    const database = fresh.database;
    try {
      const db = database.db;
      await queueMany(db, 60, 'crowd', 'lote');
      const counted = countedDb(db, 'select', 'update', 'execute');
      // The sandbox driver takes each message at once, as a local relay would: every round of a batch is done well
      // within MARK_EVERY_MS.
      const mailer = new Mailer(
        counted.db,
        new SandboxMailDriver(),
        new JobQueue(database),
        'Mutirão <no-reply@mutirao.test>',
      );
      await mailer.drain();
      const rows = await db
        .select({ status: outbox.status, sentAt: outbox.sentAt, driver: outbox.driver })
        .from(outbox);
      expect(rows).toHaveLength(60);
      expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.driver === 'sandbox')).toBe(true);
      // Two batches, each claimed in one statement (its rows coming back from the update) and marked sent in one,
      // then the empty claim: 5. A mark per round of five, as before, made 3 + 12.
      expect(counted.calls.n).toBe(5);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('asks the worker once for the actions of a moment in a web-only process, without keeping their answers', async () => {
    const fresh = await freshDatabase();
    const database = fresh.database;
    // A web-only process: the queue is started, its workers are not (they run in the worker process).
    const queue = new JobQueue(database, { databaseUrl: fresh.url });
    const mailer = new Mailer(database.db, new SandboxMailDriver(), queue, 'Mutirão <no-reply@mutirao.test>');
    await queue.start({ work: false });
    const sent: string[] = [];
    const send = queue.send.bind(queue);
    queue.send = (async (...args: Parameters<typeof queue.send>) => {
      sent.push(args[0].name);
      return send(...args);
    }) as typeof queue.send;
    try {
      // Forty actions of the same moment, each with its message already committed to the outbox.
      await Promise.all(Array.from({ length: 40 }, (_, i) => mailer.dispatch(i + 1)));
      // Answered before any ask: a per-action send kept each visitor waiting for a statement of its own.
      expect(sent).toEqual([]);
      await eventually(async () => sent.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sent).toEqual(['mail-relay']);
    } finally {
      await mailer.stop();
      await queue.stop();
      await database.close();
      await fresh.drop();
    }
  });
});

describe('sandbox driver', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('keeps messages in the database and shows each signed-in user only their own', async () => {
    await createUser(server.ctx.db, { email: 'box@example.org' });
    await createUser(server.ctx.db, { email: 'other@example.org' });
    for (const to of ['box@example.org', 'stranger@example.org'])
      await server.ctx.mailer.dispatch(
        await queueMail(server.ctx.db, { idempotencyKey: `sb-${to}`, kind: 'test', to, subject: 'Olá', text: 'Corpo' }),
      );
    const owner = await signIn(server, 'box@example.org');
    const box = await eventually(async () => {
      const res = await owner.get('/api/dev/mailbox');
      return res.body.messages.length ? res.body : undefined;
    });
    expect(box.messages).toHaveLength(1);
    expect(box.messages[0]).toMatchObject({ to: 'box@example.org', subject: 'Olá', text: 'Corpo' });
    const other = await signIn(server, 'other@example.org');
    expect((await other.get('/api/dev/mailbox')).body.messages).toEqual([]);
    expect((await new Client(server.url).get('/api/dev/mailbox')).status).toBe(401);
  });

  it('shows every message only when SANDBOX_MAILBOX=open, and never in production', async () => {
    const open = await startTestServer({ env: { SANDBOX_MAILBOX: 'open' } });
    try {
      await open.ctx.mailer.dispatch(
        await queueMail(open.ctx.db, {
          idempotencyKey: 'sb-open',
          kind: 'test',
          to: 'v@example.org',
          subject: 'S',
          text: 'T',
        }),
      );
      const res = await eventually(async () => {
        const r = await new Client(open.url).get('/api/dev/mailbox');
        return r.body.messages?.length ? r : undefined;
      });
      expect(res.body.messages[0].to).toBe('v@example.org');
    } finally {
      await open.close();
    }
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        APP_URL: 'https://a.example',
        SANDBOX_MAILBOX: 'open',
        ALLOW_SANDBOX: 'payments,mail,dns',
      }).sandboxMailboxOpen,
    ).toBe(false);
  });

  it('records a failed delivery and keeps it for retry', async () => {
    const id = await queueMail(server.ctx.db, {
      idempotencyKey: 'sb-fail',
      kind: 'test',
      to: 'x@fail.sandbox',
      subject: 'F',
      text: 'F',
    });
    await expect(server.ctx.mailer.deliver(id ?? 0)).rejects.toThrow(/Sandbox/);
    const [row] = await server.ctx.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'sb-fail'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/refused/);
  });
});

describe('mailbox outside development', () => {
  it('does not exist when SMTP is configured', async () => {
    const server = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await new Client(server.url).get('/api/dev/mailbox')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('the lease of a batch whose sends outlast it', () => {
  it('is renewed while its worker lives, so another worker never claims a message still in flight', async () => {
    const fresh = await freshDatabase();
    const database = fresh.database;
    try {
      const db = database.db;
      await queueMany(db, 15, 'lease', 'prazo');
      const sentBy = (name: string, log: string[], delayMs: number) => ({
        name: 'sandbox' as const,
        send: async (mail: { to: string }) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          log.push(`${name}:${mail.to}`);
        },
      });
      const log: string[] = [];
      // Three rounds of five at 450 ms each: the batch takes 1.35 s against a lease of 1 s.
      const slow = new Mailer(db, sentBy('slow', log, 450), new JobQueue(database), 'Mutirão <no-reply@mutirao.test>', {
        leaseSeconds: 1,
      });
      const other = new Mailer(db, sentBy('other', log, 0), new JobQueue(database), 'Mutirão <no-reply@mutirao.test>');
      const relay = slow.drain();
      let done = false;
      relay.finally(() => {
        done = true;
      });
      // Another worker sweeps again and again from before the first lease would have run out until the batch is done.
      await new Promise((resolve) => setTimeout(resolve, 700));
      while (!done) {
        await other.drain();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await relay;
      expect(log.filter((line) => line.startsWith('other:'))).toEqual([]);
      expect(new Set(log).size).toBe(15);
      const rows = await db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe('stopping the relay (issue 18)', () => {
  it('waits for the round under way, so what the server took is marked sent before the database closes, and gives back the rest', async () => {
    await withSmtpAndDatabase(async (smtp, database) => {
      const db = database.db;
      await queueMany(db, 30, 'stop', 'parar');
      const smtpDriver = new SmtpMailDriver(`smtp://127.0.0.1:${smtp.port}`);
      // A slow server: each message takes a moment, so the stop lands in the middle of a round.
      const slow = {
        name: 'smtp' as const,
        send: async (mail: Parameters<SmtpMailDriver['send']>[0]) => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await smtpDriver.send(mail);
        },
      };
      const mailer = new Mailer(db, slow, new JobQueue(database), 'Mutirão <no-reply@mutirao.test>');
      const relay = mailer.drain();
      await eventually(async () => smtp.received.length > 0);
      await mailer.stop();
      // Every message the server took is marked sent by the time stop resolves; the rest wait for the next start.
      const rows = await db
        .select({ to: outbox.toAddress, status: outbox.status, attempts: outbox.attempts, leased: outbox.leasedUntil })
        .from(outbox);
      const received = new Set(smtp.received.flatMap((m) => m.to));
      expect(received.size).toBeGreaterThan(0);
      expect(received.size).toBeLessThan(30);
      // The relay claimed all 30 in one batch; those it never tried are given back, as if never claimed.
      for (const row of rows)
        expect([row.status, row.attempts, row.leased], row.to).toEqual(
          received.has(row.to) ? ['sent', 1, null] : ['queued', 0, null],
        );
      await relay;
      // Stopped means stopped: a nudge or the minute's job after it sends nothing.
      await mailer.drain();
      expect(smtp.received).toHaveLength(received.size);
    });
  });
});
