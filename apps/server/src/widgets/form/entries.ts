import {
  FORM_FIELDS_MAX,
  type FormEntryField,
  type FormField,
  inputFields,
  msg,
  validateFormValues,
} from '@mutirao/core';
import { AppError, type FieldErrors } from '../../http/errors';

/** One submitted field: only its uid and value are trusted; labels and kinds come from the stored widget. */
export interface SubmittedField {
  uid: string;
  value: string;
}

const invalidFields = () => new AppError('unprocessable', { fields: ['formWidget.fieldsInvalid'] });

/**
 * `form_entry.fields`: JSON text (or an array) of `[{uid, kind, label, value}]`. Anything that is not a list of
 * objects with a uid and a text or number value is refused as a whole.
 */
export function readSubmittedFields(raw: string | unknown[]): SubmittedField[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw invalidFields();
    }
  }
  if (!Array.isArray(list) || list.length > FORM_FIELDS_MAX + 10) throw invalidFields();
  return list.map((item): SubmittedField => {
    if (!item || typeof item !== 'object') throw invalidFields();
    const { uid, value } = item as Record<string, unknown>;
    if (typeof uid !== 'string' || !uid || uid.length > 100) throw invalidFields();
    if (value === undefined || value === null) return { uid, value: '' };
    if (typeof value !== 'string' && typeof value !== 'number') throw invalidFields();
    return { uid, value: String(value) };
  });
}

/**
 * Matches a submission to the widget's stored fields: every input field must be there once and nothing else
 * (greetings fields, which take no value, are ignored), then the values pass the same checks as in the browser
 * (`validateFormValues`, spec 02 §5). Returns the entry as stored: the stored fields with the values, trimmed.
 */
export function matchSubmission(stored: FormField[], submitted: SubmittedField[]): FormEntryField[] {
  const inputs = inputFields(stored);
  const greetings = new Set(stored.filter((f) => f.kind === 'greetings').map((f) => f.uid));
  const known = new Set(inputs.map((f) => f.uid));
  // A Map, not an object: a uid such as 'constructor' must not meet Object.prototype.
  const values = new Map<string, string>();
  for (const { uid, value } of submitted) {
    if (greetings.has(uid)) continue;
    if (values.has(uid)) throw invalidFields();
    if (!known.has(uid)) throw new AppError('unprocessable', { fields: ['formEntries.fieldsUnknown'] });
    values.set(uid, value);
  }
  const missing = inputs.filter((f) => !values.has(f.uid)).map((f) => f.label);
  if (missing.length) {
    throw new AppError('unprocessable', { fields: [msg('formEntries.fieldsMissing', { labels: missing.join(', ') })] });
  }
  const problems = validateFormValues(stored, Object.fromEntries(values));
  if (problems.length) {
    const errors: FieldErrors = {};
    for (const { uid, message } of problems) errors[uid] = [...(errors[uid] ?? []), message];
    throw new AppError('unprocessable', errors);
  }
  return inputs.map((f) => ({ uid: f.uid, kind: f.kind, label: f.label, value: (values.get(f.uid) ?? '').trim() }));
}
