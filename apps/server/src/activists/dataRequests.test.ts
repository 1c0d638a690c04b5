import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody } from '../../test/formPage';
import { Client, eventually, getByHost, startTestServer, type TestServer } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { activistDataRequests, activistErasures, activists, formEntries } from '../db/schema';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
let visitor: Client;
let page: Awaited<ReturnType<typeof createFormPage>>;
const EMAIL = 'luana.reis@example.org';

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mutirão <no-reply@mutirao.test>',
      APP_URL: 'https://admin.mutirao.test',
      PUBLIC_HOST: 'paginas.mutirao.test',
      ACTION_MAX_PER_IP: '100000',
    },
  });
  visitor = new Client(server.url);
  page = await createFormPage(server.ctx.db);
  const res = await visitor.post(
    `/api/mobilizations/${page.page.id}/form_entries`,
    entryBody(page.form.id, { 'f-nome': 'Luana Reis', 'f-email': EMAIL, 'f-fone': '', 'f-bairro': '', 'f-idade': '' }),
  );
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The link in the last mail to `to` whose subject matches, read through quoted-printable. */
async function linkMailedTo(to: string, subject: RegExp) {
  const mail = await eventually(async () =>
    smtp.received.filter((m) => m.to.includes(to) && subject.test(decodeSubject(m.raw))).at(-1),
  );
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /https:\/\/admin\.mutirao\.test\/privacy\/requests\/([\w-]+)/.exec(body)?.[1];
  expect(token, body).toBeTruthy();
  return token ?? '';
}
const decodeSubject = (raw: string) =>
  (/^Subject: (.*)$/m.exec(raw)?.[1] ?? '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, q: string) =>
      Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, '%$1'), 'binary').toString(),
    )
    .replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

const ask = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  visitor.post('/api/data_requests', { data_request: { mobilization_id: page.page.id, ...body } }, headers);

describe("a visitor's own data requests", () => {
  it("sends the page's consent link on to the request form on the admin host", async () => {
    const res = await getByHost(server, `${page.page.slug}.paginas.mutirao.test`, '/seus-dados');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`https://admin.mutirao.test/privacy?mobilization=${page.page.id}`);
    const info = await visitor.get(`/api/data_requests/pages/${page.page.id}`);
    expect(info.body).toMatchObject({ mobilization: { id: page.page.id }, community: { name: expect.any(String) } });
    // The page is rendered with the consent notice and its link.
    const html = (await getByHost(server, `${page.page.slug}.paginas.mutirao.test`)).body.toString();
    expect(html).toContain('href="/seus-dados"');
    expect(html).toContain('Ao enviar, você autoriza');
  });

  it('answers a known and an unknown address alike, and mails a link only to the known one', async () => {
    const known = await ask({ email: 'Luana.Reis@Example.org', kind: 'access' });
    const unknown = await ask({ email: 'ninguem@example.org', kind: 'access' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    await linkMailedTo(EMAIL, /Seus dados em/);
    expect(smtp.received.some((m) => m.to.includes('ninguem@example.org'))).toBe(false);
    // Asking again at once does not mail again.
    const before = smtp.received.length;
    expect((await ask({ email: EMAIL, kind: 'access' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('opens the data through the mailed link only, and only while it lasts', async () => {
    const token = await linkMailedTo(EMAIL, /Seus dados em/);
    const opened = await visitor.get(`/api/data_requests/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data_request).toMatchObject({ kind: 'access', email: EMAIL });
    const json = await visitor.get(`/api/data_requests/${token}/personal_data.json`);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      activist: { email: EMAIL },
      form_entries: [{ fields: expect.arrayContaining([expect.objectContaining({ value: 'Luana Reis' })]) }],
      consents: [{ source: 'form_entries', text: expect.stringContaining('Ao enviar') }],
    });
    const csv = await visitor.get(`/api/data_requests/${token}/personal_data.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // An access link cannot erase, and a guessed or expired token opens nothing.
    expect((await visitor.post(`/api/data_requests/${token}/erase`, {})).status).toBe(404);
    const guessed = await visitor.get(`/api/data_requests/${'x'.repeat(43)}`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.errors).toEqual([
      'Este link expirou ou não vale mais. Faça um novo pedido pela página da mobilização.',
    ]);
    await server.ctx.db.update(activistDataRequests).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await visitor.get(`/api/data_requests/${token}`)).status).toBe(404);
  });

  it('refuses bad input with the field named, in the caller language', async () => {
    const res = await ask({ email: 'nope', kind: 'forget' }, { 'accept-language': 'en' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['Give a valid e-mail'],
      kind: ['Choose what you would like to do'],
    });
    const missing = await visitor.post('/api/data_requests', {
      data_request: { email: EMAIL, kind: 'access', mobilization_id: 999_999 },
    });
    expect(missing.status).toBe(404);
  });

  it('erases the person once they confirm through the link, recorded as their own request', async () => {
    expect((await ask({ email: EMAIL, kind: 'erasure' })).status).toBe(202);
    const token = await linkMailedTo(EMAIL, /apagar seus dados/);
    // Opening the link erases nothing: the page asks to confirm.
    expect((await visitor.get(`/api/data_requests/${token}`)).body.data_request.kind).toBe('erasure');
    const [still] = await server.ctx.db.select().from(activists).where(eq(activists.email, EMAIL));
    expect(still).toBeDefined();
    expect((await visitor.post(`/api/data_requests/${token}/erase`, {})).status).toBe(204);
    expect(await server.ctx.db.select().from(activists).where(eq(activists.email, EMAIL))).toEqual([]);
    const [entry] = await server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, page.form.id));
    expect(entry?.activistId).toBeNull();
    expect(JSON.stringify(entry?.fields)).not.toContain('Luana');
    const [audit] = await server.ctx.db
      .select()
      .from(activistErasures)
      .where(eq(activistErasures.communityId, page.communityId));
    expect(audit).toMatchObject({ requestedBy: 'visitor', erasedBy: null });
    // The link works once.
    expect((await visitor.post(`/api/data_requests/${token}/erase`, {})).status).toBe(404);
  });
});
