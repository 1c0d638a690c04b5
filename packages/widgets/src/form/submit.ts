import type { Locale } from '@mutirao/core/i18n';
import { type FormEntryField, type FormField, inputFields } from '@mutirao/core/widgets/formRules';
import { apiUrl } from '../action/apiBase';
import { fetchCount } from '../action/liveCount';
import { type ActionResult, postAction } from '../action/useActionSubmit';

/** The entry's fields as the server stores them: every input field, in order, trimmed. */
export function entryFields(fields: FormField[], values: Record<string, string>): FormEntryField[] {
  return inputFields(fields).map(({ uid, kind, label }) => ({ uid, kind, label, value: (values[uid] ?? '').trim() }));
}

/** `POST /api/mobilizations/{id}/form_entries` (FORM-CONTRACT §3); errors are keyed by field uid. */
export function submitFormEntry(
  input: {
    mobilizationId: number;
    widgetId: number;
    fields: FormEntryField[];
    website: string;
    locale: Locale;
    key?: string;
  },
  failed: string,
): Promise<ActionResult> {
  return postAction(
    apiUrl(`/api/mobilizations/${input.mobilizationId}/form_entries`),
    { form_entry: { widget_id: input.widgetId, fields: JSON.stringify(input.fields) }, website: input.website },
    {
      locale: input.locale,
      failed,
      known: new Set(input.fields.map((f) => f.uid)),
      countKey: 'form_entries_count',
      key: input.key,
      widgetId: input.widgetId,
    },
  );
}

/** `GET /api/widgets/{id}/form_entries_count` (FORM-CONTRACT §4): the live count, or undefined when unavailable. */
export const fetchFormCount = (widgetId: number) =>
  fetchCount(apiUrl(`/api/widgets/${widgetId}/form_entries_count`), 'form_entries_count');
