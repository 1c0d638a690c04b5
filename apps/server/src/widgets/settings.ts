import type { WidgetKind } from '@mutirao/core';
import { AppError, type FieldErrors } from '../http/errors';
import { serverKind } from './kinds';

/**
 * Checks a widget's settings as a tab saves them: the whole object, with the tab's changes merged in by the client.
 * Every known key of the kind (`SERVER_WIDGET_KINDS[kind].settings`) that is present must be valid (each tab
 * validates its own group fully on the client, so an absent key is not required); unknown keys are kept as they
 * are. Valid values are stored normalised (trimmed, rich text and field lists as JSON strings); a key whose value
 * normalises to nothing is dropped. Failures are one 422 with every bad key's messages:
 * `{errors: {<settings key>: [message]}}`.
 */
export function normalizeWidgetSettings(kind: WidgetKind, settings: Record<string, unknown>): Record<string, unknown> {
  const normalized: Record<string, unknown> = { ...settings };
  const errors: FieldErrors = {};
  for (const [key, schema] of Object.entries(serverKind(kind).settings)) {
    if (!(key in settings)) continue;
    const result = schema.safeParse(settings[key]);
    if (result.success) {
      if (result.data === undefined) delete normalized[key];
      else normalized[key] = result.data;
      continue;
    }
    errors[key] = [...new Set(result.error.issues.map((issue) => issue.message))];
  }
  if (Object.keys(errors).length) throw new AppError('unprocessable', errors);
  return normalized;
}
