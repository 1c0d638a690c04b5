import { describe, expect, it } from 'vitest';
import { renderMessage } from '../messages';
import { actionAdjustSchema, autofireSchema, finishSchema, isAutofireConfigured } from './action';
import {
  dropdownOptions,
  type FormField,
  formFieldsSchema,
  greetingsText,
  newFormField,
  parseFormFields,
  serializeFormFields,
  validateFormValues,
} from './form';

const fields: FormField[] = [
  { uid: 'f-name', kind: 'text', label: 'Nome', placeholder: 'Seu nome', required: 'true' },
  { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
  { uid: 'f-age', kind: 'number', label: 'Idade', placeholder: '', required: 'false' },
  { uid: 'f-city', kind: 'dropdown', label: 'Cidade', placeholder: 'Recife, Olinda ,, Jaboatão', required: 'false' },
  { uid: 'f-thanks', kind: 'greetings', label: 'Obrigado', placeholder: 'Valeu por assinar!', required: 'false' },
];

const messages = (errors: { message: string }[]) => errors.map((e) => renderMessage('pt-BR', e.message));
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error ? renderMessage('pt-BR', result.error.issues[0]?.message ?? '') : undefined;

describe('form fields', () => {
  it('round-trip through the JSON string the settings store, dropping broken and repeated entries', () => {
    expect(parseFormFields(serializeFormFields(fields))).toEqual(fields);
    const messy = JSON.stringify([
      fields[0],
      { uid: 'x', kind: 'radio', label: 'A' },
      fields[0],
      { ...fields[1], required: true },
    ]);
    expect(parseFormFields(messy)).toEqual([fields[0], fields[1]]);
    expect(parseFormFields('not json')).toEqual([]);
    expect(parseFormFields(undefined)).toEqual([]);
  });

  it('start as a text field with a generated uid, not required', () => {
    const a = newFormField();
    const b = newFormField();
    expect(a).toMatchObject({ kind: 'text', required: 'false', label: '', placeholder: '' });
    expect(a.uid).not.toEqual(b.uid);
  });

  it('read dropdown options from the placeholder and the success text from a greetings field', () => {
    expect(dropdownOptions(fields[3] as FormField)).toEqual(['Recife', 'Olinda', 'Jaboatão']);
    expect(greetingsText(fields)).toBe('Valeu por assinar!');
    expect(greetingsText(fields.slice(0, 2))).toBeUndefined();
  });

  it('reject duplicate uids and dropdowns without options when saved', () => {
    expect(formFieldsSchema.safeParse(fields).success).toBe(true);
    expect(firstMessage(formFieldsSchema.safeParse([fields[0], fields[0]]))).toBe(
      'Dois campos têm o mesmo identificador',
    );
    const empty = { ...fields[3], placeholder: ' , ' };
    expect(firstMessage(formFieldsSchema.safeParse([empty]))).toBe('Informe as opções da lista, separadas por vírgula');
  });
});

describe('form values', () => {
  it("name each blank required field and each invalid value, in the spec's words", () => {
    expect(messages(validateFormValues(fields, {}))).toEqual([
      'Nome não pode ficar em branco',
      'E-mail não pode ficar em branco',
    ]);
    expect(
      messages(validateFormValues(fields, { 'f-name': 'Ana', 'f-email': 'ana@', 'f-age': 'dez', 'f-city': 'Paris' })),
    ).toEqual(['E-mail inválido', 'Idade inválido', 'Cidade inválido']);
    expect(validateFormValues(fields, { 'f-name': ' Ana ', 'f-email': 'ana@example.org', 'f-city': 'Olinda' })).toEqual(
      [],
    );
  });
});

describe('action widget settings', () => {
  it('require a title and a button text of at most 50 characters', () => {
    expect(firstMessage(actionAdjustSchema.safeParse({ button_text: 'Assinar' }))).toBe('Insira o título da widget');
    expect(firstMessage(actionAdjustSchema.safeParse({ call_to_action: 'Assine', button_text: ' ' }))).toBe(
      'Insira o texto do botão',
    );
    expect(firstMessage(actionAdjustSchema.safeParse({ call_to_action: 'Assine', button_text: 'x'.repeat(51) }))).toBe(
      'O limite de caracteres foi atingido.',
    );
  });

  it('check the sender e-mail and need a finish message type, defaulting its background to white', () => {
    expect(firstMessage(autofireSchema.safeParse({ sender_email: 'ana@' }))).toBe('Informe um e-mail válido');
    expect(firstMessage(finishSchema.safeParse({}))).toBe('Nenhum tipo de mensagem foi selecionado');
    expect(finishSchema.parse({ finish_message_type: 'share' }).finish_message_background).toBe('255,255,255,1');
  });

  it('send the thank-you e-mail only when sender, subject and text are set', () => {
    const base = { sender_email: 'org@example.org', email_subject: 'Valeu', email_text: 'Obrigado!' };
    expect(isAutofireConfigured(base)).toBe(true);
    expect(isAutofireConfigured({ ...base, email_subject: ' ' })).toBe(false);
    expect(isAutofireConfigured({ ...base, sender_email: 'nope' })).toBe(false);
  });
});
