import { type FormField, serializeFormFields } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { createFormPage, entryBody, formSettings, TEST_FIELDS } from '../../test/formPage';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { mobilizations, widgets } from '../db/schema';
import { createFormEntries, createUser } from '../seed/factories';
import { EXPORT_BATCH } from './formEntries';

let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000' } });
  visitor = new Client(server.url);
});
afterAll(() => server.close());

const HEADER = [
  'Nome',
  'E-mail',
  'Telefone',
  'Bairro',
  'Idade',
  'Nome (ativista)',
  'E-mail (ativista)',
  'Telefone (ativista)',
  'Data de envio (America/Sao_Paulo)',
  'Origem',
];

const csvUrl = (pageId: number, widgetId: number | string) =>
  `/api/mobilizations/${pageId}/form_entries.csv?widget_id=${widgetId}`;

async function download(client: Client, pageId: number, widgetId: number) {
  const res = await fetch(server.url + csvUrl(pageId, widgetId), {
    headers: { cookie: `session=${client.cookie('session')}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  // fetch's text() would drop the byte-order mark; the check is that it is there.
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

const submit = (pageId: number, widgetId: number, values: Record<string, string>) =>
  visitor.post(`/api/mobilizations/${pageId}/form_entries`, entryBody(widgetId, values));

describe('GET /api/mobilizations/:id/form_entries.csv', () => {
  it('gives the BOM and the header row only when there are no entries, and records exported_at', async () => {
    const page = await createFormPage(server.ctx.db);
    const organiser = await signIn(server, page.organiserEmail);
    const { res, text, bytes } = await download(organiser, page.page.id, page.form.id);
    expect(res.status).toBe(200);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="inscricoes-${page.page.slug}-${page.form.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parseCsv(text.slice(1))).toEqual([HEADER]);
    const [widget] = await server.ctx.db.select().from(widgets).where(eq(widgets.id, page.form.id));
    expect(widget?.exportedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const list = await organiser.get(`/api/mobilizations/${page.page.id}/widgets`);
    const presented = list.body.find((w: { id: number }) => w.id === page.form.id);
    expect(presented.exported_at).toBe(widget?.exportedAt?.toISOString());
  });

  it('writes quotes, commas, line breaks and accents so a spreadsheet reads them back exactly', async () => {
    const page = await createFormPage(server.ctx.db);
    const organiser = await signIn(server, page.organiserEmail);
    const name = 'Conceição "Ção" D\'Ávila, da Várzea\nSegunda linha';
    const res = await submit(page.page.id, page.form.id, {
      'f-nome': name,
      'f-email': 'cao@example.org',
      'f-fone': '',
      'f-bairro': 'Santo Amaro',
      'f-idade': '',
    });
    expect(res.status).toBe(201);
    const { text } = await download(organiser, page.page.id, page.form.id);
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(2);
    const row = rows[1] ?? [];
    expect(row.slice(0, 8)).toEqual([
      name,
      'cao@example.org',
      '',
      'Santo Amaro',
      '',
      // The activist record keeps names on one line.
      name.replace('\n', ' '),
      'cao@example.org',
      '',
    ]);
    expect(row[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(text).toContain('"Conceição ""Ção"" D\'Ávila, da Várzea\nSegunda linha"');
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const fields: FormField[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((uid) => ({
      uid,
      kind: 'text',
      label: uid.toUpperCase(),
      placeholder: '',
      required: 'false',
    }));
    const page = await createFormPage(server.ctx.db, { settings: formSettings(fields) });
    const organiser = await signIn(server, page.organiserEmail);
    const values = {
      a: '=HYPERLINK("http://evil.example","clique")',
      b: '+55 81 99999-0000',
      c: "-2+3+cmd|' /C calc'!A0",
      d: '@SUM(1+1)',
      e: 'x\ty',
      f: 'normal = fine',
      g: '3',
    };
    expect((await submit(page.page.id, page.form.id, values)).status).toBe(201);
    // Leading tab and carriage return are trimmed away on submission, so they reach the report only from old data.
    await server.ctx.db.execute(
      `update form_entries set fields = fields || '[{"uid":"h","label":"H","value":"\\tTAB"},{"uid":"i","label":"I","value":"\\rCR"}]'::jsonb where widget_id = ${page.form.id}` as never,
    );
    const rows = parseCsv((await download(organiser, page.page.id, page.form.id)).text.slice(1));
    expect(rows[0]?.slice(0, 9)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H (campo removido)',
      'I (campo removido)',
    ]);
    expect(rows[1]?.slice(0, 9)).toEqual([
      '\'=HYPERLINK("http://evil.example","clique")',
      "'+55 81 99999-0000",
      "'-2+3+cmd|' /C calc'!A0",
      "'@SUM(1+1)",
      'x\ty',
      'normal = fine',
      '3',
      "'\tTAB",
      "'\rCR",
    ]);
  });

  it('follows the current fields by uid and keeps the values of removed fields in columns of their own', async () => {
    const db = server.ctx.db;
    const page = await createFormPage(db);
    const organiser = await signIn(server, page.organiserEmail);
    await submit(page.page.id, page.form.id, {
      'f-nome': 'Antes',
      'f-email': 'antes@example.org',
      'f-fone': '81 1',
      'f-bairro': 'Boa Vista',
      'f-idade': '30',
    });
    // The organiser renames and reorders Nome, drops Telefone and adds Cidade.
    const next: FormField[] = [
      { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
      { uid: 'f-nome', kind: 'text', label: 'Nome completo', placeholder: '', required: 'true' },
      { uid: 'f-cidade', kind: 'text', label: 'Cidade', placeholder: '', required: 'false' },
    ];
    const saved = await organiser.put(`/api/mobilizations/${page.page.id}/widgets/${page.form.id}`, {
      widget: { kind: 'form', settings: formSettings(next) },
    });
    expect(saved.status).toBe(200);
    await submit(page.page.id, page.form.id, {
      'f-email': 'depois@example.org',
      'f-nome': 'Depois',
      'f-cidade': 'Olinda',
    });
    const rows = parseCsv((await download(organiser, page.page.id, page.form.id)).text.slice(1));
    expect(rows.map((r) => r.slice(0, 6))).toEqual([
      [
        'E-mail',
        'Nome completo',
        'Cidade',
        'Telefone (campo removido)',
        'Bairro (campo removido)',
        'Idade (campo removido)',
      ],
      ['antes@example.org', 'Antes', '', '81 1', 'Boa Vista', '30'],
      ['depois@example.org', 'Depois', 'Olinda', '', '', ''],
    ]);
    expect(rows[0]?.slice(6)).toEqual(HEADER.slice(5));
  });

  it('streams every entry in order across many batches, with the activist columns', async () => {
    const db = server.ctx.db;
    const page = await createFormPage(db);
    const organiser = await signIn(server, page.organiserEmail);
    const total = EXPORT_BATCH * 2 + 7;
    await createFormEntries(db, {
      communityId: page.communityId,
      mobilizationId: page.page.id,
      widget: page.form,
      count: total,
    });
    const { text } = await download(organiser, page.page.id, page.form.id);
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(total + 1);
    const emails = rows.slice(1).map((r) => r[1]);
    expect(new Set(emails).size).toBe(total);
    for (const row of rows.slice(1, 50)) {
      expect(row[6]).toBe(row[1]); // activist e-mail = the e-mail field
      expect(row[5]).toBe(row[0]); // activist name = the name field
    }
    const times = rows.slice(1).map((r) => r[8] ?? '');
    expect([...times].sort()).toEqual(times);
    expect((await organiser.get(`/api/widgets/${page.form.id}/form_entries_count`)).body.form_entries_count).toBe(
      total,
    );
  });

  it('records exported_at without moving the public page cache version', async () => {
    const db = server.ctx.db;
    const page = await createFormPage(db);
    const organiser = await signIn(server, page.organiserEmail);
    const version = async () =>
      (
        await db.select({ v: mobilizations.cacheVersion }).from(mobilizations).where(eq(mobilizations.id, page.page.id))
      )[0]?.v;
    const before = await version();
    await download(organiser, page.page.id, page.form.id);
    const [widget] = await db.select().from(widgets).where(eq(widgets.id, page.form.id));
    expect(widget?.exportedAt).not.toBeNull();
    expect(await version()).toBe(before);
    // Any other widget change still moves it.
    await db
      .update(widgets)
      .set({ settings: formSettings(TEST_FIELDS, { call_to_action: 'Outro' }) })
      .where(eq(widgets.id, page.form.id));
    expect(await version()).toBe((before ?? 0) + 1);
  });

  it('gives another community, a stranger and the signed-out nothing, and records nothing', async () => {
    const db = server.ctx.db;
    const page = await createFormPage(db);
    await submit(page.page.id, page.form.id, {
      'f-nome': 'Segredo',
      'f-email': 'segredo@example.org',
      'f-fone': '',
      'f-bairro': '',
      'f-idade': '',
    });
    const other = await createFormPage(db);
    const stranger = await signIn(server, other.organiserEmail);
    await createUser(db, { email: 'csv-nobody@example.org' });
    const nobody = await signIn(server, 'csv-nobody@example.org');
    for (const client of [stranger, nobody]) {
      const res = await client.get(csvUrl(page.page.id, page.form.id));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: ['Não encontrado'] });
      expect(JSON.stringify(res.body)).not.toContain('Segredo');
    }
    // Their own page with someone else's widget: the same 404.
    expect((await stranger.get(csvUrl(other.page.id, page.form.id))).status).toBe(404);
    expect((await new Client(server.url).get(csvUrl(page.page.id, page.form.id))).status).toBe(401);
    const [widget] = await db.select().from(widgets).where(eq(widgets.id, page.form.id));
    expect(widget?.exportedAt).toBeNull();

    const organiser = await signIn(server, page.organiserEmail);
    expect((await organiser.get(csvUrl(page.page.id, page.content.id))).body).toEqual({
      errors: { widget_id: ['Este widget não é um formulário'] },
    });
    expect((await organiser.get(`/api/mobilizations/${page.page.id}/form_entries.csv`)).body).toEqual({
      errors: { widget_id: ['Informe o widget'] },
    });
    expect((await organiser.get(csvUrl(page.page.id, 999_999))).status).toBe(404);
  });

  it('names the columns in the caller language', async () => {
    const page = await createFormPage(server.ctx.db, {
      settings: formSettings(TEST_FIELDS.slice(0, 2)),
    });
    const organiser = await signIn(server, page.organiserEmail);
    const res = await organiser.get(csvUrl(page.page.id, page.form.id), { 'accept-language': 'es' });
    expect(res.headers.get('content-disposition')).toContain('filename="inscripciones-');
    expect(parseCsv(String(res.body).replace(/^\uFEFF/, ''))[0]).toEqual([
      'Nome',
      'E-mail',
      'Nombre (activista)',
      'Correo (activista)',
      'Teléfono (activista)',
      'Fecha de envío (America/Sao_Paulo)',
      'Origen',
    ]);
    expect(serializeFormFields(TEST_FIELDS.slice(0, 2))).toContain('f-email');
  });
});
