import { type Locale, renderMessage } from '@mutirao/core';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/** Errors set from a server answer are already translated; ours are core's encoded keys. */
const SERVER = 'server';

/** The text to show for a field's error, in the active language. */
export function errorText(locale: Locale, error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER ? error.message : renderMessage(locale, error.message);
}

/**
 * Maps a failed submit onto the form: each `{errors: {field: [message]}}` entry onto its field, and whatever
 * matches no field (or `{errors: [message]}`) onto `root.server`, shown above the submit button. Failures
 * already shown as the generic toast are left alone. Returns false when the error is not an API answer.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind !== 'response') return true;
  const unmatched = [...error.messages];
  let focused = false;
  for (const [field, messages] of Object.entries(error.fields)) {
    const message = messages.join(' ');
    const target = fields.find((f) => f === field);
    if (target) {
      setError(target, { type: SERVER, message }, { shouldFocus: !focused });
      focused = true;
    } else unmatched.push(message);
  }
  if (unmatched.length) setError('root.server', { type: SERVER, message: unmatched.join(' ') });
  return true;
}
