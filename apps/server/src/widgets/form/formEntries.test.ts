import { request as httpRequest } from 'node:http';
import { translate } from '@mutirao/core';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS, THANK_YOU_SETTINGS } from '../../../test/formPage';
import { Client, startTestServer, type TestServer } from '../../../test/harness';
import { adminBaseUrl, publicPageUrl } from '../../config';
import { activistConsents, activists, blocks, formEntries, mobilizations, outbox, widgets } from '../../db/schema';
import { loadPublicPage } from '../../public/pages';
import { rateLimitSweepJob } from '../../rate-limit/rate-limit';

let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000' } });
  visitor = new Client(server.url);
});
afterAll(() => server.close());

const VALID = {
  'f-nome': '  Maria da Conceição  ',
  'f-email': 'maria@example.org',
  'f-fone': '(81) 99999-0000',
  'f-bairro': 'Boa Vista',
  'f-idade': '34',
};

const post = (pageId: number, body: unknown, headers?: Record<string, string>) =>
  visitor.post(`/api/mobilizations/${pageId}/form_entries`, body, headers);

async function stored(widgetId: number) {
  const [entries] = await server.ctx.db
    .select({ n: count() })
    .from(formEntries)
    .where(eq(formEntries.widgetId, widgetId));
  return Number(entries?.n);
}

async function activistsOf(communityId: number) {
  return server.ctx.db.select().from(activists).where(eq(activists.communityId, communityId));
}

