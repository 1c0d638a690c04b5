import { type FormField, serializeContent, serializeFormFields, type WidgetKind } from '@mutirao/core';
import type { Db } from '../src/db/client';
import { createCommunity, createMobilization, createUser } from '../src/seed/factories';

/** The fields most form tests use: a required name, a required e-mail, an optional phone and a dropdown. */
export const TEST_FIELDS: FormField[] = [
  { uid: 'f-nome', kind: 'text', label: 'Nome', placeholder: '', required: 'true' },
  { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
  { uid: 'f-fone', kind: 'text', label: 'Telefone', placeholder: '', required: 'false' },
  {
    uid: 'f-bairro',
    kind: 'dropdown',
    label: 'Bairro',
    placeholder: 'Boa Vista, Santo Amaro, Recife Antigo',
    required: 'false',
  },
  { uid: 'f-idade', kind: 'number', label: 'Idade', placeholder: '', required: 'false' },
  { uid: 'f-ok', kind: 'greetings', label: 'Obrigada', placeholder: 'Valeu!', required: 'false' },
];

export const THANK_YOU_SETTINGS = {
  sender_name: 'Coletivo Teste',
  sender_email: 'contato@coletivo.example.org',
  email_subject: 'Obrigada por participar',
  email_text: serializeContent([
    { type: 'paragraph', children: [{ text: 'Que bom ter você, ' }, { text: 'de verdade', bold: true }] },
    {
      type: 'paragraph',
      children: [{ text: 'Veja ' }, { type: 'link', href: '/agenda', children: [{ text: 'a agenda' }] }, { text: '.' }],
    },
  ] as never),
};

export function formSettings(fields: FormField[] = TEST_FIELDS, extra: Record<string, unknown> = {}) {
  return {
    call_to_action: 'Participe',
    button_text: 'Enviar',
    finish_message_type: 'share',
    fields: serializeFormFields(fields),
    ...extra,
  };
}

/** An e-mail pressure's settings: two councillors as targets, the letter, and the city asked for. */
export const PRESSURE_TARGETS = ['Vereadora Ana <ana@camara.example.org>', 'Vereador Beto <beto@camara.example.org>'];
export const pressureSettings = (extra: Record<string, unknown> = {}) => ({
  call_to_action: 'Pressione a Câmara',
  button_text: 'Enviar e-mail',
  targets: PRESSURE_TARGETS,
  pressure_subject: 'Tarifa zero já',
  pressure_body: 'Aprovem a tarifa zero aos domingos.',
  finish_message_type: 'share',
  show_city: 'city-true',
  ...extra,
});

let seq = 0;

/**
 * An organiser (password `password123`), their community and a published page whose second block holds a form
 * widget and a content widget. Returns everything a form test needs.
 */
export async function createFormPage(
  db: Db,
  options: {
    settings?: Record<string, unknown>;
    status?: 'active' | 'archived';
    communityId?: number;
    /** Another action widget in the form's place (pressure tests). */
    kind?: WidgetKind;
  } = {},
) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const email = `org-${tag}@example.org`;
  let communityId = options.communityId;
  if (!communityId) {
    const user = await createUser(db, { email });
    communityId = (await createCommunity(db, { name: `Comunidade ${tag}`, ownerId: user.id })).id;
  }
  const page = await createMobilization(db, {
    communityId,
    name: `Página ${tag}`,
    slug: `pagina-${tag}`,
    status: options.status ?? 'active',
    blocks: [
      { name: 'Topo', widgets: [{ kind: 'content', settings: { content: 'Olá' } }] },
      { name: 'Form', widgets: [{ kind: options.kind ?? 'form', settings: options.settings ?? formSettings() }] },
    ],
  });
  const form = page.widgets.find((w) => w.kind === (options.kind ?? 'form'));
  const content = page.widgets.find((w) => w.kind === 'content');
  if (!form || !content) throw new Error('createFormPage: widgets missing');
  return { page, form, content, communityId, organiserEmail: email };
}

/** A submission body as the public form sends it; labels and kinds are the client's and must be ignored. */
export function entryBody(widgetId: number, values: Record<string, string>, extra: Record<string, unknown> = {}) {
  const fields = Object.entries(values).map(([uid, value]) => ({ uid, kind: 'text', label: `client ${uid}`, value }));
  return { form_entry: { widget_id: widgetId, fields: JSON.stringify(fields) }, ...extra };
}
