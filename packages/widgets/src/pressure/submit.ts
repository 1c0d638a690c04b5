import type { Locale, PressureFill } from '@mutirao/core';

export type FillResult =
  | { ok: true; count?: number }
  | { ok: false; fields: Record<string, string>; messages: string[] };

const FIELDS = new Set(['firstname', 'lastname', 'email', 'city', 'subject', 'body']);

/**
 * `POST /api/widgets/{id}/fill` `{fill: {activist, mail}}` (spec 01 §7). The page's language goes in
 * Accept-Language, so the server's messages match the page. `failed` is the text for a network error.
 */
export async function submitPressureFill(
  input: { widgetId: number; fill: PressureFill; website: string; locale: Locale },
  failed: string,
): Promise<FillResult> {
  let response: Response;
  try {
    response = await fetch(`/api/widgets/${input.widgetId}/fill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': input.locale },
      body: JSON.stringify({ fill: input.fill, website: input.website }),
    });
  } catch {
    return { ok: false, fields: {}, messages: [failed] };
  }
  const body = (await response.json().catch(() => undefined)) as { count?: unknown; errors?: unknown } | undefined;
  if (response.ok) return { ok: true, count: typeof body?.count === 'number' ? body.count : undefined };
  const errors = body?.errors;
  if (!errors || typeof errors !== 'object' || response.status >= 500) {
    return { ok: false, fields: {}, messages: Array.isArray(errors) ? errors.map(String) : [failed] };
  }
  const result: Extract<FillResult, { ok: false }> = { ok: false, fields: {}, messages: [] };
  for (const [key, value] of Object.entries(errors)) {
    const text = (Array.isArray(value) ? value : [value]).map(String).join(' ');
    if (FIELDS.has(key)) result.fields[key] = text;
    else result.messages.push(text);
  }
  return result;
}
