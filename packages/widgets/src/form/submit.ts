import { type FormEntryField, type FormField, inputFields, type Locale } from '@mutirao/core';

export type SubmitResult =
  | { ok: true; count?: number }
  | {
      ok: false;
      /** Messages by field uid, already in the page's language. */
      fields: Record<string, string>;
      /** Messages that belong to no field (the request failed, the page is gone, too many tries). */
      messages: string[];
    };

/** The entry's fields as the server stores them: every input field, in order, trimmed. */
export function entryFields(fields: FormField[], values: Record<string, string>): FormEntryField[] {
  return inputFields(fields).map(({ uid, kind, label }) => ({ uid, kind, label, value: (values[uid] ?? '').trim() }));
}

/**
 * `POST /api/mobilizations/{id}/form_entries` (FORM-CONTRACT §3). The page's language goes in Accept-Language, so
 * the server's messages match the page. `failed` is the text for a network error or an answer that is not JSON.
 */
export async function submitFormEntry(
  input: { mobilizationId: number; widgetId: number; fields: FormEntryField[]; website: string; locale: Locale },
  failed: string,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(`/api/mobilizations/${input.mobilizationId}/form_entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': input.locale },
      body: JSON.stringify({
        form_entry: { widget_id: input.widgetId, fields: JSON.stringify(input.fields) },
        website: input.website,
      }),
    });
  } catch {
    return { ok: false, fields: {}, messages: [failed] };
  }
  const body = (await response.json().catch(() => undefined)) as
    | { form_entries_count?: unknown; errors?: unknown }
    | undefined;
  if (response.ok) {
    const count = body?.form_entries_count;
    return { ok: true, count: typeof count === 'number' ? count : undefined };
  }
  const errors = body?.errors;
  if (Array.isArray(errors)) return { ok: false, fields: {}, messages: errors.map(String) };
  if (!errors || typeof errors !== 'object' || response.status >= 500)
    return { ok: false, fields: {}, messages: [failed] };
  const known = new Set(input.fields.map((f) => f.uid));
  const result: Extract<SubmitResult, { ok: false }> = { ok: false, fields: {}, messages: [] };
  for (const [key, value] of Object.entries(errors)) {
    const text = (Array.isArray(value) ? value : [value]).map(String).join(' ');
    if (known.has(key)) result.fields[key] = text;
    else result.messages.push(text);
  }
  return result;
}

/** `GET /api/widgets/{id}/form_entries_count` (FORM-CONTRACT §4): the live count, or undefined when unavailable. */
export async function fetchFormCount(widgetId: number): Promise<number | undefined> {
  try {
    const response = await fetch(`/api/widgets/${widgetId}/form_entries_count`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { form_entries_count?: unknown };
    return typeof body.form_entries_count === 'number' ? body.form_entries_count : undefined;
  } catch {
    return undefined;
  }
}
