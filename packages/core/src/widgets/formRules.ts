import { msg } from '../messages';
import { EMAIL_PATTERN } from './actionRules';

/**
 * The form widget's field model (spec 02 §3 "Form settings"). Fields are stored in `settings.fields` as a JSON string
 * and parsed on load. A dropdown's options are its placeholder, comma-separated; a greetings field is not an input:
 * its placeholder is the text shown after a successful submission.
 */

export const FORM_FIELD_KINDS = ['text', 'email', 'number', 'dropdown', 'greetings'] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export interface FormField {
  uid: string;
  kind: FormFieldKind;
  label: string;
  placeholder: string;
  /** 'true' or 'false', as strings (spec 02 §3). */
  required: 'true' | 'false';
}

export const FORM_FIELDS_MAX = 50;
export const FIELD_LABEL_MAX = 200;
export const FIELD_PLACEHOLDER_MAX = 2000;
/** The longest value a visitor may send for one field. */
export const FIELD_VALUE_MAX = 2000;

/** A new field: a text field with a generated uid, not required (spec 02 §3). */
export function newFormField(random: () => number = Math.random): FormField {
  const uid = `field-${Date.now()}-${Math.floor(random() * 1e9)
    .toString(36)
    .padStart(6, '0')}`;
  return { uid, kind: 'text', label: '', placeholder: '', required: 'false' };
}

/** How the field editor stores fields: a JSON string in `settings.fields`. */
export function serializeFormFields(fields: FormField[]): string {
  return JSON.stringify(fields);
}

/** A dropdown's options: its placeholder, split on commas, trimmed, blanks dropped. */
export function dropdownOptions(field: Pick<FormField, 'placeholder'>): string[] {
  return field.placeholder
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The fields a visitor fills in: everything but greetings. */
export function inputFields(fields: FormField[]): FormField[] {
  return fields.filter((f) => f.kind !== 'greetings');
}

/** The success text of the first greetings field, if the form has one (spec 02 §4 "Form widget"). */
export function greetingsText(fields: FormField[]): string | undefined {
  return fields.find((f) => f.kind === 'greetings')?.placeholder.trim() || undefined;
}

export interface FormFieldError {
  uid: string;
  /** Encoded message (see `msg`): '{label} nao pode ficar em branco' or '{label} invalido'. */
  message: string;
}

const NUMBER_PATTERN = /^-?\d+([.,]\d+)?$/;

/**
 * Checks a visitor's values against the widget's fields (spec 02 §5 "Form widget"), in field order, as the browser
 * and the server both do. Values are keyed by uid; greetings fields take no value.
 */
export function validateFormValues(fields: FormField[], values: Record<string, string | undefined>): FormFieldError[] {
  const errors: FormFieldError[] = [];
  for (const field of inputFields(fields)) {
    const value = (values[field.uid] ?? '').trim();
    const label = field.label;
    if (!value) {
      if (field.required === 'true') errors.push({ uid: field.uid, message: msg('formWidget.fieldBlank', { label }) });
      continue;
    }
    if (value.length > FIELD_VALUE_MAX) {
      errors.push({ uid: field.uid, message: msg('formWidget.fieldTooLong', { label, max: FIELD_VALUE_MAX }) });
      continue;
    }
    const invalid =
      (field.kind === 'email' && !EMAIL_PATTERN.test(value)) ||
      (field.kind === 'number' && !NUMBER_PATTERN.test(value)) ||
      (field.kind === 'dropdown' && !dropdownOptions(field).includes(value));
    if (invalid) errors.push({ uid: field.uid, message: msg('formWidget.fieldInvalid', { label }) });
  }
  return errors;
}

/** One field of a submission, as stored in `form_entries.fields` and sent as JSON text in `form_entry.fields`. */
export interface FormEntryField {
  uid: string;
  kind: FormFieldKind;
  label: string;
  value: string;
}
