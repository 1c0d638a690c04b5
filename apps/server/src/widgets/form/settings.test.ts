import { serializeFormFields } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS } from '../../../test/formPage';
import { Client, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { widgets } from '../../db/schema';
import { createUser } from '../../seed/factories';

let server: TestServer;
let organiser: Client;
let stranger: Client;
let target: Awaited<ReturnType<typeof createFormPage>>;

beforeAll(async () => {
  server = await startTestServer();
  target = await createFormPage(server.ctx.db);
  organiser = await signIn(server, target.organiserEmail);
  const other = await createFormPage(server.ctx.db);
  stranger = await signIn(server, other.organiserEmail);
  await createUser(server.ctx.db, { email: 'settings-nobody@example.org' });
});
afterAll(() => server.close());

const put = (client: Client, settings: Record<string, unknown>, widgetId = target.form.id, pageId = target.page.id) =>
  client.put(`/api/mobilizations/${pageId}/widgets/${widgetId}`, { widget: { kind: 'form', settings } });

async function storedSettings() {
  const [row] = await server.ctx.db.select().from(widgets).where(eq(widgets.id, target.form.id));
  return row?.settings;
}

describe('PUT /api/mobilizations/:id/widgets/:widget for kind form', () => {
  it('saves a whole settings object, normalised, keeping unknown keys', async () => {
    const settings = {
      ...formSettings(),
      call_to_action: '  Assine já  ',
      main_color: '#ee0099',
      count_text: '',
      sender_name: 'Coletivo',
      sender_email: 'oi@coletivo.org',
      email_subject: 'Valeu',
      email_text: [{ type: 'paragraph', children: [{ text: 'Obrigada' }] }],
      finish_message_type: 'custom',
      finish_message_background: '',
      legacy_flag: 's',
    };
    const res = await put(organiser, settings);
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      call_to_action: 'Assine já',
      main_color: '#ee0099',
      email_text: '[{"type":"paragraph","children":[{"text":"Obrigada"}]}]',
      finish_message_background: '255,255,255,1',
      legacy_flag: 's',
      fields: serializeFormFields(TEST_FIELDS),
    });
    expect(res.body.settings).not.toHaveProperty('count_text');
    expect(res.body).toMatchObject({ form_entries_count: 0, exported_at: null });
    expect(await storedSettings()).toEqual(res.body.settings);
  });

  it('accepts a tab that sends only its own keys: absent keys are not required', async () => {
    expect((await put(organiser, { sender_email: 'x@y.org' })).status).toBe(200);
    expect((await put(organiser, { finish_message_type: 'share', whatsapp_text: 'Assina!' })).status).toBe(200);
  });

  it.each([
    ['call_to_action', '   ', 'Insira o título da widget'],
    ['call_to_action', null, 'Insira o título da widget'],
    ['button_text', '', 'Insira o texto do botão'],
    ['button_text', 'x'.repeat(51), 'O limite de caracteres foi atingido.'],
    ['main_color', 'rosa', 'Cor inválida'],
    ['count_text', 'x'.repeat(101), 'Máximo de 100 caracteres'],
    ['sender_email', 'não é e-mail', 'Informe um e-mail válido'],
    ['sender_name', 'x'.repeat(101), 'Máximo de 100 caracteres'],
    ['email_subject', 'x'.repeat(201), 'Máximo de 200 caracteres'],
    ['email_text', 'x'.repeat(205_000), 'Texto grande demais'],
    ['finish_message_type', '', 'Nenhum tipo de mensagem foi selecionado'],
    ['finish_message_type', 'fireworks', 'Nenhum tipo de mensagem foi selecionado'],
    ['finish_message_background', '300,0,0,1', 'Cor inválida'],
    ['whatsapp_text', 'x'.repeat(1001), 'Máximo de 1000 caracteres'],
    ['fields', '[{"uid":', 'Campos do formulário inválidos'],
    ['fields', '{"uid":"a"}', 'Campos do formulário inválidos'],
    ['fields', JSON.stringify([{ uid: 'a', kind: 'text', label: '' }]), 'Dê um nome ao campo'],
    ['fields', JSON.stringify([{ uid: 'a', kind: 'radio', label: 'A' }]), 'Tipo de campo inválido'],
    [
      'fields',
      JSON.stringify([
        { uid: 'a', kind: 'text', label: 'A' },
        { uid: 'a', kind: 'text', label: 'B' },
      ]),
      'Dois campos têm o mesmo identificador',
    ],
    [
      'fields',
      JSON.stringify([{ uid: 'a', kind: 'dropdown', label: 'A', placeholder: ' , ' }]),
      'Informe as opções da lista, separadas por vírgula',
    ],
    [
      'fields',
      JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ uid: `u${i}`, kind: 'text', label: `L${i}` }))),
      'No máximo 50 campos',
    ],
  ])('refuses %s = %j with its message, and keeps what was saved', async (key, value, message) => {
    const before = await storedSettings();
    const res = await put(organiser, { ...formSettings(), [key]: value });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { [key]: [message] } });
    expect(await storedSettings()).toEqual(before);
  });

  it('names every bad key at once, in the caller language', async () => {
    const res = await organiser.put(
      `/api/mobilizations/${target.page.id}/widgets/${target.form.id}`,
      { widget: { kind: 'form', settings: { call_to_action: '', button_text: '', sender_email: 'x' } } },
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['button_text', 'call_to_action', 'sender_email']);
  });

  it('answers another community and the signed-out exactly as a missing widget, and changes nothing', async () => {
    const before = await storedSettings();
    const foreign = await put(stranger, { ...formSettings(), call_to_action: 'Invadido' });
    expect(foreign.status).toBe(404);
    expect((await put(stranger, { call_to_action: 'Invadido' }, 999_999)).body).toEqual(foreign.body);
    const nobody = await signIn(server, 'settings-nobody@example.org');
    expect((await put(nobody, { call_to_action: 'Invadido' })).status).toBe(404);
    expect((await put(new Client(server.url), { call_to_action: 'Invadido' })).status).toBe(401);
    expect(await storedSettings()).toEqual(before);
  });
});

describe('widgets as the admin reads them', () => {
  it('carry form_entries_count and exported_at in the lists and the PUT answer', async () => {
    const page = await createFormPage(server.ctx.db);
    const client = await signIn(server, page.organiserEmail);
    const visitor = new Client(server.url);
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
      const res = await visitor.post(
        `/api/mobilizations/${page.page.id}/form_entries`,
        entryBody(page.form.id, { 'f-nome': 'Ana', 'f-email': email, 'f-fone': '', 'f-bairro': '', 'f-idade': '' }),
      );
      expect(res.status).toBe(201);
    }
    const list = await client.get(`/api/mobilizations/${page.page.id}/widgets`);
    const byId = new Map(list.body.map((w: { id: number }) => [w.id, w]));
    expect(byId.get(page.form.id)).toMatchObject({ kind: 'form', form_entries_count: 3, exported_at: null });
    expect(byId.get(page.content.id)).toMatchObject({ kind: 'content', form_entries_count: 0 });
    const blocks = await client.get(`/api/mobilizations/${page.page.id}/blocks`);
    const formInBlocks = blocks.body
      .flatMap((b: { widgets: { id: number }[] }) => b.widgets)
      .find((w: { id: number }) => w.id === page.form.id);
    expect(formInBlocks.form_entries_count).toBe(3);
    const saved = await client.put(`/api/mobilizations/${page.page.id}/widgets/${page.form.id}`, {
      widget: { kind: 'form', settings: formSettings() },
    });
    expect(saved.body.form_entries_count).toBe(3);
  });
});