describe('POST /api/mobilizations/:id/form_entries', () => {
  it('stores the entry with the stored labels, upserts the activist and answers with the count', async () => {
    const { page, form, communityId } = await createFormPage(server.ctx.db);
    const res = await post(page.id, entryBody(form.id, VALID));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ form_entry: { widget_id: form.id }, form_entries_count: 1 });
    expect(new Date(res.body.form_entry.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = await server.ctx.db.select().from(formEntries).where(eq(formEntries.id, res.body.form_entry.id));
    expect(entry?.fields).toEqual([
      { uid: 'f-nome', kind: 'text', label: 'Nome', value: 'Maria da Conceição' },
      { uid: 'f-email', kind: 'email', label: 'E-mail', value: 'maria@example.org' },
      { uid: 'f-fone', kind: 'text', label: 'Telefone', value: '(81) 99999-0000' },
      { uid: 'f-bairro', kind: 'dropdown', label: 'Bairro', value: 'Boa Vista' },
      { uid: 'f-idade', kind: 'number', label: 'Idade', value: '34' },
    ]);
    const [activist] = await activistsOf(communityId);
    expect(activist).toMatchObject({
      email: 'maria@example.org',
      name: 'Maria da Conceição',
      firstName: 'Maria',
      lastName: 'da Conceição',
      phone: '(81) 99999-0000',
    });
    expect(entry?.activistId).toBe(activist?.id);
    expect(entry?.mobilizationId).toBe(page.id);
    // The consent notice the page showed is stored with the entry, in the page's language, with the page's address.
    const consents = await server.ctx.db
      .select()
      .from(activistConsents)
      .where(eq(activistConsents.activistId, Number(activist?.id)));
    expect(consents).toEqual([
      expect.objectContaining({
        source: 'form_entries',
        actionId: entry?.id,
        mobilizationId: page.id,
        widgetId: form.id,
        locale: 'pt-BR',
        text: translate('pt-BR', 'formView.consent'),
        pageUrl: publicPageUrl(server.ctx.config, page),
      }),
    ]);

    const second = await post(page.id, entryBody(form.id, { ...VALID, 'f-email': 'joao@example.org' }));
    expect(second.body.form_entries_count).toBe(2);
    const live = await visitor.get(`/api/widgets/${form.id}/form_entries_count`);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ form_entries_count: 2 });
    expect(live.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts an empty optional field, ignores greetings fields and takes numbers as values', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const fields = [
      { uid: 'f-nome', value: 'Ana' },
      { uid: 'f-email', value: 'ana@example.org' },
      { uid: 'f-fone', value: '' },
      { uid: 'f-bairro', value: null },
      { uid: 'f-idade', value: 40 },
      { uid: 'f-ok', value: '' },
    ];
    const res = await post(page.id, { form_entry: { widget_id: String(form.id), fields } });
    expect(res.status).toBe(201);
  });

  it('upserts the activist by e-mail within the community, in any case, and keeps other communities apart', async () => {
    const db = server.ctx.db;
    const { page, form, communityId } = await createFormPage(db);
    const noPhone = TEST_FIELDS.filter((f) => f.uid !== 'f-fone');
    const other = await createFormPage(db, { communityId, settings: formSettings(noPhone) });
    expect((await post(page.id, entryBody(form.id, { ...VALID, 'f-email': 'Bia@Example.org' }))).status).toBe(201);
    const again = { ...VALID, 'f-nome': 'Beatriz Lima', 'f-email': 'bia@example.ORG' } as Record<string, string>;
    delete again['f-fone'];
    expect((await post(other.page.id, entryBody(other.form.id, again))).status).toBe(201);
    const people = await activistsOf(communityId);
    expect(people).toHaveLength(1);
    // An anonymous submission only fills blanks: anyone can type another person's e-mail, so the stored name stays,
    // and what this visitor typed is kept on their own entry.
    expect(people[0]).toMatchObject({ name: 'Maria da Conceição', firstName: 'Maria', lastName: 'da Conceição' });
    expect(people[0]?.phone).toBe('(81) 99999-0000');
    const [second] = await db.select().from(formEntries).where(eq(formEntries.widgetId, other.form.id));
    expect(second?.fields).toContainEqual(expect.objectContaining({ uid: 'f-nome', value: 'Beatriz Lima' }));
    expect(people[0]?.email.toLowerCase()).toBe('bia@example.org');

    const elsewhere = await createFormPage(db);
    expect(
      (await post(elsewhere.page.id, entryBody(elsewhere.form.id, { ...VALID, 'f-email': 'bia@example.org' }))).status,
    ).toBe(201);
    expect(await activistsOf(elsewhere.communityId)).toHaveLength(1);
    expect(await activistsOf(communityId)).toHaveLength(1);
  });

  it('stores an entry without an activist when the form has no e-mail field', async () => {
    const fields = [
      { uid: 'f-nome', kind: 'text' as const, label: 'Nome', placeholder: '', required: 'true' as const },
    ];
    const { page, form, communityId } = await createFormPage(server.ctx.db, { settings: formSettings(fields) });
    const res = await post(page.id, entryBody(form.id, { 'f-nome': 'Sem e-mail' }));
    expect(res.status).toBe(201);
    expect(await activistsOf(communityId)).toHaveLength(0);
  });

  describe('refuses bad input with a clear message and stores nothing', () => {
    let target: Awaited<ReturnType<typeof createFormPage>>;
    beforeAll(async () => {
      target = await createFormPage(server.ctx.db);
    });
    const expectNothingStored = async () => {
      expect(await stored(target.form.id)).toBe(0);
      expect(await activistsOf(target.communityId)).toHaveLength(0);
    };

    it.each([
      ['a blank required field', { 'f-nome': '   ' }, { 'f-nome': ['Nome não pode ficar em branco'] }],
      ['an invalid e-mail', { 'f-email': 'maria@' }, { 'f-email': ['E-mail inválido'] }],
      ['an option not in the dropdown', { 'f-bairro': 'Casa Forte' }, { 'f-bairro': ['Bairro inválido'] }],
      ['a number field with words', { 'f-idade': 'trinta' }, { 'f-idade': ['Idade inválido'] }],
      ['an oversized value', { 'f-nome': 'x'.repeat(2001) }, { 'f-nome': ['Nome: máximo de 2000 caracteres'] }],
    ])('%s', async (_name, change, errors) => {
      const res = await post(target.page.id, entryBody(target.form.id, { ...VALID, ...change }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors });
      await expectNothingStored();
    });

    it('lists every field error at once, in the caller language', async () => {
      const body = entryBody(target.form.id, { ...VALID, 'f-nome': '', 'f-email': 'x' });
      expect((await post(target.page.id, body)).body.errors).toEqual({
        'f-nome': ['Nome não pode ficar em branco'],
        'f-email': ['E-mail inválido'],
      });
      expect((await post(target.page.id, body, { 'accept-language': 'es' })).body.errors).toEqual({
        'f-nome': ['Nome no puede quedar en blanco'],
        'f-email': ['E-mail inválido'],
      });
      expect((await post(target.page.id, body, { 'accept-language': 'en-US,en;q=0.9' })).body.errors).toEqual({
        'f-nome': ["Nome can't be blank"],
        'f-email': ['E-mail is invalid'],
      });
      await expectNothingStored();
    });

    it('missing, extra, repeated and malformed fields', async () => {
      const { 'f-nome': _, ...withoutName } = VALID;
      const missing = await post(target.page.id, entryBody(target.form.id, withoutName));
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({
        fields: ['Faltam campos no envio (Nome). Recarregue a página e tente de novo.'],
      });
      const extra = await post(target.page.id, entryBody(target.form.id, { ...VALID, 'f-hack': 'x' }));
      expect(extra.body.errors).toEqual({
        fields: ['O formulário mudou desde que a página foi aberta. Recarregue a página e tente de novo.'],
      });
      const twice = [...Object.entries(VALID), ['f-nome', 'De novo']].map(([uid, value]) => ({ uid, value }));
      const repeated = await post(target.page.id, { form_entry: { widget_id: target.form.id, fields: twice } });
      expect(repeated.body.errors).toEqual({ fields: ['Campos do formulário inválidos'] });
      for (const fields of [
        '[{"uid":',
        '{"uid":"f-nome"}',
        '[1,2]',
        '[{"value":"x"}]',
        '[{"uid":"f-nome","value":{}}]',
        7,
      ]) {
        const res = await post(target.page.id, { form_entry: { widget_id: target.form.id, fields } });
        expect(res.status, String(fields)).toBe(422);
        expect(res.body.errors).toEqual({ fields: ['Campos do formulário inválidos'] });
      }
      await expectNothingStored();
    });

    it('a missing or non-numeric widget id, and a widget that is not a form', async () => {
      const none = await post(target.page.id, { form_entry: { fields: '[]' } });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({ widget_id: ['Informe o widget'] });
      const word = await post(target.page.id, { form_entry: { widget_id: 'abc', fields: '[]' } });
      expect(word.body.errors).toEqual({ widget_id: ['Informe o widget'] });
      const content = await post(target.page.id, entryBody(target.content.id, VALID));
      expect(content.status).toBe(422);
      expect(content.body.errors).toEqual({ widget_id: ['Este widget não é um formulário'] });
      await expectNothingStored();
    });

    it('an unknown widget, a widget of another page, an archived, deleted or hidden page: 404', async () => {
      const notFound = { errors: ['Este formulário não existe ou não está mais publicado.'] };
      const unknown = await post(target.page.id, entryBody(999_999, VALID));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(notFound);
      const other = await createFormPage(server.ctx.db);
      expect((await post(target.page.id, entryBody(other.form.id, VALID))).status).toBe(404);
      expect((await post(999_999, entryBody(target.form.id, VALID))).status).toBe(404);
      expect((await post(0, entryBody(target.form.id, VALID))).status).toBe(404);

      const archived = await createFormPage(server.ctx.db, { status: 'archived' });
      expect((await post(archived.page.id, entryBody(archived.form.id, VALID))).body).toEqual(notFound);
      expect((await visitor.get(`/api/widgets/${archived.form.id}/form_entries_count`)).status).toBe(404);

      const deleted = await createFormPage(server.ctx.db);
      await server.ctx.db
        .update(mobilizations)
        .set({ deletedAt: new Date() })
        .where(eq(mobilizations.id, deleted.page.id));
      expect((await post(deleted.page.id, entryBody(deleted.form.id, VALID))).status).toBe(404);

      const hidden = await createFormPage(server.ctx.db);
      await server.ctx.db.update(blocks).set({ hidden: true }).where(eq(blocks.id, hidden.form.blockId));
      expect((await post(hidden.page.id, entryBody(hidden.form.id, VALID))).status).toBe(404);

      expect((await visitor.get(`/api/widgets/${target.content.id}/form_entries_count`)).status).toBe(404);
      expect((await visitor.get('/api/widgets/999999/form_entries_count')).status).toBe(404);
      await expectNothingStored();
    });

    it('malformed JSON, a missing wrapper and oversized bodies', async () => {
      const url = `/api/mobilizations/${target.page.id}/form_entries`;
      const broken = await visitor.request('POST', url, '{"form_entry": {', { 'content-type': 'application/json' });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ errors: ['O corpo da requisição não é um JSON válido'] });
      const unwrapped = await post(target.page.id, { widget_id: target.form.id, fields: '[]' });
      expect(unwrapped.status).toBe(400);
      const huge = await post(target.page.id, entryBody(target.form.id, { ...VALID, 'f-nome': 'x'.repeat(300_000) }));
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ errors: ['Envio grande demais'] });
      const long = await post(target.page.id, {
        form_entry: { widget_id: target.form.id, fields: ' '.repeat(200_001) },
      });
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({ fields: ['Envio grande demais'] });
      await expectNothingStored();
    });

    it('a filled honeypot', async () => {
      const res = await post(target.page.id, entryBody(target.form.id, VALID, { website: 'http://spam.example' }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { base: ['Não foi possível registrar o envio. Tente de novo.'] } });
      await expectNothingStored();
      expect((await post(target.page.id, entryBody(target.form.id, VALID, { website: '' }))).status).toBe(201);
    });
  });

  it('writes everything or nothing: a failure after the entry insert leaves no entry, activist or count', async () => {
    const db = server.ctx.db;
    const settings = formSettings(TEST_FIELDS, THANK_YOU_SETTINGS);
    const { page, form, communityId } = await createFormPage(db, { settings });
    // A real failure inside the transaction, after the activist and the entry are written: the outbox refuses the mail.
    await db.execute(sql`create or replace function test_refuse_mail() returns trigger language plpgsql as $$
      begin if new.to_address = 'boom@example.org' then raise exception 'outbox refused'; end if; return new; end; $$`);
    await db.execute(sql`create trigger test_refuse_mail before insert on outbox
      for each row execute function test_refuse_mail()`);
    try {
      const res = await post(page.id, entryBody(form.id, { ...VALID, 'f-email': 'boom@example.org' }));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ errors: ['Erro interno'] });
      expect(await stored(form.id)).toBe(0);
      expect(await activistsOf(communityId)).toHaveLength(0);
      expect((await visitor.get(`/api/widgets/${form.id}/form_entries_count`)).body.form_entries_count).toBe(0);
      const ok = await post(page.id, entryBody(form.id, VALID));
      expect(ok.body.form_entries_count).toBe(1);
    } finally {
      await db.execute(sql`drop trigger test_refuse_mail on outbox`);
    }
  });

  it('queues the thank-you e-mail in the same transaction, only when it is configured', async () => {
    const db = server.ctx.db;
    const { page, form } = await createFormPage(db, { settings: formSettings(TEST_FIELDS, THANK_YOU_SETTINGS) });
    const res = await post(page.id, entryBody(form.id, { ...VALID, 'f-email': 'obrigada@example.org' }));
    expect(res.status).toBe(201);
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, 'obrigada@example.org'));
    expect(mail).toMatchObject({
      kind: 'form-thank-you',
      fromAddress: '"Coletivo Teste" <contato@coletivo.example.org>',
      subject: 'Obrigada por participar',
    });
    expect(mail?.idempotencyKey).toMatch(/^form-entry-[0-9a-f-]{36}-thank-you$/);
    // Relative links become absolute on the configured admin address, never the one the visitor's request named.
    const base = adminBaseUrl(server.ctx.config);
    expect(mail?.text).toBe(`Que bom ter você, de verdade\n\nVeja a agenda (${base}/agenda).`);
    expect(mail?.html).toContain('<strong>de verdade</strong>');
    expect(mail?.html).toContain(`href="${base}/agenda"`);

    const unset = await createFormPage(db, {
      settings: formSettings(TEST_FIELDS, { ...THANK_YOU_SETTINGS, email_subject: '' }),
    });
    await post(unset.page.id, entryBody(unset.form.id, { ...VALID, 'f-email': 'sem-assunto@example.org' }));
    expect(await db.select().from(outbox).where(eq(outbox.toAddress, 'sem-assunto@example.org'))).toHaveLength(0);
  });

  it('leaves the public page cache version alone, and a new rendering has the count', async () => {
    const db = server.ctx.db;
    const { page, form } = await createFormPage(db);
    const version = async () =>
      (await db.select({ v: mobilizations.cacheVersion }).from(mobilizations).where(eq(mobilizations.id, page.id)))[0]
        ?.v;
    const before = await version();
    await post(page.id, entryBody(form.id, VALID));
    expect(await version()).toBe(before);
    // A page rendered now shows the count as of rendering.
    const data = await loadPublicPage(db, page.id);
    expect(data?.actionCounts.get(form.id)).toBe(1);
  });

  it('is reachable on the page own public host', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const { port } = new URL(server.url);
    const body = JSON.stringify(entryBody(form.id, { ...VALID, 'f-email': 'host@example.org' }));
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/mobilizations/${page.id}/form_entries`,
          headers: {
            host: `${page.slug}.localhost`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(201);
    const rows = await server.ctx.db
      .select()
      .from(activists)
      .where(and(eq(activists.email, 'host@example.org')));
    expect(rows).toHaveLength(1);
  });
});

describe('the published widget kept in memory (issue 18)', () => {
  // Each page takes one submission first, so the route holds its widget; the edit is made straight in the database,
  // as another process would, with no notice to this one: the next submission must still see it.
  const first = async () => {
    const target = await createFormPage(server.ctx.db);
    expect((await post(target.page.id, entryBody(target.form.id, VALID))).status).toBe(201);
    return target;
  };
  const notFound = { errors: ['Este formulário não existe ou não está mais publicado.'] };

  it('sees an unpublished, deleted or hidden page, or a deleted widget, on the next submission', async () => {
    const db = server.ctx.db;
    const archived = await first();
    await db.update(mobilizations).set({ status: 'archived' }).where(eq(mobilizations.id, archived.page.id));
    expect((await post(archived.page.id, entryBody(archived.form.id, VALID))).body).toEqual(notFound);

    const deleted = await first();
    await db.update(mobilizations).set({ deletedAt: new Date() }).where(eq(mobilizations.id, deleted.page.id));
    expect((await post(deleted.page.id, entryBody(deleted.form.id, VALID))).status).toBe(404);

    const hidden = await first();
    await db.update(blocks).set({ hidden: true }).where(eq(blocks.id, hidden.form.blockId));
    expect((await post(hidden.page.id, entryBody(hidden.form.id, VALID))).status).toBe(404);

    const removed = await first();
    await db.update(widgets).set({ deletedAt: new Date() }).where(eq(widgets.id, removed.form.id));
    expect((await post(removed.page.id, entryBody(removed.form.id, VALID))).status).toBe(404);

    for (const t of [archived, deleted, hidden, removed]) expect(await stored(t.form.id)).toBe(1);
  });

  it('checks the next submission against edited settings, and takes it on the page as it is now', async () => {
    const db = server.ctx.db;
    const target = await first();
    const required = TEST_FIELDS.map((f) => (f.uid === 'f-fone' ? { ...f, required: 'true' as const } : f));
    await db
      .update(widgets)
      .set({ settings: formSettings(required) })
      .where(eq(widgets.id, target.form.id));
    const refused = await post(target.page.id, entryBody(target.form.id, { ...VALID, 'f-fone': '' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('f-fone');
    const renamed = TEST_FIELDS.map((f) => (f.uid === 'f-nome' ? { ...f, label: 'Nome completo' } : f));
    await db
      .update(widgets)
      .set({ settings: formSettings(renamed) })
      .where(eq(widgets.id, target.form.id));
    const ok = await post(target.page.id, entryBody(target.form.id, VALID));
    expect(ok.status).toBe(201);
    const [entry] = await db.select().from(formEntries).where(eq(formEntries.id, ok.body.form_entry.id));
    expect(entry?.fields[0]).toMatchObject({ uid: 'f-nome', label: 'Nome completo' });
    // A field added since: the kept copy would refuse it as unknown, the page as it is now takes it.
    const added = [
      ...TEST_FIELDS,
      { uid: 'f-cidade', kind: 'text' as const, label: 'Cidade', placeholder: '', required: 'false' as const },
    ];
    await db
      .update(widgets)
      .set({ settings: formSettings(added) })
      .where(eq(widgets.id, target.form.id));
    expect((await post(target.page.id, entryBody(target.form.id, { ...VALID, 'f-cidade': 'Olinda' }))).status).toBe(
      201,
    );
    expect(await stored(target.form.id)).toBe(3);
  });
});

describe('rate limit per IP', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { ACTION_MAX_PER_IP: '3', ACTION_WINDOW_SECONDS: '600' } });
  });
  afterAll(() => limited.close());

  it('refuses submissions past ACTION_MAX_PER_IP in the window, before looking at them', async () => {
    const { page, form } = await createFormPage(limited.ctx.db);
    const client = new Client(limited.url);
    const send = (email: string) =>
      client.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, { ...VALID, 'f-email': email }));
    expect((await send('a@example.org')).status).toBe(201);
    expect((await send('invalido')).status).toBe(422);
    expect((await send('b@example.org')).status).toBe(201);
    const refused = await send('c@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ errors: ['Muitos envios seguidos. Tente de novo em 10 minutos.'] });
    const [n] = await limited.ctx.db.select({ n: count() }).from(formEntries).where(eq(formEntries.widgetId, form.id));
    expect(Number(n?.n)).toBe(2);
  });

  it('forgets windows that ended long ago', async () => {
    const db = limited.ctx.db;
    await db.execute(sql`insert into rate_limits (key, window_start, count)
      values ('action:ip:203.0.113.9', now() - interval '2 days', 5), ('action:ip:203.0.113.10', now(), 1)`);
    await rateLimitSweepJob(db, 600).handle({});
    const keys = await db.execute(sql`select key from rate_limits where key like 'action:ip:203.0.113.%'`);
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual(['action:ip:203.0.113.10']);
  });
});
