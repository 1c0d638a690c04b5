import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS, THANK_YOU_SETTINGS } from '../../../test/formPage';
import { Client, eventually, startTestServer, type TestServer } from '../../../test/harness';
import { freePort, startSmtp } from '../../../test/smtp';
import { outbox } from '../../db/schema';

const VALUES = { 'f-nome': 'Iara Monteiro', 'f-fone': '', 'f-bairro': 'Boa Vista', 'f-idade': '' };
const settings = formSettings(TEST_FIELDS, THANK_YOU_SETTINGS);

describe('the thank-you e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
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

  it('accepts the entries, then sends each mail after the server returns, exactly once', async () => {
    const { page, form } = await createFormPage(server.ctx.db, { settings });
    // Three visitors at once: the worker fetches their messages together, and each must still fail, wait and
    // arrive on its own.
    const visitors = ['espera@example.org', 'espera2@example.org', 'espera3@example.org'];
    const answers = await Promise.all(
      visitors.map((email) =>
        new Client(server.url).post(
          `/api/mobilizations/${page.id}/form_entries`,
          entryBody(form.id, { ...VALUES, 'f-email': email }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const rows = async () => (await server.ctx.db.select().from(outbox)).filter((r) => visitors.includes(r.toAddress));
    // On a busy machine the relay's first tries of all three can take longer than the default ten seconds (a whole run
    // on PostgreSQL under Node 22 once timed out here; the file alone passes).
    const failed = await eventually(async () => {
      const r = await rows();
      return r.length === 3 && r.every((m) => m.status === 'failed') ? r : undefined;
    }, 30_000);
    for (const r of failed) expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    const received = smtp.received;
    const arrived = (email: string) => received.filter((m) => m.to.includes(email)).length;
    await eventually(async () => visitors.every((email) => arrived(email) > 0), 30_000);
    const sent = await eventually(async () => {
      const r = await rows();
      return r.every((m) => m.status === 'sent') ? r : undefined;
    });
    for (const r of sent) expect(r.attempts).toBeGreaterThanOrEqual(2);
    // Later retries and the minute sweep must not send any of them again.
    await new Promise((r) => setTimeout(r, 4000));
    expect(visitors.map(arrived)).toEqual([1, 1, 1]);
  }, 60_000);
});
