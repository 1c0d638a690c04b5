import { WIDGET_KIND_DEFINITIONS, type WidgetKind, type WidgetKindDefinition } from '@mutirao/core';
import { AppError, type FieldErrors } from '../http/errors';
import { serverKind } from './kinds';

/**
 * Checks a widget's settings as a tab saves them: the whole object, with the tab's changes merged in by the client.
 * Every known key of the kind (`SERVER_WIDGET_KINDS[kind].settings`) that is present must be valid (each tab
 * validates its own group fully on the client, so an absent key is not required); unknown keys are kept as they
 * are. Valid values are stored normalised (trimmed, rich text and field lists as JSON strings); a key whose value
 * normalises to nothing is dropped. Then the kind's rules across keys (core's `check`) judge the result against the
 * stored settings `previous` (a new widget has none). Failures are one 422 with every bad key's messages:
 * `{errors: {<settings key>: [message]}}`.
 */
export function normalizeWidgetSettings(
  kind: WidgetKind,
  settings: Record<string, unknown>,
  previous: Record<string, unknown> = {},
): Record<string, unknown> {
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
  for (const [key, message] of Object.entries(definitionOf(kind).check?.(normalized, previous) ?? {}))
    errors[key] = [message];
  if (Object.keys(errors).length) throw new AppError('unprocessable', errors);
  return normalized;
}

/** Core's definition of a kind: its rules across keys and its goal are the same wherever the settings are saved. */
const definitionOf = (kind: WidgetKind): WidgetKindDefinition => WIDGET_KIND_DEFINITIONS[kind];

/**
 * The `widgets.goal` column after a save: the kind's goal in cents (donation) when the sent settings hold the `goal`
 * key (a cleared goal is sent as '' and gives null); undefined, to keep the column, when they do not (a tab that sent
 * other keys, or a page from a template that set only the column); null when the widget changed kind without one.
 */
export function widgetGoal(
  kind: WidgetKind,
  sent: Record<string, unknown> | undefined,
  saved: Record<string, unknown>,
  kindChanged: boolean,
): number | null | undefined {
  if (sent && 'goal' in sent) return definitionOf(kind).goal?.(saved) ?? null;
  return kindChanged ? null : undefined;
}
