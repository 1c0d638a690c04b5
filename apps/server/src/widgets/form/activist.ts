import { EMAIL_PATTERN, type FormEntryField } from '@mutirao/core';
import type { ActivistInput } from '../../activists/upsert';

/** A label as compared here: no accents, lower case, no trailing colon or asterisk. */
const normalize = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s:*]+$/, '')
    .trim();

/*
 * Forms are free-form, so the person's details are found by field kind and label, in the three interface languages.
 * The more specific patterns are tried first: 'Sobrenome' is a last name before it is a name.
 */
const LAST_NAME = /\b(sobrenome|ultimo nome|last name|surname|family name|apellidos?)\b/;
const FIRST_NAME = /\b(primeiro nome|first name|given name|nombre de pila|primer nombre)\b/;
const NAME = /\b(nome|name|nombre)\b/;
const PHONE = /\b(telefone|celular|whatsapp|fone|phone|mobile|telefono|movil)\b/;
const CITY = /\b(cidade|municipio|city|town|ciudad)\b/;
const EMAIL_LABEL = /\b(e-?mail|correo)\b/;

type Role = 'lastName' | 'firstName' | 'name' | 'phone' | 'city';

function roleOf(field: FormEntryField): Role | undefined {
  if (field.kind === 'email' || field.kind === 'greetings') return undefined;
  const label = normalize(field.label);
  if (PHONE.test(label)) return 'phone';
  if (field.kind === 'number') return undefined;
  if (LAST_NAME.test(label)) return 'lastName';
  if (FIRST_NAME.test(label)) return 'firstName';
  if (CITY.test(label)) return 'city';
  if (NAME.test(label) && field.kind === 'text') return 'name';
  return undefined;
}

/**
 * The activist behind a form entry: the e-mail of its e-mail field (the one labelled as an e-mail when there are
 * several), and the name, first and last name, phone and city when the form asks for them. Undefined when the entry
 * has no valid e-mail: an activist is identified by e-mail within the community.
 */
export function activistFromEntry(fields: FormEntryField[]): ActivistInput | undefined {
  const emails = fields.filter((f) => f.kind === 'email' && EMAIL_PATTERN.test(f.value.trim()));
  const email = (emails.find((f) => EMAIL_LABEL.test(normalize(f.label))) ?? emails[0])?.value.trim();
  if (!email) return undefined;
  const found: ActivistInput = { email };
  for (const field of fields) {
    const role = roleOf(field);
    const value = field.value.trim();
    if (role && value && found[role] === undefined) found[role] = value;
  }
  return found;
}
