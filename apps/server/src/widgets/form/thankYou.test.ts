import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS, THANK_YOU_SETTINGS } from '../../../test/formPage';
import { Client, eventually, startTestServer, type TestServer } from '../../../test/harness';
import { outbox } from '../../db/schema';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback, on the given port (0: any). */
function startSmtp(port: number): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(port, '127.0.0.1', () => {
      const address = smtp.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        received,
        close: () => new Promise<void>((r) => smtp.close(() => r())),
      });
    });
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const VALUES = { 'f-nome': 'Iara Monteiro', 'f-fone': '', 'f-bairro': 'Boa Vista', 'f-idade': '' };
const settings = formSettings(TEST_FIELDS, THANK_YOU_SETTINGS);

describe('the thank-you e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp(0);
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('arrives from the configured sender with the configured subject, as HTML and plain text', async () => {
    const { page, form } = await createFormPage(server.ctx.db, { settings });
    const res = await new Client(server.url).post(
      `/api/mobilizations/${page.id}/form_entries`,
      entryBody(form.id, { ...VALUES, 'f-email': 'iara@example.org' }),
    );
    expect(res.status).toBe(201);
    const mail = await eventually(async () => smtp.received.find((m) => m.to.includes('iara@example.org')));
    expect(mail.from).toBe('contato@coletivo.example.org');
    expect(mail.raw).toMatch(/^From: Coletivo Teste <contato@coletivo\.example\.org>$/m);
    expect(mail.raw).toMatch(/^Subject: Obrigada por participar$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain('<strong>de verdade</strong>');
  });
});

describe('when the SMTP server is down', () => {
  let port: number;
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(async () => {
    await server.close();
    await smtp?.close();
  });

  it('accepts the entry, then sends the mail after the server returns, exactly once', async () => {
    const { page, form } = await createFormPage(server.ctx.db, { settings });
    const res = await new Client(server.url).post(
      `/api/mobilizations/${page.id}/form_entries`,
      entryBody(form.id, { ...VALUES, 'f-email': 'espera@example.org' }),
    );
    expect(res.status).toBe(201);
    const row = async () =>
      (await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'espera@example.org')))[0];
    const failed = await eventually(async () => {
      const r = await row();
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    const received = smtp.received;
    await eventually(async () => received.some((m) => m.to.includes('espera@example.org')), 30_000);
    const sent = await eventually(async () => {
      const r = await row();
      return r?.status === 'sent' ? r : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    // Later retries and the minute sweep must not send it again.
    await new Promise((r) => setTimeout(r, 4000));
    expect(received.filter((m) => m.to.includes('espera@example.org'))).toHaveLength(1);
  }, 60_000);
});
